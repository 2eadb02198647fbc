package io.plugstack.runtime.bench.api;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The Ctrl-C presses (SIGINT) a command's terminal sends it while it runs in the foreground. A command
 * that acts on them, as Slurm's srun does with its own signal handler, takes them for as long as it
 * runs ({@link #handle}); while none does they are ignored, and never reach the runtime itself.
 */
public final class Interrupts {

    private final AtomicReference<Runnable> handler = new AtomicReference<>();

    /** From now on every press runs {@code onInterrupt} (on the terminal's signal thread). */
    public void handle(Runnable onInterrupt) {
        handler.set(onInterrupt);
    }

    /** {@code onInterrupt} no longer handles presses (the command it belongs to is over). */
    public void release(Runnable onInterrupt) {
        handler.compareAndSet(onInterrupt, null);
    }

    /** One press: true when a command handled it. */
    public boolean interrupt() {
        Runnable h = handler.get();
        if (h == null) {
            return false;
        }
        h.run();
        return true;
    }
}
