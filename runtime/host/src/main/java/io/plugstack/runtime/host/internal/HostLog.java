package io.plugstack.runtime.host.internal;

/** The host's log lines, on stderr like Slurm daemons' foreground logs ("plugstack: error: ..."). */
final class HostLog {
    private HostLog() {
    }

    static void error(String message) {
        System.err.println("plugstack: error: " + message);
    }

    static void info(String message) {
        System.err.println("plugstack: " + message);
    }
}
