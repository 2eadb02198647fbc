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

    @BeforeAll
    static void startTwoRuntimesThenTheCluster() throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        work = Files.createDirectories(dir.resolve("work"));
        // the Java plugins' logs: local-context code runs in the node daemon's unprivileged user role (issue 25)
        Files.setAttribute(work, "unix:mode", 01777);
        fixtures = new FixturePlugins(Files.createDirectories(dir.resolve("jars")));
        login = NodeDaemon.start(dir.resolve("login"), "# each test lists its plugin\n");
        compute = NodeDaemon.start(dir.resolve("compute"), "# each test lists its plugin\n");
        slurm = RealSlurm.start(dir.resolve("cluster"), compute.bridgeLine("plugstack_bridge.so") + "\n", 24817, 24818);
        submit = slurm.submitHost("login", login.bridgeLine("plugstack_bridge.so") + "\n");
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

    @Test
    void aComputeNodeLackingTheJobsVersionSkipsAnOptionalPluginNamingTheVersion() throws Exception {
        deploy(login, "lack", "3.0.0");
        deploy(compute, "lack", "1.0.0");
        Path log = listOnBoth("optional", "lack");
        int before = slurm.slurmdLog().length();

        Result r = submit.run(T, "srun", "true");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        await(() -> slurm.slurmdLog().substring(before).contains("Failed to load optional plugin lack. Ignored."), "the skip in slurmd.log", log);
        assertThat(slurm.slurmdLog().substring(before))
                .contains("the job runs itest.real.lack 3.0.0, which is not deployed here; here: 1.0.0");
        assertThat(Await.lines(log)).as("only srun's stack, on the login node, ran it").isNotEmpty()
                .allMatch(l -> l.startsWith("init local ") || l.startsWith("exit local ")).allMatch(l -> l.endsWith("version=3.0.0"));
    }

    @Test
    void aComputeNodeLackingTheJobsVersionFailsARequiredPluginInThePrologRequeuesTheJobHeldAndDrainsTheNode() throws Exception {
        deploy(login, "need", "3.0.0");
        deploy(compute, "need", "1.0.0");
        Path log = listOnBoth("required", "need");
        int before = slurm.slurmdLog().length();

        long job = jobId(submit.run(T, "sbatch", "--parsable", "-o", "/dev/null", "--wrap", "true").assertOk());
        try {
            await(() -> slurm.run(T, "scontrol", "-o", "show", "job", Long.toString(job)).stdout()
                    .contains("Reason=launch_failed_requeued_held"), "job " + job + " requeued held", log);
            await(() -> slurm.nodeState().equals("drained"), "the node drained", log);
            assertThat(slurm.run(T, "sinfo", "-h", "-N", "-n", RealSlurm.NODE, "-o", "%E").stdout()).startsWith("Prolog error");
            assertThat(slurm.slurmdLog().substring(before)).contains("error: plugstack: job_prolog: the Plugstack runtime at "
                    + compute.socketDir().resolve("root.sock") + ": refused: spank: Failed to load plugin need")
                    .contains("the job runs itest.real.need 3.0.0, which is not deployed here; here: 1.0.0");
            assertThat(Await.lines(log)).as("sbatch's stack on the login node ran 3.0.0; nothing ran on the compute node").isNotEmpty()
                    .allMatch(l -> l.contains(" allocator ") && l.endsWith("version=3.0.0"));
        } finally {
            slurm.run(T, "scancel", Long.toString(job));
        }
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
