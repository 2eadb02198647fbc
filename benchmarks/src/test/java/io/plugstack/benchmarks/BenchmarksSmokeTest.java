package io.plugstack.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Each benchmark once, at its smallest, on every build: it must complete and print its figure, so none
 * hangs or rots unseen (benchmarks/run boot once waited for ever for a prompt the console no longer
 * prints). The figures are never asserted: they are read from benchmarks/run, on a quiet machine.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BenchmarksSmokeTest {

    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @BeforeAll
    static void theBuiltDistribution() {
        System.setProperty("plugstack.dist", ROOT.resolve("features/target/plugstack").toString());
    }

    @Test
    void bootReachesTheConsolesPrompt() throws Exception {
        assertThat(BootBenchmark.run(1).line("boot to shell prompt (fresh JVM)", "ms")).contains("boot to shell prompt");
    }

    @Test
    void aDeployedJarsServiceRegisters() throws Exception {
        assertThat(DeployBenchmark.run(1, 50).line("deploy", "ms")).contains("deploy");
    }

    @Test
    void aForwardedCallbackRoundTrips() throws Exception {
        BridgeRoundTripBenchmark.run(200);
    }

    @Test
    void jobScriptRunsInFreshClassSpaces() throws Exception {
        JobScriptRunBenchmark.run(200);
    }

    /** The shell benchmarks at least parse (the real-Slurm ones need a cluster and minutes; node-restart runs below). */
    @Test
    void theShellBenchmarksParse() throws Exception {
        for (String script : new String[] {"run", "node-daemon.sh", "real-slurm.sh", "real-slurm-jobsubmit.sh", "bridge-c.sh",
                "node-restart.sh"}) {
            Process p = new ProcessBuilder("bash", "-n", ROOT.resolve("benchmarks").resolve(script).toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0).as("%s: %s", script, out).isTrue();
        }
    }

    @Test
    void nodeRestartMeasuresARestartAndAFlood() throws Exception {
        assumeTrue(ProcessHandle.current().info().user().orElse("").equals("root"),
                "needs root (CI runs as root): the node daemon splits into roles only as root");
        ProcessBuilder pb = new ProcessBuilder("bash", ROOT.resolve("benchmarks/run").toString(), "node-restart", "1").redirectErrorStream(true);
        pb.environment().put("IDLE", "0");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(240, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("restart, kill -9 to root.sock served (ms):").contains("RSS after a 10 s protocol fuzz:");
    }

    /** One short round of the real-slurmctld job_submit benchmark: every transport (the C plugin too) serves and is timed. */
    @Test
    void jobSubmitOnARealSlurmctldIsTimedForEveryTransport() throws Exception {
        assumeTrue(ProcessHandle.current().info().user().orElse("").equals("root"),
                "needs root (CI runs as root): the benchmark starts a real Slurm cluster");
        ProcessBuilder pb = new ProcessBuilder("bash", ROOT.resolve("benchmarks/run").toString(), "jobsubmit-real", "1", "3")
                .redirectErrorStream(true);
        pb.environment().put("WARM", "1");
        pb.environment().put("PAR", "1");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("paired with none in the same round").contains("  cchain   - none: ");
    }
}
