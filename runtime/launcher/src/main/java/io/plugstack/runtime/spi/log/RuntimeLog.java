package io.plugstack.runtime.spi.log;

import java.io.PrintStream;

/**
 * Where the runtime's own lines go (the host's, the simulated slurmctld's and slurmd's, the node daemon's):
 * log/plugstack.log, log/plugstack-node.log, or the role's stdout. Not System.err: Gogo binds System.err per
 * thread, so a line written while a console or admin command runs (a version switch a pin made, a slurmd line
 * of a job the console submitted) would go to that command's terminal and not to the log (issue 29).
 */
public final class RuntimeLog {

    private static volatile PrintStream installed;

    private RuntimeLog() {
    }

    /** The log's stream; System.err as it is now until the launcher installed the log (tests, tools). */
    public static PrintStream stream() {
        PrintStream s = installed;
        return s != null ? s : System.err;
    }

    /**
     * Set once, by the launcher, before the framework starts; later calls change nothing.
     *
     * @param log the log's stream
     * @return whether this call installed it
     */
    public static synchronized boolean install(PrintStream log) {
        if (installed != null) {
            return false;
        }
        installed = log;
        return true;
    }
}
