package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import io.plugstack.itest.realslurm.NodeDaemon;
import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * The real distribution as a child process ({@link NodeDaemon}, node mode: no real Slurm needed) that
 * a test kills with SIGKILL, to its recorded PID, while a shell command runs in it, at a moment what
 * the command prints or the daemon's files mark, and then starts again on the same home: what a crash
 * of the runtime leaves behind, and what the next start makes of it.
 */
final class KilledNode implements AutoCloseable {

    /** One seed per run, printed, so a failing round can be replayed with -Ditest.crash.seed. */
    static final long SEED = Long.getLong("itest.crash.seed", System.nanoTime());
    final Random random = new Random(SEED);
    private final NodeDaemon node;

    private KilledNode(NodeDaemon node) {
        this.node = node;
    }

    /**
     * A bench runtime in {@code dir} ({@link NodeDaemon#startBench}): its Slurm commands through the bench's
     * socket; a node daemon serves no bench.
     */
    static KilledNode startBench(Path dir) {
        NodeDaemon node = NodeDaemon.startBench(dir, "");
        System.out.println("KilledNode: -Ditest.crash.seed=" + SEED);
        return new KilledNode(node);
    }

    /** A daemon in {@code dir} whose etc/plugstack.properties also holds {@code settings} (key=value lines). */
    static KilledNode start(Path dir, String... settings) throws IOException {
        NodeDaemon node = NodeDaemon.start(dir, "");
        if (settings.length > 0) {
            node.stop();
            Files.writeString(node.home().resolve("etc/plugstack.properties"), "\n" + String.join("\n", settings) + "\n",
                    StandardOpenOption.APPEND);
            node.restart();
        }
        System.out.println("KilledNode: -Ditest.crash.seed=" + SEED);
        return new KilledNode(node);
    }

    Path home() {
        return node.home();
    }

    Path deployDir() {
        return node.deployDir();
    }

    /** One command line in the daemon's shell (plugstack --admin): its output and exit code. */
    Result admin(String commandLine) throws InterruptedException {
        // admin.sock is bound a moment after root.sock, which is what a (re)start waits for
        PlugstackRuntime.await(() -> Files.exists(node.commandSocket()), "the daemon's " + node.commandSocket());
        return node.admin(commandLine);
    }

    /** The same, for a command that must succeed: its output. */
    String shell(String commandLine) throws InterruptedException {
        Result r = admin(commandLine);
        assertThat(r.ok()).as("'%s' (seed %d): %s%nlog:%n%s", commandLine, SEED, r, node.log()).isTrue();
        return r.stdout();
    }

    /** Where the daemon's log ends now: {@link #logSince} reads what it writes after. */
    private long logMark() throws IOException {
        return Files.size(node.logFile());
    }

    String logSince(long mark) throws IOException {
        try (InputStream in = Files.newInputStream(node.logFile())) {
            in.skipNBytes(mark);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * Runs {@code commandLine} in the daemon's shell and kills the daemon (SIGKILL) once {@code moment}
     * holds for what the command has printed so far (what it says comes out as it runs), then after up
     * to {@code jitterMs} more: the moments a test varies. Returns what the command printed.
     */
    String killDuring(String commandLine, Predicate<String> moment, int jitterMs) throws Exception {
        Path output = Files.createTempFile(home().getParent(), "killed-command", ".out");
        Process command = node.startAdmin(commandLine, output);
        for (int i = 0; i < 5000 && command.isAlive() && !moment.test(Files.readString(output)); i++) {
            Thread.sleep(2);
        }
        if (jitterMs > 0) {
            Thread.sleep(random.nextInt(jitterMs + 1));
        }
        node.kill();
        // the client sees the daemon go and exits; it is ours, so it is stopped by its own handle if not
        if (!command.waitFor(30, TimeUnit.SECONDS)) {
            command.destroyForcibly();
        }
        String said = Files.readString(output);
        Files.delete(output);
        return said;
    }

    /** A moment for {@link #killDuring}: {@code pattern} matched {@code count} times in what the command printed. */
    static Predicate<String> printed(Pattern pattern, int count) {
        return said -> pattern.matcher(said).results().limit(count).count() >= count;
    }

    /** SIGKILL to the daemon's PID, whatever it is doing. */
    void kill() {
        node.kill();
    }

    /** Starts the daemon again on the same home (after {@link #killDuring} or {@link #kill}); returns where its log starts. */
    long restart() throws IOException {
        long mark = logMark();
        node.restart();
        return mark;
    }

    /** Stops the daemon the way systemd does (SIGTERM, then waits for it); returns where its log's last lines start. */
    long stop() throws IOException {
        long mark = logMark();
        node.stop();
        return mark;
    }

    /** A properties file of the daemon's data/ folder as it is on disk now (empty when there is none). */
    Properties data(String name) throws IOException {
        Properties p = new Properties();
        Path file = home().resolve("data").resolve(name);
        if (Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                p.load(in);
            }
        }
        return p;
    }

    String log() {
        return node.log();
    }

    @Override
    public void close() {
        node.close();
    }
}
