package io.plugstack.runtime.bench.internal;

import java.io.PrintStream;

import io.plugstack.runtime.spank.SlurmLog;

/**
 * Slurm's log line format for a command or daemon: "srun: error: msg", "srun: msg" for info,
 * the message alone for slurm_spank_log; verbose and debug levels only with -v/-vv.
 */
final class PrefixedLog implements SlurmLog {

    private final String prefix;
    private final PrintStream stream;
    private final int verbosity;

    /** @param verbosity 0: info and above; 1 (-v): verbose; 2 (-vv): debug; 3+: debug2 and debug3 */
    PrefixedLog(String prefix, PrintStream stream, int verbosity) {
        this.prefix = prefix;
        this.stream = stream;
        this.verbosity = verbosity;
    }

    @Override
    public void log(Level level, String message) {
        String line = switch (level) {
            case PLAIN -> message;
            case ERROR -> prefix + ": error: " + message;
            case INFO -> prefix + ": " + message;
            case VERBOSE -> verbosity >= 1 ? prefix + ": " + message : null;
            case DEBUG -> verbosity >= 2 ? prefix + ": debug:  " + message : null;
            case DEBUG2 -> verbosity >= 3 ? prefix + ": debug2: " + message : null;
            case DEBUG3 -> verbosity >= 4 ? prefix + ": debug3: " + message : null;
        };
        if (line != null) {
            stream.println(line);
        }
    }
}
