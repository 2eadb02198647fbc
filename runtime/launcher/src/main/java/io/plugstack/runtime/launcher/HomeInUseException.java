package io.plugstack.runtime.launcher;

import java.nio.file.Path;

/** A runtime was asked to start on a home another runtime is running on: one runtime per home. */
public final class HomeInUseException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final long pid;

    HomeInUseException(Path home, long pid) {
        super("the home " + home + " is in use by another runtime (" + (pid > 0 ? "pid " + pid : "pid unknown")
                + "): one runtime per home");
        this.pid = pid;
    }

    /** The PID of the runtime that holds the home; -1 when its lock file does not say. */
    public long pid() {
        return pid;
    }
}
