package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.itest.FixturePlugins;
import io.plugstack.itest.realslurm.RealSlurm.Result;
import io.plugstack.runtime.bench.node.FailureOutcome;
import io.plugstack.runtime.bench.node.SpankFailureTable;

/**
 * What a real Slurm 22.05 does when the Plugstack runtime behind plugstack_bridge.so fails: the
 * runtime down ({@code unavailable=fail} and {@code ignore}), killed or restarted while a job runs, a
 * Java plugin slower than the bridge's {@code timeout=}, a Java plugin failing init, required and
 * optional. The bridge's line in Slurm's plugstack.conf is {@code required}, so each row must give the
 * outcome Slurm gives a required C plugin failing in the same callback (spank(8)'s rules, as measured
 * with a C plugin on this Slurm): the exit code, the message naming the socket, the job's state, the
 * node's state — drained or not, and resumed afterwards so every test starts on an idle node.
 *
 * <p>Set-up order as in {@link RealSlurmSpankIT}: the node daemon first (slurmd's init needs it), then
 * Slurm's plugstack.conf, then the cluster. A test writes the bridge's line (read by every new srun,
 * sbatch, salloc and slurmstepd; by slurmd at its start) and Plugstack's own plugstack.conf (read for
 * every new session); {@link #cleanSlate} puts both back. Jobs that must outlive a runtime kill wait
 * on a file the test creates (bounded), not on a sleep.
 */
@Timeout(120)
class RealSlurmFailuresIT {

    private static final Duration T = Duration.ofSeconds(30);
    private static final int CTLD_PORT = 17817;
    private static final int SLURMD_PORT = 17818;
    /** The bridge's per-exchange limit in the timeout rows (its default is 10 s). */
    private static final int TIMEOUT_MS = 2000;
    /** How long the slow fixture plugin sleeps: far beyond the timeout. */
    private static final int SLOW_MS = 10_000;

    @TempDir
    static Path dir;
    static Path work;
    static NodeDaemon node;
    static RealSlurm slurm;
    static String javaConf;
    static SlurmUnderTest under;

    @BeforeAll
    static void startNodeDaemonThenCluster(TestInfo info) throws Exception {
        under = SlurmUnderTest.of(info.getTestClass().orElseThrow());
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        work = Files.createDirectories(dir.resolve("work"));
        // the Java plugins' logs: local-context code runs in the node daemon's unprivileged user role (issue 25)
        Files.setAttribute(work, "unix:mode", 01777);
        javaConf = "required demo " + work.resolve("java.log") + "\n";
        node = NodeDaemon.start(dir.resolve("node"), javaConf);
        for (String fixture : List.of("failing", "slow")) {
            deploy(fixture);
        }
        slurm = RealSlurm.start(under, dir.resolve("cluster"), bridge() + "\n", CTLD_PORT, SLURMD_PORT);
    }

    @AfterAll
    static void stopClusterThenNodeDaemon() throws Exception {
        RealSlurm.closeThen(slurm, node);
    }

    /**
     * Every test starts with the runtime up, the bridge's line as at start ({@code unavailable=fail},
     * the default timeout), the demo plugin alone in Plugstack's plugstack.conf, no job, slurmd
     * running with a session to this runtime, the node idle.
     */
    @BeforeEach
    void cleanSlate() throws IOException {
        if (!node.alive()) {
            node.restart();
        }
        Files.writeString(node.plugstackConf(), javaConf);
        Files.writeString(slurm.plugstackConf(), bridge() + "\n");
        String jobs = slurm.run(T, "squeue", "-h", "-o", "%A").assertOk().stdout().strip();
        if (!jobs.isEmpty()) {
            for (String id : jobs.split("\\s+")) {
                slurm.run(T, "scancel", id);
            }
            await("no job left", () -> slurm.run(T, "squeue", "-h").stdout().isBlank(), T);
        }
        Long slurmd = slurm.pids().get("slurmd");
        if (slurmd == null || !RealSlurm.running(slurmd)) {
            slurm.restartSlurmd();
        }
        slurm.resumeNode();
        emptyJavaLog();
    }

    // ---------------------------------------------------------------- the runtime down, unavailable=fail

    @Test
    void runtimeDownStopsSrunInItsLocalInitBeforeAJobExists() {
        long last = newestJob();
        node.stop();

        Result r = slurm.run(T, "srun", "echo", "ran");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.stdout()).isEmpty();
        assertThat(r.stderr()).contains("srun: error: plugstack: init: the Plugstack runtime at " + userSock() + ": Connection refused")
                .contains("srun: error: spank: required plugin plugstack_bridge.so: init() failed with rc=-1")
                .contains("srun: error: Plug-in initialization failed");
        assertThat(newestJob()).as("no job was created").isEqualTo(last);
        assertThat(slurm.nodeState()).isEqualTo("idle");
    }

    @Test
    void runtimeDownStopsSbatchInItsAllocatorInitWithFailedToInitializePluginStack() {
        long last = newestJob();
        node.stop();

        Result r = slurm.run(T, "sbatch", "--parsable", "-o", "/dev/null", "--wrap", "true");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.stderr()).contains("sbatch: error: plugstack: init: the Plugstack runtime at " + userSock() + ": Connection refused")
                .contains("sbatch: error: spank: required plugin plugstack_bridge.so: init() failed with rc=-1")
                .contains("sbatch: error: Failed to initialize plugin stack");
        assertThat(newestJob()).as("no job was created").isEqualTo(last);
        assertThat(slurm.nodeState()).isEqualTo("idle");
    }

    @Test
    void runtimeDownKeepsSlurmdFromStarting() throws IOException {
        node.stop();
        int before = slurm.slurmdLog().length();

        assertThatThrownBy(slurm::restartSlurmd).hasMessageContaining("slurmd did not come back");

        assertThat(slurm.slurmdLog().substring(before)).contains("error: plugstack: init: the Plugstack runtime at " + rootSock() + ": Connection refused")
                .contains("error: spank: required plugin plugstack_bridge.so: init() failed with rc=-1")
                .contains("error: slurmd initialization failed");
        node.restart();
        slurm.restartSlurmd();
        slurm.run(T, "srun", "true").assertOk();
    }

    @Test
    void runtimeDownWhenAQueuedBatchJobStartsFailsItsPrologRequeuesTheJobHeldAndDrainsTheNode() throws IOException {
        Path out = work.resolve("queued.out");
        long job = jobId(slurm.run(T, "sbatch", "--parsable", "--hold", "-o", out.toString(), "--wrap", "echo ran").assertOk());
        node.stop();
        int before = slurm.slurmdLog().length();

        slurm.run(T, "scontrol", "release", Long.toString(job)).assertOk();

        await("job " + job + " requeued held", () -> scontrolJob(job).contains("JobState=PENDING Reason=launch_failed_requeued_held"), T);
        awaitNode("drained", "Prolog error");
        assertThat(Files.exists(out) ? Files.readString(out) : "").doesNotContain("ran");
        assertThat(slurm.slurmdLog().substring(before)).contains("error: plugstack: job_prolog: the Plugstack runtime at " + rootSock() + ": Connection refused")
                .contains("error: spank: required plugin plugstack_bridge.so: job_prolog() failed with rc=-1");
        slurm.run(T, "scancel", Long.toString(job)).assertOk();
        slurm.resumeNode();
    }

    // ---------------------------------------------------------------- the runtime down, unavailable=ignore

    @Test
    void runtimeDownWithUnavailableIgnoreLetsSrunRunTheJobWithoutTheJavaPlugins() throws IOException {
        Files.writeString(slurm.plugstackConf(), bridge("unavailable=ignore") + "\n");
        node.stop();
        int before = slurm.slurmdLog().length();

        Result r = slurm.run(T, "srun", "echo", "ran").assertOk();

        assertThat(r.stdout().strip()).isEqualTo("ran");
        assertThat(r.stderr().lines()).as(r.toString())
                .containsExactly("srun: error: plugstack: init: the Plugstack runtime at " + userSock() + ": Connection refused");
        assertThat(endState(lastJob())).isEqualTo("COMPLETED");
        assertThat(slurm.nodeState()).isEqualTo("idle");
        awaitInSlurmdLog(before, "error: plugstack: job_epilog: the Plugstack runtime at " + rootSock() + ": Connection refused");
        assertThat(slurm.slurmdLog().substring(before)).contains("error: plugstack: init: the Plugstack runtime at " + rootSock() + ": Connection refused")
                .doesNotContain("required plugin plugstack_bridge.so");
        assertThat(javaLog()).isEmpty();
    }

    @Test
    void runtimeDownWithUnavailableIgnoreLetsABatchJobRunWithoutTheJavaPlugins() throws IOException {
        Files.writeString(slurm.plugstackConf(), bridge("unavailable=ignore") + "\n");
        node.stop();
        Path out = work.resolve("ignored.out");

        Result r = slurm.run(T, "sbatch", "--parsable", "-o", out.toString(), "--wrap", "echo ran").assertOk();
        long job = jobId(r);
        slurm.waitForJobEnd(job, T);

        assertThat(r.stderr().lines()).as(r.toString())
                .containsExactly("sbatch: error: plugstack: init: the Plugstack runtime at " + userSock() + ": Connection refused");
        assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
        assertThat(Files.readString(out)).isEqualTo("ran\n");
        assertThat(slurm.nodeState()).isEqualTo("idle");
    }

    @Test
    void runtimeDownWithUnavailableIgnoreLetsSlurmdStart() throws IOException {
        Files.writeString(slurm.plugstackConf(), bridge("unavailable=ignore") + "\n");
        node.stop();
        int before = slurm.slurmdLog().length();

        slurm.restartSlurmd();

        assertThat(slurm.slurmdLog().substring(before)).contains("error: plugstack: init: the Plugstack runtime at " + rootSock() + ": Connection refused")
                .doesNotContain("slurmd initialization failed");
        // back to a slurmd whose session reaches the runtime, as the other tests expect
        node.restart();
        Files.writeString(slurm.plugstackConf(), bridge() + "\n");
        slurm.restartSlurmd();
    }

    // ---------------------------------------------------------------- the runtime gone while a job runs

    @Test
    void runtimeKilledDuringASrunStepOnlyLogsTheLateCallbacksThenTheFailedEpilogDrainsTheNode() throws Exception {
        Path gate = gate("killed-step");
        CompletableFuture<Result> srun = CompletableFuture.supplyAsync(() -> slurm.run(T, "srun", "sh", "-c", waitFor(gate)));
        awaitInJavaLog("task_init remote");

        node.kill();
        Files.writeString(gate, "");
        Result r = srun.get(40, TimeUnit.SECONDS);

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.stderr()).containsPattern(stepdError("plugstack: task_exit: the Plugstack runtime at " + rootSock() + ": "))
                .contains("srun: error: plugstack: exit: the Plugstack runtime at " + userSock() + ": ");
        long job = lastJob();
        slurm.waitForJobEnd(job, T);
        assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
        assertThat(scontrolJob(job)).contains("ExitCode=0:0");
        awaitNode("drained", "Epilog error");
        assertThat(slurm.slurmdLog()).contains("error: plugstack: job_epilog: the Plugstack runtime at " + rootSock() + ": Connection refused");
        node.restart();
        slurm.resumeNode();
    }

    @Test
    void runtimeKilledDuringABatchJobLetsTheScriptFinishThenTheFailedEpilogDrainsTheNode() throws Exception {
        Path out = work.resolve("killed.out");
        Path gate = gate("killed-batch");
        long job = jobId(slurm.run(T, "sbatch", "--parsable", "-o", out.toString(), "--wrap", "echo start; " + waitFor(gate) + "; echo end")
                .assertOk());
        await("the batch script's start", () -> read(out).contains("start"), T);

        node.kill();
        Files.writeString(gate, "");
        slurm.waitForJobEnd(job, T);

        assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
        assertThat(scontrolJob(job)).contains("ExitCode=0:0");
        assertThat(read(out)).contains("start\n").contains("end\n")
                .containsPattern(stepdError("plugstack: task_exit: the Plugstack runtime at " + rootSock() + ": "));
        awaitNode("drained", "Epilog error");
        node.restart();
        slurm.resumeNode();
    }

    @Test
    void runtimeStoppedInsideAnAllocationFailsItsNextSrunThenTheFailedEpilogDrainsTheNode() throws Exception {
        Path gate = gate("allocation");
        CompletableFuture<Result> salloc = CompletableFuture.supplyAsync(() -> slurm.run(T, "salloc", "-N1", "sh", "-c",
                waitFor(gate) + "; srun echo inside; echo srun exit $?"));
        await("salloc's allocation", () -> !slurm.run(T, "squeue", "-h", "-t", "R").stdout().isBlank(), T);

        node.stop();
        Files.writeString(gate, "");
        Result r = salloc.get(40, TimeUnit.SECONDS);

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.stdout()).doesNotContain("inside").contains("srun exit 1");
        assertThat(r.stderr()).contains("srun: error: plugstack: init: the Plugstack runtime at " + userSock() + ": Connection refused")
                .contains("srun: error: Plug-in initialization failed")
                .contains("salloc: error: plugstack: exit: the Plugstack runtime at " + userSock() + ": ");
        long job = lastJob();
        slurm.waitForJobEnd(job, T);
        assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
        awaitNode("drained", "Epilog error");
        node.restart();
        slurm.resumeNode();
    }

    @Test
    void runtimeRestartedDuringAStepOnlyLogsTheLateCallbacksAndTheEpilogReachesTheNewRuntime() throws Exception {
        Path gate = gate("restarted-step");
        CompletableFuture<Result> srun = CompletableFuture.supplyAsync(() -> slurm.run(T, "srun", "sh", "-c", waitFor(gate)));
        awaitInJavaLog("task_init remote");

        node.kill();
        node.restart();
        Files.writeString(gate, "");
        Result r = srun.get(40, TimeUnit.SECONDS);

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.stderr()).containsPattern(stepdError("plugstack: task_exit: the Plugstack runtime at " + rootSock() + ": "))
                .contains("srun: error: plugstack: exit: the Plugstack runtime at " + userSock() + ": ");
        long job = lastJob();
        slurm.waitForJobEnd(job, T);
        assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
        awaitInJavaLog("job_epilog job_script");
        assertThat(javaLog()).doesNotContain("task_exit remote", "exit remote", "exit local");
        assertThat(slurm.nodeState()).isEqualTo("idle");
    }

    @Test
    void runtimeRestartedBetweenJobsServesTheNextJobAndSlurmdsLostSessionOnlyLogsAtSlurmdExit() throws IOException {
        slurm.run(T, "srun", "true").assertOk();
        awaitInJavaLog("job_epilog job_script"); // srun returns before its epilog: a restart now would fail that epilog
        emptyJavaLog();

        node.restart();
        Result r = slurm.run(T, "srun", "echo", "ran").assertOk();

        assertThat(r.stdout().strip()).isEqualTo("ran");
        assertThat(r.stderr()).isEmpty();
        awaitInJavaLog("job_epilog job_script");
        int before = slurm.slurmdLog().length();
        emptyJavaLog();
        slurm.restartSlurmd();
        assertThat(slurm.slurmdLog().substring(before)).contains("error: plugstack: slurmd_exit: the Plugstack runtime at " + rootSock() + ": ");
        awaitInJavaLog("init slurmd");
        assertThat(javaLog()).doesNotContain("slurmd_exit");
    }

    @Test
    void aRuntimeThatComesBackWithinConnectWaitServesTheCallbackThatWaitedForIt() throws Exception {
        Files.writeString(slurm.plugstackConf(), bridge("connect_wait=20000") + "\n");
        node.stop();
        CompletableFuture<Result> srun = CompletableFuture.supplyAsync(() -> slurm.run(T, "srun", "echo", "ran"));
        Thread.sleep(500); // srun's init is waiting for the socket now

        node.restart();
        Result r = srun.get(40, TimeUnit.SECONDS);

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.stdout().strip()).isEqualTo("ran");
        assertThat(r.stderr()).doesNotContain("plugstack:");
        awaitInJavaLog("init local");
    }

    // ---------------------------------------------------------------- a Java plugin slower than timeout=

    @Test
    void aJavaPluginSlowerThanTheTimeoutFailsSrunsLocalInitAfterTheTimeout() throws IOException {
        Files.writeString(slurm.plugstackConf(), bridge("timeout=" + TIMEOUT_MS) + "\n");
        Files.writeString(node.plugstackConf(), "required slow init local " + SLOW_MS + "\n");
        long last = newestJob();

        long t0 = System.nanoTime();
        Result r = slurm.run(T, "srun", "echo", "ran");
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(took).as("srun's run time, ms").isBetween((long) TIMEOUT_MS, TIMEOUT_MS + 4000L);
        assertThat(r.stderr()).contains("srun: error: plugstack: init: the Plugstack runtime at " + userSock()
                + ": timed out waiting for the Plugstack runtime").contains("srun: error: Plug-in initialization failed");
        assertThat(newestJob()).as("no job was created").isEqualTo(last);
    }

    @Test
    void anOptionalJavaPluginSlowerThanTheTimeoutFailsSrunAllTheSameBecauseTheBridgeLineIsRequired() throws IOException {
        Files.writeString(slurm.plugstackConf(), bridge("timeout=" + TIMEOUT_MS) + "\n");
        Files.writeString(node.plugstackConf(), "optional slow init local " + SLOW_MS + "\n");

        Result r = slurm.run(T, "srun", "echo", "ran");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.stderr()).contains("timed out waiting for the Plugstack runtime")
                .contains("srun: error: spank: required plugin plugstack_bridge.so: init() failed with rc=-1");
    }

    @Test
    void aJavaPluginSlowerThanTheTimeoutInSlurmstepdsInitFailsTheTaskLaunchAfterTheTimeout() throws IOException {
        Files.writeString(slurm.plugstackConf(), bridge("timeout=" + TIMEOUT_MS) + "\n");
        Files.writeString(node.plugstackConf(), "required slow init remote " + SLOW_MS + "\n");
        int before = slurm.slurmdLog().length();

        long t0 = System.nanoTime();
        Result r = slurm.run(T, "srun", "echo", "ran");
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

        assertThat(took).as("srun's run time, ms: %s", r).isBetween((long) TIMEOUT_MS, TIMEOUT_MS + 4000L);
        assertThat(r.stdout()).doesNotContain("ran");
        assertThat(r.stderr()).as(r.toString()).contains("task 0 launch failed: " + launchFailure("Unspecified error"));
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(slurmsRule(SlurmCommand.SRUN).exitCode());
        long job = lastJob();
        slurm.waitForJobEnd(job, T);
        assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
        assertThat(slurm.slurmdLog().substring(before)).contains("error: plugstack: init: the Plugstack runtime at " + rootSock()
                + ": timed out waiting for the Plugstack runtime");
        assertThat(slurm.nodeState()).isEqualTo("idle");
    }

    // ---------------------------------------------------------------- a Java plugin failing init

    @Test
    void aRequiredJavaPluginFailingInitInSbatchStopsSbatch() throws IOException {
        Files.writeString(node.plugstackConf(), "required failing init allocator\n");
        long last = newestJob();

        Result r = slurm.run(T, "sbatch", "--parsable", "-o", "/dev/null", "--wrap", "true");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.stderr()).contains("Found (init,allocator)")
                .contains("sbatch: error: spank: required plugin plugstack_bridge.so: init() failed with rc=-3000")
                .contains("sbatch: error: Failed to initialize plugin stack");
        assertThat(newestJob()).as("no job was created").isEqualTo(last);
    }

    @Test
    void aRequiredJavaPluginFailingInitInSlurmstepdFailsTheTaskLaunchAndLeavesTheNodeUp() throws IOException {
        Files.writeString(node.plugstackConf(), "required failing init remote\n");
        int before = slurm.slurmdLog().length();

        Result r = slurm.run(T, "srun", "echo", "ran");

        assertThat(r.stdout()).doesNotContain("ran");
        assertThat(r.stderr()).as(r.toString()).contains("task 0 launch failed: " + launchFailure("Unknown negative error number")); // rc -3000
        // 22.05: srun exits 0; from 23.11 (SPANK_STEP_FAILURE_FAILS_COMMAND) the step fails and srun exits 1
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(slurmsRule(SlurmCommand.SRUN).exitCode());
        long job = lastJob();
        slurm.waitForJobEnd(job, T);
        assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
        assertThat(scontrolJob(job)).contains("ExitCode=0:0");
        assertThat(slurm.nodeState()).isEqualTo("idle");
        assertThat(slurm.slurmdLog().substring(before)).contains("Found (init,remote)")
                .contains("error: spank: required plugin plugstack_bridge.so: init() failed with rc=-3000");
    }

    @Test
    void aRequiredJavaPluginFailingInitInABatchJobsSlurmstepdDrainsTheNode() throws IOException {
        Files.writeString(node.plugstackConf(), "required failing init remote\n");
        Path out = work.resolve("failed-init.out");

        long job = jobId(slurm.run(T, "sbatch", "--parsable", "-o", out.toString(), "--wrap", "echo ran").assertOk());

        FailureOutcome rule = slurmsRule(SlurmCommand.SBATCH);
        awaitNode("drained", "batch job complete failure");
        if (rule.requeues()) { // 23.11 on: the job goes back to the queue, to start again later
            await("job " + job + " requeued", () -> scontrolJob(job).contains("JobState=PENDING") && scontrolJob(job).contains("Restarts=1"), T);
            slurm.run(T, "scancel", Long.toString(job)).assertOk();
        } else { // 22.05: it ends there, as if the script had run
            slurm.waitForJobEnd(job, T);
            assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
            assertThat(scontrolJob(job)).contains("ExitCode=0:0");
        }
        assertThat(out).doesNotExist();
        assertThat(rule.drainsNode()).as("spank.8's table drains the node too").isTrue();
        slurm.resumeNode();
    }

    @Test
    void anOptionalJavaPluginFailingInitInSlurmstepdLetsTheStepRun() throws IOException {
        Files.writeString(node.plugstackConf(), "optional failing init remote\n");

        Result r = slurm.run(T, "srun", "echo", "ran").assertOk();

        assertThat(r.stdout().strip()).isEqualTo("ran");
        assertThat(endState(lastJob())).isEqualTo("COMPLETED");
        assertThat(slurm.nodeState()).isEqualTo("idle");
    }

    @Test
    void anOptionalJavaPluginFailingInitInABatchJobsSlurmstepdLetsTheJobRun() throws IOException {
        Files.writeString(node.plugstackConf(), "optional failing init remote\n");
        Path out = work.resolve("optional.out");

        long job = jobId(slurm.run(T, "sbatch", "--parsable", "-o", out.toString(), "--wrap", "echo ran").assertOk());
        slurm.waitForJobEnd(job, T);

        assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
        assertThat(Files.readString(out)).contains("ran");
        assertThat(slurm.nodeState()).isEqualTo("idle");
    }

    @Test
    void anOptionalJavaPluginFailingInitInSbatchLetsTheJobRun() throws IOException {
        Files.writeString(node.plugstackConf(), "optional failing init allocator\n");

        Result r = slurm.run(T, "sbatch", "--parsable", "-o", "/dev/null", "--wrap", "true").assertOk();
        long job = jobId(r);
        slurm.waitForJobEnd(job, T);

        assertThat(r.stderr()).contains("Found (init,allocator)");
        assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
    }

    // ---------------------------------------------------------------- helpers

    /**
     * The bridge's line for this test's daemon, with {@code extra} arguments; connect_wait=2000 unless they give
     * one: these tests are about what a runtime still down does, not how long the bridge waits for it (10 s
     * by default), so each waits 2 s.
     */
    private static String bridge(String... extra) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(extra));
        if (args.stream().noneMatch(a -> a.startsWith("connect_wait="))) {
            args.add("connect_wait=2000");
        }
        return node.bridgeLine(under, "plugstack_bridge.so", args.toArray(String[]::new));
    }

    private static String userSock() {
        return node.socketDir().resolve("user.sock").toString();
    }

    private static String rootSock() {
        return node.socketDir().resolve("root.sock").toString();
    }

    /**
     * A fixture plugin bundle (package io.plugstack.itest.fixture.{@code fixture}, Slurm-Plugin-Name
     * {@code fixture}), built by {@link FixturePlugins}, hot-deployed into the daemon's deploy folder;
     * returns once the daemon says it runs.
     */
    private static void deploy(String fixture) throws Exception {
        String bsn = "itest.realslurm." + fixture;
        Path jar = new FixturePlugins(Files.createDirectories(dir.resolve("jars"))).plugin(bsn, fixture).build();
        Files.createDirectories(node.deployDir());
        Files.move(jar, node.deployDir().resolve(jar.getFileName()), StandardCopyOption.ATOMIC_MOVE);
        String deployed = "plugin " + bsn + ": version 1.0.0 runs";
        await(bsn + " deployed in the node daemon", () -> node.log().contains(deployed), T);
    }

    private static Path gate(String name) throws IOException {
        Path p = work.resolve(name);
        Files.deleteIfExists(p);
        return p;
    }

    /** The shell loop that waits (at most 30 s) for {@code gate}. */
    private static String waitFor(Path gate) {
        return "for i in $(seq 300); do [ -e " + gate + " ] && break; sleep 0.1; done";
    }

    private static long jobId(Result r) {
        return Long.parseLong(r.stdout().strip().split(";")[0]);
    }

    /** The newest job slurmctld knows (they stay listed for MinJobAge=60 s). */
    private static long lastJob() {
        long newest = newestJob();
        if (newest == 0) {
            throw new AssertionError("no job");
        }
        return newest;
    }

    /** The job's state once it has ended (not while COMPLETING: its epilog still runs). */
    private static String endState(long job) {
        slurm.waitForJobEnd(job, T);
        return slurm.jobState(job);
    }

    /**
     * The newest job id slurmctld still lists (0 when none): unchanged when no job was created. A count
     * would not do: finished jobs leave the list after MinJobAge at any moment.
     */
    private static long newestJob() {
        return slurm.run(T, "squeue", "-h", "-t", "all", "-o", "%A").assertOk().stdout().lines().mapToLong(Long::parseLong).max().orElse(0);
    }

    /**
     * What srun prints after "task 0 launch failed: " when a required plugin's init fails in slurmstepd:
     * SLURM_PLUGIN_NAME_INVALID's text, or from 25.05 slurm_strerror of init's rc ({@code strerror}).
     */
    private static String launchFailure(String strerror) {
        return ReleaseBehaviour.SPANK_CALLERS_FAIL_ON_ANY_NONZERO.at(SlurmVersion.parse(under.release())) ? strerror
                : "Plugin initialization failed";
    }

    /** A slurmstepd error line carrying {@code text}, as this release writes it to the user's stderr (a regex). */
    private static String stepdError(String text) {
        String prefix = ReleaseBehaviour.SLURMSTEPD_USER_ERRORS_TIMESTAMPED.at(SlurmVersion.parse(under.release()))
                ? "\\[\\d{4}-\\d\\d-\\d\\dT[\\d:.]+\\] error: " : "slurmstepd-localhost: error: ";
        return prefix + java.util.regex.Pattern.quote(text);
    }

    /**
     * Slurm's rule for a required plugin failing slurmstepd's init under {@code command}, at the release under
     * test: spank.8's Errors table as the bench holds it (SpankFailureTable), 22.05's exceptions included.
     */
    private static FailureOutcome slurmsRule(SlurmCommand command) {
        return SpankFailureTable.outcome(SlurmVersion.parse(under.release()), command, SpankCallback.INIT, SpankContext.REMOTE,
                Optional.empty()).orElseThrow();
    }

    private static String scontrolJob(long job) {
        return slurm.run(T, "scontrol", "-o", "show", "job", Long.toString(job)).assertOk().stdout();
    }

    /** Waits (bounded) until the node is in {@code state} with a reason starting with {@code reason}. */
    private static void awaitNode(String state, String reason) {
        await("node " + state + " (" + reason + ")", () -> slurm.nodeState().equals(state)
                && slurm.run(T, "sinfo", "-h", "-N", "-n", RealSlurm.NODE, "-o", "%E").stdout().strip().startsWith(reason), T);
    }

    private static void awaitInSlurmdLog(int from, String text) {
        await("\"" + text + "\" in slurmd.log", () -> slurm.slurmdLog().substring(from).contains(text), T);
    }

    private static String javaLog() throws IOException {
        return read(work.resolve("java.log"));
    }

    private static void awaitInJavaLog(String line) {
        await("\"" + line + "\" in the Java demo plugin's log", () -> {
            try {
                return javaLog().lines().anyMatch(line::equals);
            } catch (IOException e) {
                return false;
            }
        }, T);
    }

    /** The file's text; empty while it does not exist. */
    private static String read(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p) : "";
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void await(String what, BooleanSupplier done, Duration max) {
        Await.until(what, done, max, () -> "; node daemon log tail:\n" + tail(node.log(), 15));
    }

    private static String tail(String text, int lines) {
        List<String> all = text.lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /** Empties the Java demo plugin's log, writable by the node daemon's user role (srun's local context runs there). */
    private static void emptyJavaLog() throws IOException {
        Files.writeString(work.resolve("java.log"), "");
        Files.setPosixFilePermissions(work.resolve("java.log"), PosixFilePermissions.fromString("rw-rw-rw-"));
    }
}
