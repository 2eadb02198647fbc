package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.FixturePlugins;
import io.plugstack.itest.PluginVersionsView;
import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * One set of plugin versions per job across runtimes that differ (issue 13, item 4), on a real
 * Slurm: two node daemons with their own homes and sockets stand in for a login node (srun, sbatch
 * and a batch script's srun talk to it through a submit host's slurm.conf) and the compute node
 * (slurmstepd, prolog and epilog talk to it). The job runs, on the compute node, the versions its
 * submitting command chose on the login node, whatever the compute node's runtime would choose; a
 * compute node lacking the job's version fails that plugin by the required/optional rules, naming
 * the version. The plugin is the sessionversion fixture ("&lt;callback&gt; &lt;context&gt; job=J
 * session=S version=V" per callback); ports 24817/24818.
 */
@Timeout(150)
class RealSlurmJobVersionsIT {

    private static final Duration T = Duration.ofSeconds(30);
    private static final Pattern LINE = Pattern.compile("(\\S+) (\\S+) job=(\\S+) session=(\\S+) version=(\\S+)");

    @TempDir
    static Path dir;
    static Path work;
    static FixturePlugins fixtures;
    static NodeDaemon login;
    static NodeDaemon compute;
    static RealSlurm slurm;
    static RealSlurm.SubmitHost submit;

    static SlurmUnderTest under;

    @BeforeAll
    static void startTwoRuntimesThenTheCluster(TestInfo info) throws IOException {
        under = SlurmUnderTest.of(info.getTestClass().orElseThrow());
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        work = Files.createDirectories(dir.resolve("work"));
        // the Java plugins' logs: local-context code runs in the node daemon's unprivileged user role (issue 25)
        Files.setAttribute(work, "unix:mode", 01777);
        fixtures = new FixturePlugins(Files.createDirectories(dir.resolve("jars")));
        login = NodeDaemon.start(dir.resolve("login"), "# each test lists its plugin\n");
        // the compute node believes the versions the login node seals: the admin copies the key, as munge.key
        compute = NodeDaemon.start(dir.resolve("compute"), "# each test lists its plugin\n", login.home().resolve("etc/versions.key"));
        slurm = RealSlurm.start(under, dir.resolve("cluster"), compute.bridgeLine(under, "plugstack_bridge.so") + "\n", 24817, 24818);
        submit = slurm.submitHost("login", login.bridgeLine(under, "plugstack_bridge.so") + "\n");
    }

    @AfterAll
    static void stopClusterThenRuntimes() throws Exception {
        try {
            RealSlurm.closeThen(slurm, login);
        } finally {
            compute.close();
        }
    }

    @AfterEach
    void nodeIdleForTheNextTest() {
        slurm.resumeNode();
    }

    @Test
    void aJobRunsTheVersionsChosenWhereItWasSubmittedOnANodeWhoseRuntimeWouldChooseAnother() throws Exception {
        for (NodeDaemon node : List.of(login, compute)) {
            deploy(node, "jv", "1.0.0");
            deploy(node, "jv", "2.0.0");
        }
        admin(login, "plugstack:pin jv 1.0.0"); // the login node runs 1.0.0; the compute node would run 2.0.0
        Path log = listOnBoth("required", "jv");

        assertThat(submit.run(T, "srun", "true").exitCode()).isZero();
        long batch = jobId(submit.run(T, "sbatch", "--parsable", "-o", "/dev/null", "--wrap", "srun true").assertOk());
        slurm.waitForJobEnd(batch, T);
        await(() -> Await.lines(log).stream().anyMatch(l -> l.startsWith("job_epilog job_script job=" + batch + " ")), "the batch job's epilog", log);

        Map<String, List<String[]>> sessions = sessions(log);
        assertThat(sessions.values().stream().map(s -> s.get(0)[1]).toList()).as("log:\n%s", String.join("\n", Await.lines(log)))
                .containsExactlyInAnyOrder("local", "remote", "job_script", "job_script", // srun's job
                        "allocator", "job_script", "remote", "local", "remote", "job_script"); // the batch job and its srun
        assertThat(sessions.values()).as("every process of both jobs, on either node, on the login node's choice")
                .allSatisfy(s -> assertThat(s).allMatch(l -> l[4].equals("1.0.0")));

        // the compute node's own choice, for a job submitted there
        assertThat(slurm.run(T, "srun", "true").exitCode()).isZero();
        await(() -> Await.lines(log).stream().filter(l -> l.contains("version=2.0.0")).count() >= 4, "a job submitted on the compute node", log);
        assertThat(Await.lines(log).stream().filter(l -> l.contains("version=2.0.0")).map(l -> l.split(" ")[1]).collect(Collectors.toSet()))
                .containsExactlyInAnyOrder("local", "remote", "job_script");
    }

    /** A job naming a version this node lacks: the node's own choice runs, with one line; the plugin is not skipped. */
    @Test
    void aComputeNodeLackingTheJobsVersionRunsItsOwnChoiceOfAnOptionalPlugin() throws Exception {
        deploy(login, "lack", "3.0.0");
        deploy(compute, "lack", "1.0.0");
        Path log = listOnBoth("optional", "lack");

        Result r = submit.run(T, "srun", "true");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        await(() -> Await.lines(log).stream().anyMatch(l -> l.startsWith("init remote ") && l.endsWith("version=1.0.0")), "the step's 1.0.0", log);
        assertThat(compute.log()).contains("plugin itest.real.lack: the job's version 3.0.0 is not deployed here; it runs 1.0.0,"
                + " this node's own choice");
        assertThat(Await.lines(log)).filteredOn(l -> l.contains(" local ")).as("srun's stack, on the login node").isNotEmpty()
                .allMatch(l -> l.endsWith("version=3.0.0"));
    }

    /**
     * The same for a required plugin in the prolog: before issue 26 the batch job was requeued held and the node
     * drained, and a user could do that on purpose by naming a version no node has.
     */
    @Test
    void aComputeNodeLackingTheJobsVersionOfARequiredPluginRunsItsOwnChoiceAndDrainsNothing() throws Exception {
        deploy(login, "need", "3.0.0");
        deploy(compute, "need", "1.0.0");
        Path log = listOnBoth("required", "need");

        long job = jobId(submit.run(T, "sbatch", "--parsable", "-o", "/dev/null", "--wrap", "true").assertOk());
        try {
            assertThat(slurm.waitForJobEnd(job, T)).isPositive();
            assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
            assertThat(slurm.nodeState()).isNotEqualTo("drained");
            await(() -> Await.lines(log).stream().anyMatch(l -> l.startsWith("job_prolog job_script ") && l.endsWith("version=1.0.0")),
                    "the prolog's 1.0.0", log);
            assertThat(compute.log()).contains("plugin itest.real.need: the job's version 3.0.0 is not deployed here; it runs 1.0.0");
        } finally {
            slurm.run(T, "scancel", Long.toString(job));
        }
    }

    /**
     * The admin withdraws a version on the compute node (a bad release): a job that carries it, sealed by the
     * login node, runs the compute node's own choice there, with one line; the version stays deployed.
     */
    @Test
    void aWithdrawnVersionRunsForNoJobEvenOneThatCarriesIt() throws Exception {
        for (NodeDaemon node : List.of(login, compute)) {
            deploy(node, "wd", "1.0.0");
            deploy(node, "wd", "2.0.0");
        }
        admin(login, "plugstack:pin wd 1.0.0"); // jobs submitted on the login node carry 1.0.0
        assertThat(admin(compute, "plugstack:withdraw wd@1.0.0")).contains("itest.real.wd 1.0.0 withdrawn");
        assertThat(PluginVersionsView.state(admin(compute, "plugstack:versions wd"), "1.0.0")).isEqualTo("withdrawn");
        Path log = listOnBoth("required", "wd");
        try {
            assertThat(submit.run(T, "srun", "true").exitCode()).isZero();
            await(() -> Await.lines(log).stream().anyMatch(l -> l.startsWith("init remote ")), "the step", log);
            assertThat(Await.lines(log)).filteredOn(l -> l.contains(" remote ") || l.contains(" job_script "))
                    .as("the compute node never ran the withdrawn version").isNotEmpty().allMatch(l -> l.endsWith("version=2.0.0"));
            assertThat(Await.lines(log)).filteredOn(l -> l.contains(" local ")).allMatch(l -> l.endsWith("version=1.0.0"));
            assertThat(compute.log()).contains("plugin itest.real.wd: the job's version 1.0.0 was withdrawn here (plugstack:withdraw);"
                    + " it runs 2.0.0");
        } finally {
            admin(compute, "plugstack:unwithdraw wd@1.0.0");
        }
    }

    /** A user writes the versions variable for an older deployed version: not sealed, so the node's choice runs. */
    @Test
    void aVersionAUserNamesIsNotRun() throws Exception {
        for (NodeDaemon node : List.of(login, compute)) {
            deploy(node, "forge", "1.0.0");
            deploy(node, "forge", "2.0.0");
        }
        Path log = listOnBoth("required", "forge");

        Result r = slurm.runAs(RealSlurm.TEST_USER, T, "env", "SLURM_SPANK_PLUGSTACK_VERSIONS=itest.real.forge@1.0.0", "srun", "true");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        await(() -> Await.lines(log).stream().anyMatch(l -> l.startsWith("init remote ")), "the step", log);
        assertThat(Await.lines(log)).as("no stack ran the version the user wrote").isNotEmpty().allMatch(l -> l.endsWith("version=2.0.0"));
    }

    // ----------------------------------------------------------------------------------- helpers

    /** Builds version {@code version} of plugin {@code name} and deploys it into {@code node}; waits until its catalog placed it. */
    private static void deploy(NodeDaemon node, String name, String version) throws Exception {
        node.deploy(fixtures.plugin("itest.real." + name, "sessionversion").header("Slurm-Plugin-Name", name).bundleVersion(version)
                .header("Implementation-Version", version).build());
        await(() -> Set.of("active", "available", "outside pin", "init failed")
                .contains(PluginVersionsView.state(node.admin("plugstack:versions " + name).stdout(), version)),
                name + " " + version + " placed in " + node.socketDir(), null);
    }

    /** Both runtimes' plugstack.conf list only {@code name} ({@code required} or {@code optional}), logging to one file. */
    private static Path listOnBoth(String kind, String name) {
        Path log = work.resolve(name + ".log");
        login.plugstack(kind + " " + name + " " + log + "\n");
        compute.plugstack(kind + " " + name + " " + log + "\n");
        return log;
    }

    private static String admin(NodeDaemon node, String commandLine) {
        Result r = node.admin(commandLine);
        assertThat(r.exitCode()).as(r + "\n" + node.log()).isZero();
        return r.stdout();
    }

    private static long jobId(Result r) {
        return Long.parseLong(r.stdout().strip().split(";")[0]);
    }

    /** The log's lines as [callback, context, job, session, version], by session (one Slurm process's stack). */
    private static Map<String, List<String[]>> sessions(Path log) {
        return Await.lines(log).stream().map(l -> {
            Matcher m = LINE.matcher(l);
            assertThat(m.matches()).as("a line of the fixture: %s", l).isTrue();
            return new String[] {m.group(1), m.group(2), m.group(3), m.group(4), m.group(5)};
        }).collect(Collectors.groupingBy(l -> l[3], LinkedHashMap::new, Collectors.toList()));
    }



    /** Waits (bounded) for {@code condition}; fails naming {@code what}, with the plugin's log and both runtimes' logs. */
    private static void await(BooleanSupplier condition, String what, Path log) {
        Await.until(what, condition, T, () -> (log == null ? "" : "; plugin log:\n" + String.join("\n", Await.lines(log)))
                + "\nlogin runtime:\n" + login.log() + "\ncompute runtime:\n" + compute.log());
    }
}
