package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * Java SPANK plugins under a real Slurm: real srun, sbatch, salloc, slurmstepd and slurmd load
 * plugstack_bridge.so, which forwards every callback to a Plugstack node daemon. Slurm's plugstack.conf
 * lists a C demo plugin first and the bridge second; Plugstack's lists the Java demo plugin, renice and
 * private-tmp. Each run writes two callback logs, the C plugin's and the Java plugin's, which must
 * agree callback by callback and context by context.
 */
@Timeout(180)
class RealSlurmSpankIT {

    private static final Duration T = Duration.ofSeconds(30);

    @TempDir
    static Path dir;
    static Path work;
    static NodeDaemon node;
    static RealSlurm slurm;
    static String javaConf;
    static SlurmUnderTest under;

    @BeforeAll
    static void startNodeDaemonThenCluster(TestInfo info) throws IOException {
        under = SlurmUnderTest.of(info.getTestClass().orElseThrow());
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        work = Files.createDirectories(dir.resolve("work"));
        Files.createDirectories(work.resolve("tmp"));
        for (Path p : List.of(work, work.resolve("tmp"))) {
            Files.setAttribute(p, "unix:mode", 01777); // like /tmp: private-tmp refuses a base others may write without the sticky bit
        }
        javaConf = "required demo " + work.resolve("java.log") + "\n"
                + "required renice min=-5 max=19\n"
                + "optional private-tmp base=" + work.resolve("tmp") + "\n";
        node = NodeDaemon.start(dir.resolve("node"), javaConf);
        clearLogs(); // the C plugin's first open makes it 0644 under root's umask: user-context callbacks need 0666
        slurm = RealSlurm.start(under, dir.resolve("cluster"), "required " + under.bridgeDir().resolve("demo_spank.so")
                + " " + work.resolve("c.log") + "\n" + node.bridgeLine(under, "plugstack_bridge.so") + "\n",
                RealSlurm.DEFAULT_SLURMCTLD_PORT, RealSlurm.DEFAULT_SLURMD_PORT);
    }

    @AfterAll
    static void stopClusterThenNodeDaemon() throws Exception {
        RealSlurm.closeThen(slurm, node);
    }

    @BeforeEach
    void javaConfAsStarted() throws IOException {
        Files.writeString(node.plugstackConf(), javaConf);
    }

    /**
     * Empties both callback logs once no job is left (a finished job stays COMPLETING until its epilog
     * ran: an epilog of the previous test must not land in this test's logs).
     */
    private static void clearLogs() throws IOException {
        for (int i = 0; i < 300 && slurm != null && !slurm.run(T, "squeue", "-h").stdout().isBlank(); i++) {
            sleep(100);
        }
        for (String log : List.of("c.log", "java.log")) {
            Path p = work.resolve(log);
            Files.writeString(p, "");
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-rw-rw-"));
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static List<String> lines(String log) throws IOException {
        return Files.readAllLines(work.resolve(log));
    }

    /** Waits (bounded) until both logs hold {@code line} as often as {@code times}. */
    private static void awaitInBoth(String line, int times) throws Exception {
        for (int i = 0; i < 300; i++) {
            if (lines("c.log").stream().filter(line::equals).count() >= times
                    && lines("java.log").stream().filter(line::equals).count() >= times) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("\"" + line + "\" x" + times + " not in both logs within 30 s:\nC:\n" + String.join("\n", lines("c.log"))
                + "\nJava:\n" + String.join("\n", lines("java.log")) + "\nnode daemon:\n" + node.log());
    }

    /**
     * Both logs hold the same callbacks in the same contexts; within one process the order is
     * Slurm's, but slurmstepd's task_post_fork and a task's task_init_privileged run concurrently, so
     * the lines of a run are compared as a multiset and each context's own sequence separately.
     */
    private static void assertSameCallbacks() throws IOException {
        List<String> c = lines("c.log");
        List<String> java = lines("java.log");
        assertThat(java).as("the Java plugin's callbacks (C plugin's: %s)\nnode daemon:\n%s", c, node.log())
                .containsExactlyInAnyOrderElementsOf(c);
        for (String context : List.of("local", "allocator", "job_script", "slurmd")) {
            assertThat(inContext(java, context)).as(context).containsExactlyElementsOf(inContext(c, context));
        }
    }

    private static List<String> inContext(List<String> lines, String context) {
        return lines.stream().filter(l -> l.endsWith(" " + context)).collect(Collectors.toList());
    }

    private static long jobId(Result r) {
        return Long.parseLong(r.stdout().strip().split(";")[0]);
    }

    @Test
    void srunsCallbacksReachTheJavaPluginInEveryContextAsTheyReachACPlugin() throws Exception {
        clearLogs();

        slurm.run(T, "srun", "-n2", "true").assertOk();

        awaitInBoth("job_epilog job_script", 1);
        assertSameCallbacks();
        assertThat(inContext(lines("java.log"), "local")).containsExactly("init local", "init_post_opt local", "local_user_init local",
                "exit local");
        assertThat(lines("java.log")).filteredOn(l -> l.startsWith("task_init ")).hasSize(2);
    }

    @Test
    void sbatchsCallbacksReachTheJavaPluginInEveryContextAsTheyReachACPlugin() throws Exception {
        clearLogs();

        long job = jobId(slurm.run(T, "sbatch", "--parsable", "-o", "/dev/null", "--wrap", "true").assertOk());
        slurm.waitForJobEnd(job, T);

        awaitInBoth("job_epilog job_script", 1);
        assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
        assertSameCallbacks();
        assertThat(inContext(lines("java.log"), "allocator")).containsExactly("init allocator", "init_post_opt allocator", "exit allocator");
    }

    @Test
    void sallocsCallbacksReachTheJavaPluginAsTheyReachACPlugin() throws Exception {
        clearLogs();

        slurm.run(T, "salloc", "-N1", "srun", "true").assertOk();

        awaitInBoth("job_epilog job_script", 1);
        assertSameCallbacks();
        assertThat(inContext(lines("java.log"), "allocator")).contains("init allocator", "exit allocator");
    }

    @Test
    void theSlurmdContextStackLivesAsLongAsSlurmd() throws Exception {
        clearLogs();

        slurm.restartSlurmd();

        awaitInBoth("init slurmd", 1);
        assertThat(lines("java.log")).containsExactly("slurmd_exit slurmd", "init slurmd");
        assertSameCallbacks();
    }

    @Test
    void srunHelpListsTheJavaPluginsOptions() {
        Result r = slurm.run(T, "srun", "--help").assertOk();

        assertThat(r.stdout()).contains("--renice=prio").contains("Re-nice job tasks to priority [prio] (-5 to 19).");
    }

    @Test
    void aRefusedOptionValueStopsSrunWithTheJavaPluginsMessage() {
        Result r = slurm.run(T, "srun", "--renice=99", "true");

        assertThat(r.exitCode()).as(r.toString()).isNotZero();
        assertThat(r.stderr()).contains("renice: --renice=99: priority must be from -5 to 19").contains("Invalid --renice argument: 99");
    }

    @Test
    void reniceRunsTheRealTasksAtTheNicenessAsked() {
        Result up = slurm.run(T, "srun", "-n2", "--renice=7", "nice").assertOk();
        Result down = slurm.run(T, "srun", "--renice=-3", "nice").assertOk();

        assertThat(up.stdout().lines()).as(up.toString()).containsExactly("7", "7");
        assertThat(down.stdout().strip()).as(down.toString()).isEqualTo("-3");
    }

    @Test
    void reniceWorksForAnUnprivilegedUsersSrunAndBatchJob() throws Exception {
        Result r = slurm.runAs(RealSlurm.TEST_USER, T, "srun", "--renice=4", "nice").assertOk();
        Path out = work.resolve("renice-batch.out");
        long job = jobId(slurm.runAs(RealSlurm.TEST_USER, T, "sbatch", "--parsable", "--renice=5", "-o", out.toString(), "--wrap", "nice")
                .assertOk());
        slurm.waitForJobEnd(job, T);

        assertThat(r.stdout().strip()).as(r.toString()).isEqualTo("4");
        assertThat(Files.readString(out).strip()).isEqualTo("5");
    }

    @Test
    void privateTmpGivesARealJobItsOwnTmpdirAndTheEpilogRemovesIt() throws Exception {
        clearLogs();
        Result r = slurm.runAs(RealSlurm.TEST_USER, T, "srun", "sh", "-c", "echo $SLURM_JOB_ID $TMPDIR; stat -c '%U %a' $TMPDIR")
                .assertOk();
        String[] seen = r.stdout().lines().toList().get(0).split(" ");
        Path tmp = work.resolve("tmp").resolve("slurm-" + seen[0]);

        assertThat(seen[1]).as(r.toString()).isEqualTo(tmp.toString());
        assertThat(r.stdout().lines().toList().get(1)).isEqualTo(RealSlurm.TEST_USER + " 700");
        awaitInBoth("job_epilog job_script", 1);
        // demo logs its job_epilog before private-tmp's (stack order) has removed the directory
        for (int i = 0; i < 100 && Files.exists(tmp); i++) {
            Thread.sleep(50);
        }
        assertThat(tmp).doesNotExist();
    }

    /**
     * Issue 27: with the bridge built without job_script callbacks (plugstack_bridge_nojs.so, cheaper: slurmd
     * then spawns no slurmstepd for prologs and epilogs) no job_epilog comes, and the TMPDIR private-tmp made
     * goes when the job's last step on the node ends: after an srun, and after a batch job whose script ran a
     * step of its own.
     */
    @Test
    void withTheBridgeWithoutJobScriptCallbacksTheJobsLastStepRemovesItsTmpdir() throws Exception {
        String full = Files.readString(slurm.plugstackConf());
        Files.writeString(slurm.plugstackConf(), full.replace("plugstack_bridge.so", "plugstack_bridge_nojs.so"));
        slurm.restartSlurmd();
        try {
            Result r = slurm.runAs(RealSlurm.TEST_USER, T, "srun", "sh", "-c", "echo $SLURM_JOB_ID $TMPDIR; test -d $TMPDIR && echo there")
                    .assertOk();
            String[] seen = r.stdout().lines().toList().get(0).split(" ");
            assertThat(seen[1]).as("%s", r).isEqualTo(work.resolve("tmp").resolve("slurm-" + seen[0]).toString());
            assertThat(r.stdout()).contains("there");
            for (int i = 0; i < 200 && Files.exists(Path.of(seen[1])); i++) {
                Thread.sleep(50); // slurmstepd's exit may run a moment after srun has its tasks' end
            }
            assertThat(Path.of(seen[1])).as("the step, the job's last, removed it").doesNotExist();

            Path out = work.resolve("nojs-batch.out");
            Result b = slurm.runAs(RealSlurm.TEST_USER, T, "sbatch", "-o", out.toString(), "--wrap",
                    "echo $TMPDIR; srun sh -c 'test -d $TMPDIR && echo step-sees-it'; test -d $TMPDIR && echo batch-still-has-it").assertOk();
            String job = b.stdout().strip().replaceAll("\\D+", "");
            Path batchTmp = work.resolve("tmp").resolve("slurm-" + job);
            for (int i = 0; i < 200 && !(Files.exists(out) && Files.readString(out).contains("batch-still-has-it")); i++) {
                Thread.sleep(100);
            }
            assertThat(Files.readString(out)).as("node daemon:%n%s", node.log()).contains(batchTmp.toString()).contains("step-sees-it")
                    .contains("batch-still-has-it");
            for (int i = 0; i < 200 && Files.exists(batchTmp); i++) {
                Thread.sleep(50);
            }
            assertThat(batchTmp).as("the batch step, the job's last, removed it").doesNotExist();
        } finally {
            Files.writeString(slurm.plugstackConf(), full);
            slurm.restartSlurmd();
        }
    }

    /**
     * spank_prepend_task_argv came in 23.11 (ReleaseBehaviour.SPANK_PREPEND_TASK_ARGV): from then the bridge
     * calls it in the task's process and the task runs behind the words a Java plugin put first; before, the
     * handle answers NOT_AVAIL and the task runs as asked.
     */
    @Test
    void prependTaskArgvReachesTheTaskFromSlurm2311AndIsNotAvailableBefore() throws Exception {
        String bsn = "itest.realslurm.prepend";
        Path jar = new io.plugstack.itest.FixturePlugins(Files.createDirectories(dir.resolve("jars"))).plugin(bsn, "prepend").build();
        Files.move(jar, node.deployDir().resolve(jar.getFileName()), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        for (int i = 0; i < 300 && !node.log().contains("plugin " + bsn + ": version 1.0.0 runs"); i++) {
            sleep(100);
        }
        Path answers = work.resolve("prepend.answers");
        Files.writeString(node.plugstackConf(), javaConf + "required prepend " + answers + "\n");
        boolean available = io.plugstack.api.plugin.ReleaseBehaviour.SPANK_PREPEND_TASK_ARGV
                .at(io.plugstack.api.plugin.SlurmVersion.parse(under.release()));

        Result r = slurm.run(T, "srun", "echo", "hello").assertOk();

        assertThat(r.stdout().strip()).as("node daemon:%n%s", node.log()).isEqualTo(available ? "prepended echo hello" : "hello");
        assertThat(Files.readString(answers).strip()).isEqualTo(available ? "SUCCESS" : "NOT_AVAIL");
    }

    @Test
    void theClusterIsTheSlurmUnderTest() throws IOException {
        String release = under.release();

        assertThat(release).startsWith(under.series() + ".");
        assertThat(slurm.run(T, "srun", "--version").assertOk().stdout().strip()).isEqualTo("slurm-wlm " + release);
        Path slurmdRoot = Files.readSymbolicLink(Path.of("/proc/" + slurm.pids().get("slurmd") + "/root"));
        assertThat(slurmdRoot).as("slurmd's root").isEqualTo(under.root() == null ? Path.of("/") : under.root());
    }

    @Test
    void aRequiredJavaPluginFailingInitStopsSrunAsSlurmStopsItForACPlugin() throws IOException {
        Files.writeString(node.plugstackConf(), "required renice min=50\n");

        Result r = slurm.run(T, "srun", "true");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.stderr()).contains("renice: limits min=50 max=19 are not within -20..19")
                .contains("spank: required plugin plugstack_bridge.so: init() failed with rc=-1");
    }

    @Test
    void anOptionalJavaPluginFailingInitLetsTheJobRun() throws IOException {
        Files.writeString(node.plugstackConf(), "optional renice min=50\n");

        Result r = slurm.run(T, "srun", "echo", "ran").assertOk();

        assertThat(r.stdout().strip()).isEqualTo("ran");
        assertThat(r.stderr()).contains("renice: limits min=50 max=19 are not within -20..19");
    }
}
