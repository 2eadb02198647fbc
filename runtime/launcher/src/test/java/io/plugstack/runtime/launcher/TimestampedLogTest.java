package io.plugstack.runtime.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The daemon's log file: one line per log line whatever a peer put in it, and bounded on disk. */
class TimestampedLogTest {

    @TempDir
    Path dir;

    private PrintStream log(Path file, TimestampedLog.Rotation rotation) throws Exception {
        OutputStream out = Files.newOutputStream(file, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        return new TimestampedLog.Lines(new TimestampedLog(file, out, rotation));
    }

    @Test
    void aNewlineInALogLineCannotStartAForgedLine() throws Exception {
        Path file = dir.resolve("plugstack-node.log");
        PrintStream log = log(file, TimestampedLog.Rotation.DEFAULT);
        log.println("plugstack: node: peer uid 1003: not a Slurm release: \"x\n[2026-11-28T00:00:00.000] plugstack: node: admin root ran"
                + " plugstack:undeploy renice\u0000\"");
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).endsWith("not a Slurm release: \"x\\x0a[2026-11-28T00:00:00.000] plugstack: node: admin root ran"
                + " plugstack:undeploy renice\\x00\"");
    }

    /** Plugins log through System.Logger (JUL): a record is one line of the file too. */
    @Test
    void aPluginsLogRecordWithANewlineIsOneLine() throws Exception {
        Path file = dir.resolve("plugstack-node.log");
        java.io.PrintStream err = System.err;
        System.setErr(log(file, TimestampedLog.Rotation.DEFAULT));
        try {
            System.getProperties().putIfAbsent("java.util.logging.SimpleFormatter.format", "%5$s%6$s%n");
            new TimestampedLog.OneLineHandler().publish(new java.util.logging.LogRecord(java.util.logging.Level.WARNING,
                    "job_submit/logging: job x\n[2026-11-28T00:00:00.000] plugstack: node: admin root ran plugstack:undeploy renice"));
        } finally {
            System.setErr(err);
        }
        assertThat(Files.readAllLines(file)).hasSize(1).allMatch(l -> l.contains("job x\\x0a[2026-11-28T00:00:00.000]"));
    }

    @Test
    void aHugeLineIsCutAndSaysHowMuchWasLeftOut() {
        String line = TimestampedLog.oneLine("a".repeat(TimestampedLog.MAX_LINE + 10));
        assertThat(line).hasSize(TimestampedLog.MAX_LINE + " ... (10 more characters)".length()).endsWith(" ... (10 more characters)");
    }

    @Test
    void aTabStaysAndPlainTextIsUnchanged() {
        assertThat(TimestampedLog.oneLine("a\tb é")).isEqualTo("a\tb é");
    }

    @Test
    void theFileIsRotatedPastItsSizeKeepingTheNewestOnes() throws Exception {
        Path file = dir.resolve("plugstack-node.log");
        PrintStream log = log(file, new TimestampedLog.Rotation(1000, 2));
        for (int i = 0; i < 100; i++) {
            log.println("line " + i + " " + "x".repeat(60));
        }
        assertThat(Files.size(file)).isLessThanOrEqualTo(1000);
        assertThat(Files.size(dir.resolve("plugstack-node.log.1"))).isLessThanOrEqualTo(1000);
        assertThat(dir.resolve("plugstack-node.log.2")).exists();
        assertThat(dir.resolve("plugstack-node.log.3")).doesNotExist();
        assertThat(Files.readString(file)).contains("line 99 ");
    }

    @Test
    void rotationComesFromTheSettings() {
        assertThat(TimestampedLog.Rotation.of((k, d) -> Map.of("plugstack.log.max_mb", "8", "plugstack.log.keep", "2").getOrDefault(k, d)))
                .isEqualTo(new TimestampedLog.Rotation(8L << 20, 2));
        assertThat(TimestampedLog.Rotation.of((k, d) -> d)).isEqualTo(TimestampedLog.Rotation.DEFAULT);
        assertThatThrownBy(() -> TimestampedLog.Rotation.of((k, d) -> "0")).hasMessageContaining("plugstack.log.max_mb");
    }
}
