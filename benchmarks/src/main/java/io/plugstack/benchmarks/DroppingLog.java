package io.plugstack.benchmarks;

import io.plugstack.api.slurm.SlurmLog;

/**
 * Slurm's default verbosity (info and above) without the printing: debug2 and below are dropped, as
 * the runtime's own sinks drop them, so what is timed is the stack's real logging calls (the stack
 * builds its debug2 message before the sink looks at the level). Lines that would print are counted.
 */
final class DroppingLog implements SlurmLog {
    private long printed;

    @Override
    public void log(Level level, String message) {
        if (level.compareTo(Level.INFO) <= 0 || level == Level.PLAIN) {
            printed++;
        }
    }

    long printed() {
        return printed;
    }
}
