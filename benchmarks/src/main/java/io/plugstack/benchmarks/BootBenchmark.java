package io.plugstack.benchmarks;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Boot to shell-ready: from starting the runtime to the console's prompt ({@code plugstack@<host>:<node>> }) on
 * its stdout, a fresh JVM every time. Two ways side by side, alternating: {@code bin/plugstack}, as an admin
 * starts the product (its JVM options: class-data sharing, C1; one untimed boot first writes the home's
 * archive), and {@code java -jar plugstack.jar} with no option at all.
 */
final class BootBenchmark {
    private BootBenchmark() {
    }

    /** The medians of both ways: [0] bin/plugstack, [1] java -jar. */
    static Stats[] run(int runs) throws Exception {
        Path dist = Homes.dist();
        Path tmp = Files.createTempDirectory("plugstack-boot");
        double[] script = new double[runs];
        double[] bare = new double[runs];
        try {
            Path home = Homes.copy(dist, tmp.resolve("home"), true);
            List<String> product = List.of("sh", home.resolve("bin/plugstack").toString());
            once(product); // writes data/cds/console-*.jsa at its exit
            if (!hasArchive(home)) {
                throw new IllegalStateException("bin/plugstack wrote no class-data archive in " + home.resolve("data/cds"));
            }
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            for (int i = 0; i < runs; i++) {
                script[i] = once(product);
                bare[i] = once(List.of(java, "-jar", home.resolve("plugstack.jar").toString()));
            }
        } finally {
            Homes.delete(tmp);
        }
        return new Stats[] {Stats.of(script), Stats.of(bare)};
    }

    private static boolean hasArchive(Path home) throws java.io.IOException {
        Path dir = home.resolve("data/cds");
        try (java.util.stream.Stream<Path> s = Files.isDirectory(dir) ? Files.list(dir) : java.util.stream.Stream.empty()) {
            return s.anyMatch(p -> p.getFileName().toString().endsWith(".jsa"));
        }
    }

    /** How long a boot may take before the runtime is killed and the benchmark fails. */
    static final long DEADLINE_S = 60;
    private static final java.util.concurrent.ScheduledExecutorService DEADLINES = java.util.concurrent.Executors
            .newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "boot-deadline");
                t.setDaemon(true);
                return t;
            });

    /**
     * Whether the console's prompt is the last thing printed: {@code plugstack@<host>:<node>> } (ConsoleSetup),
     * on a line of its own.
     */
    static boolean prompted(CharSequence seen) {
        String s = seen.toString();
        if (!s.endsWith("> ")) {
            return false;
        }
        int line = s.lastIndexOf('\n') + 1;
        return s.startsWith("plugstack@", line) || s.substring(line).contains("plugstack@");
    }

    private static double once(List<String> command) throws Exception {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        InputStream out = p.getInputStream();
        StringBuilder seen = new StringBuilder();
        long ready = -1;
        // a runtime that never shows its prompt is killed, never waited for: the benchmark reports it and ends
        java.util.concurrent.ScheduledFuture<?> deadline = DEADLINES.schedule(p::destroyForcibly, DEADLINE_S, TimeUnit.SECONDS);
        int c;
        while ((c = out.read()) >= 0) {
            seen.append((char) c);
            if (prompted(seen)) {
                ready = System.nanoTime();
                break;
            }
        }
        deadline.cancel(false);
        try (OutputStream in = p.getOutputStream()) {
            in.write("stop 0\n".getBytes(StandardCharsets.UTF_8));
        } catch (java.io.IOException ignored) {
            // the process may already be gone
        }
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        if (ready < 0) {
            throw new IllegalStateException("no prompt; output was:\n" + seen);
        }
        return (ready - start) / 1e6;
    }
}
