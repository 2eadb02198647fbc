package io.plugstack.gogo.internal;

import java.util.function.IntSupplier;

import org.apache.felix.service.command.CommandSession;
import org.jline.terminal.Terminal;

/**
 * Ctrl-C in the console while a command runs. Gogo's JLine shell would cancel the command's job at the
 * first press and go back to the prompt with the command still running; Slurm's commands handle SIGINT
 * themselves (srun: status at the first press, cancel at a second within a second), so while one runs
 * in the foreground the terminal's SIGINT goes to it and to nothing else, never to the JVM.
 */
public final class TerminalSignals {

    /** The session variable Gogo's JLine shell keeps its terminal in. */
    private static final String TERMINAL = ".terminal";

    private TerminalSignals() {
    }

    /** Runs {@code command}; each Ctrl-C meanwhile runs {@code onInterrupt}. Without a terminal (a pipe, a script) it just runs. */
    public static int whileRunning(CommandSession session, Runnable onInterrupt, IntSupplier command) {
        Object t = session == null ? null : session.get(TERMINAL);
        if (!(t instanceof Terminal terminal)) {
            return command.getAsInt();
        }
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, s -> onInterrupt.run());
        try {
            return command.getAsInt();
        } finally {
            terminal.handle(Terminal.Signal.INT, previous);
        }
    }
}
