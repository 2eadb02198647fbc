package io.plugstack.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
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
        assertThat(BootBenchmark.run(1)[0].line("boot to the prompt, bin/plugstack", "ms")).contains("bin/plugstack");
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
        String out = script(Map.of("IDLE", "0"), "node-restart", "1");
        assertThat(out).contains("restart, kill -9 to root.sock served (ms):").contains("RSS after a 10 s protocol fuzz:");
    }

    /** One srun per config of the real-srun bridge benchmark: every config serves, is checked (renice, TMPDIR gone) and timed. */
    @Test
    void srunThroughTheBridgeIsTimedForEveryConfig() throws Exception {
        assumeTrue(ProcessHandle.current().info().user().orElse("").equals("root"),
                "needs root (CI runs as root): the benchmark starts a real Slurm cluster");
        String out = script(Map.of("WARM", "0", "IDLE", "0"), "bridge-srun", "1", "1");
        assertThat(out).contains("node daemon idle RSS: after boot").contains("  job_prolog/job_epilog: the prolog/epilog stepd")
                .contains("timed 'srun true' as plugstackit").contains("any SPANK plugin, in Slurm itself (cnoop - empty)");
    }

    /** The C bridge's round trip against a real node daemon, a few calls. */
    @Test
    void aCBridgeRoundTripIsTimed() throws Exception {
        assumeTrue(ProcessHandle.current().info().user().orElse("").equals("root"),
                "needs root (CI runs as root): the stepd figure goes through root.sock");
        String out = script(Map.of(), "bridge-c", "200", "200");
        assertThat(out).contains("floor");
    }

    /** benchmarks/run with ARGS and ENV; its output once it exited 0 within 300 s. */
    private static String script(Map<String, String> env, String... args) throws Exception {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("bash", ROOT.resolve("benchmarks/run").toString()));
        command.addAll(java.util.List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    /** One short round of the real-slurmctld job_submit benchmark: every transport (the C plugin too) serves and is timed. */
    @Test
    void jobSubmitOnARealSlurmctldIsTimedForEveryTransport() throws Exception {
        assumeTrue(ProcessHandle.current().info().user().orElse("").equals("root"),
                "needs root (CI runs as root): the benchmark starts a real Slurm cluster");
        String out = script(Map.of("WARM", "1", "PAR", "1"), "jobsubmit-real", "1", "3");
        assertThat(out).contains("paired with none in the same round").contains("  cchain   - none: ");
    }
}
