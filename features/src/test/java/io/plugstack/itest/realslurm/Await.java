package io.plugstack.itest.realslurm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** The real-Slurm tests' bounded waits and the log files they read while waiting. */
final class Await {

    private Await() {
    }

    /**
     * Polls {@code done} every 100 ms for at most {@code max}; then fails naming {@code what}, with
     * {@code context} (the logs that say why).
     */
    static void until(String what, BooleanSupplier done, Duration max, Supplier<String> context) {
        long deadline = System.nanoTime() + max.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + max.toSeconds() + " s for " + what + context.get());
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }

    /** A log's lines: none while it does not exist, one naming the failure when it cannot be read. */
    static List<String> lines(Path log) {
        try {
            return Files.exists(log) ? Files.readAllLines(log) : List.of();
        } catch (IOException e) {
            return List.of("(unreadable: " + e + ")");
        }
    }
}
