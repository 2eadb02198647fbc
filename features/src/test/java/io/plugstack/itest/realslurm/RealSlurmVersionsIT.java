package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.FixturePlugins;
import io.plugstack.itest.PluginVersionsView;
import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * Versions under a real Slurm (issue 12, item 8): a plugin hot-deployed into a running node daemon
 * serves the next real srun, and a deploy / upgrade / rollback done in the daemon's shell (plugstack
 * --admin) while real jobs run loses none of them: every Slurm process (srun, sbatch, slurmstepd, a
 * prolog or epilog run) ends on the version it started with, and jobs submitted after a switch get
 * the new one. The unit is the job (issue 13, item 4): a batch job submitted on 1.0.0 runs 1.0.0 in
 * every process, its epilog after an upgrade to 2.0.0 included, because it carries its versions.
 *
 * <p>The plugin is the sessionversion fixture: each Slurm process gets its own instance, which logs
 * "&lt;callback&gt; &lt;context&gt; job=J session=S version=V" for init, job_prolog, job_epilog and exit,
 * so an exit is tied to its init by S even when the sessions of several jobs overlap in the file. Each
 * test has its own plugin (symbolic name, log), so the tests do not depend on their order. The
 * cluster runs on ports 19817/19818, next to the other real-Slurm tests' clusters.
 */
@Timeout(120)
class RealSlurmVersionsIT {

    private static final Duration T = Duration.ofSeconds(30);
    private static final int SLURMCTLD_PORT = 19817;
    private static final int SLURMD_PORT = 19818;
    private static final Pattern LINE = Pattern.compile("(init|job_prolog|job_epilog|exit) (\\S+) job=(\\S+) session=(\\S+) version=(\\S+)");

    @TempDir
    static Path dir;
    static Path work;
    static FixturePlugins fixtures;
    static NodeDaemon node;
    static RealSlurm slurm;

    static SlurmUnderTest under;

    @BeforeAll
    static void startNodeDaemonThenCluster(TestInfo info) throws IOException {
        under = SlurmUnderTest.of(info.getTestClass().orElseThrow());
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        work = Files.createDirectories(dir.resolve("work"));
        // the Java plugins' logs: local-context code runs in the node daemon's unprivileged user role (issue 25)
        Files.setAttribute(work, "unix:mode", 01777);
        fixtures = new FixturePlugins(Files.createDirectories(dir.resolve("jars")));
        // no Java plugin yet: each test deploys its own and lists it; slurmd's stack (built when slurmd
        // starts) stays empty, so no slurmd-context session outlives a test
        node = NodeDaemon.start(dir.resolve("node"), "# each test lists the plugin it deploys\n");
        Files.createDirectories(node.deployDir());
        slurm = RealSlurm.start(under, dir.resolve("cluster"), node.bridgeLine(under, "plugstack_bridge.so") + "\n", SLURMCTLD_PORT, SLURMD_PORT);
    }

    @AfterAll
    static void stopClusterThenNodeDaemon() throws Exception {
        RealSlurm.closeThen(slurm, node);
    }

    // ------------------------------------------------------------------------------------- tests

    @Test
    void aPluginHotDeployedIntoTheNodeDaemonRunsForTheNextRealSrun() throws Exception {
        assertThat(node.admin("plugstack:versions hot").stderr()).as("nothing deployed yet").contains("no plugin named 'hot'");

        deploy("hot", "1.0.0");
        Path log = listOnly("hot");
        Result r = slurm.run(T, "srun", "true");

        assertThat(r.exitCode()).as(r + "\nnode daemon:\n" + node.log()).isZero();
        Map<String, List<Call>> s = awaitEnded(log, 1, 2);
        assertThat(s.values()).as("srun, its slurmstepd, the job's prolog and epilog").map(RealSlurmVersionsIT::shape)
                .containsExactlyInAnyOrder("local init,exit 1.0.0", "remote init,exit 1.0.0", "job_script job_prolog 1.0.0",
                        "job_script job_epilog 1.0.0");
        assertThat(PluginVersionsView.state(versions("hot"), "1.0.0")).isEqualTo("active");
    }

    @Test
    void anUpgradeWhileABatchJobRunsLeavesThatJobOnItsVersionAndGivesNewJobsTheNewOne() throws Exception {
        deploy("flight", "1.0.0");
        admin("plugstack:pin flight 1.0.0");
        Path log = listOnly("flight");
        long batch = jobId(slurm.run(T, "sbatch", "--parsable", "-o", "/dev/null", "--wrap", "sleep 8").assertOk());
        await(() -> calls(log).stream().anyMatch(c -> c.is("init", "remote") && c.job().equals(Long.toString(batch))),
                "the batch job's slurmstepd to start", log);
        // in use by the running job's slurmstepd
        assertThat(PluginVersionsView.row(versions("flight"), "1.0.0")).containsPattern("active\\s+1\\.0\\.0\\s+required\\s+1$");

        deploy("flight", "2.0.0");
        assertThat(PluginVersionsView.state(versions("flight"), "2.0.0")).isEqualTo("outside pin");
        assertThat(admin("plugstack:upgrade flight")).contains("upgrade to 2.0.0 (was 1.0.0");
        assertThat(slurm.jobState(batch)).as("the upgrade happened while the batch job ran").isEqualTo("RUNNING");
        Result next = slurm.run(T, "srun", "sh", "-c", "echo $SLURM_JOB_ID");
        assertThat(next.exitCode()).as(next + "\nnode daemon:\n" + node.log()).isZero();
        long srunJob = Long.parseLong(next.stdout().strip());
        slurm.waitForJobEnd(batch, T);
        Map<String, List<Call>> s = awaitEnded(log, 2, 4);

        assertThat(slurm.jobState(batch)).isEqualTo("COMPLETED");
        // the batch job: sbatch, its prolog and its slurmstepd started on 1.0.0; the slurmstepd ended on it
        assertThat(versions(s, "allocator", "init", null)).containsExactly("1.0.0");
        assertThat(versions(s, "job_script", "job_prolog", batch)).containsExactly("1.0.0");
        assertThat(versions(s, "remote", "init", batch)).containsExactly("1.0.0");
        List<Call> all = calls(log);
        int batchExit = all.indexOf(new Call("exit", "remote", Long.toString(batch), session(s, "remote", batch), "1.0.0"));
        int srunInit = all.indexOf(all.stream().filter(c -> c.is("init", "local")).findFirst().orElseThrow());
        assertThat(batchExit).as("the batch job's slurmstepd ended on 1.0.0 after the new srun began on 2.0.0").isGreaterThan(srunInit);
        // the srun after the upgrade: every process of its job on 2.0.0
        assertThat(versions(s, "local", "init", null)).containsExactly("2.0.0");
        assertThat(versions(s, "remote", "init", srunJob)).containsExactly("2.0.0");
        assertThat(versions(s, "job_script", "job_prolog", srunJob)).containsExactly("2.0.0");
        assertThat(versions(s, "job_script", "job_epilog", srunJob)).containsExactly("2.0.0");
        assertThat(versions(s, "job_script", "job_epilog", batch)).as("the batch job's epilog, a process started after the upgrade")
                .containsExactly("1.0.0");
        assertThat(PluginVersionsView.row(versions("flight"), "1.0.0")).as("1.0.0 no longer in use")
                .containsPattern("outside pin\\s+2\\.0\\.0\\s+required\\s+0$");
        assertThat(PluginVersionsView.state(versions("flight"), "2.0.0")).isEqualTo("active");
    }

    @Test
    void aRollbackWhileRealJobsRunLosesNone() throws Exception {
        int jobs = 30;
        deploy("churn", "1.0.0");
        admin("plugstack:pin churn 1.0.0");
        Path log = listOnly("churn");
        AtomicInteger switches = new AtomicInteger();
        List<Result> results = Collections.synchronizedList(new ArrayList<>());
        Thread submitter = new Thread(() -> {
            for (int i = 0; i < jobs; i++) {
                // at most a few jobs ahead of the switches, so every switch lands while jobs still launch
                awaitQuietly(() -> results.size() < switches.get() * 3 + 5);
                results.add(slurm.run(T, "srun", "true"));
            }
        }, "real-srun-loop");
        submitter.setDaemon(true);
        submitter.start();
        List<String> said = new ArrayList<>();
        List<String> when = new ArrayList<>();
        try {
            for (String step : List.of("deploy 2.0.0", "plugstack:upgrade churn 2.0.0", "plugstack:rollback churn", "plugstack:upgrade churn",
                    "deploy 3.0.0", "plugstack:upgrade churn 3.0.0", "plugstack:rollback churn")) {
                int after = switches.get() * 3 + 3; // every third job, while the loop runs
                await(() -> results.size() >= after, after + " jobs before " + step, log);
                when.add(step + " after job " + results.size());
                if (step.startsWith("deploy ")) {
                    deploy("churn", step.substring("deploy ".length()));
                } else {
                    said.add(admin(step));
                }
                switches.incrementAndGet();
            }
        } finally {
            switches.set(Integer.MAX_VALUE / 4);
            submitter.join(Duration.ofSeconds(60).toMillis());
        }
        assertThat(String.join("", said)).containsSubsequence("upgrade to 2.0.0 (was 1.0.0", "rollback to 1.0.0 (was 2.0.0",
                "upgrade to 2.0.0 (was 1.0.0", "upgrade to 3.0.0 (was 2.0.0", "rollback to 2.0.0 (was 3.0.0");
        assertThat(submitter.isAlive()).as("the srun loop ended").isFalse();

        assertThat(results).hasSize(jobs).allSatisfy(r -> assertThat(r.exitCode()).as(r + "\nnode daemon:\n" + node.log()).isZero());
        Map<String, List<Call>> s = awaitEnded(log, jobs, 2 * jobs);
        assertThat(contexts(s)).as("every job's srun, slurmstepd, prolog and epilog reached the plugin")
                .filteredOn("local"::equals).hasSize(jobs);
        assertThat(contexts(s)).filteredOn("remote"::equals).hasSize(jobs);
        assertThat(contexts(s)).filteredOn("job_script"::equals).hasSize(2 * jobs);
        List<String> localVersions = s.values().stream().filter(c -> c.get(0).context().equals("local")).map(c -> c.get(0).version())
                .toList();
        assertThat(new TreeSet<>(localVersions)).as("the sruns ran across the switches: %s", when).containsExactly("1.0.0", "2.0.0", "3.0.0");
        assertThat(PluginVersionsView.state(versions("churn"), "2.0.0")).isEqualTo("active");
        Map<String, Set<String>> byJob = calls(log).stream().filter(c -> !c.job().equals("-"))
                .collect(Collectors.groupingBy(Call::job, Collectors.mapping(Call::version, Collectors.toSet())));
        assertThat(byJob).as("every job's slurmstepd, prolog and epilog on one version, whatever switched meanwhile")
                .hasSizeGreaterThanOrEqualTo(jobs).allSatisfy((job, v) -> assertThat(v).hasSize(1));
        System.out.println("RealSlurmVersionsIT: " + String.join(", ", when));
        System.out.println("RealSlurmVersionsIT: " + jobs + " real sruns across deploy/upgrade/rollback, local sessions by version: "
                + localVersions.stream().collect(Collectors.groupingBy(v -> v, java.util.TreeMap::new, Collectors.counting())));
    }

    // ----------------------------------------------------------------------------------- helpers

    /** One line of the fixture's log. */
    record Call(String callback, String context, String job, String session, String version) {
        boolean is(String cb, String ctx) {
            return callback.equals(cb) && context.equals(ctx);
        }
    }

    /** Builds version {@code version} of plugin {@code name} and drops it into the daemon's deploy/ (copy aside, rename in). */
    private static void deploy(String name, String version) throws Exception {
        Path jar = fixtures.plugin("itest.real." + name, "sessionversion").header("Slurm-Plugin-Name", name).bundleVersion(version)
                .header("Implementation-Version", version).build();
        node.deploy(jar);
        await(() -> Set.of("active", "available", "outside pin", "init failed")
                .contains(PluginVersionsView.state(versionsQuietly(name), version)), name + " " + version + " to be placed by the catalog", null);
    }

    /** Plugstack's plugstack.conf lists only {@code name}, logging to a fresh file; returns that file. */
    private static Path listOnly(String name) throws IOException {
        Path log = work.resolve(name + ".log");
        node.plugstack("required " + name + " " + log + "\n");
        return log;
    }

    /** One shell command line in the daemon; fails with its output and the daemon's log unless it exits 0. */
    private static String admin(String commandLine) {
        Result r = node.admin(commandLine);
        if (!r.ok()) {
            throw new AssertionError("plugstack --admin failed: " + r + "\nnode daemon:\n" + node.log());
        }
        return r.stdout();
    }

    private static String versions(String name) {
        return admin("plugstack:versions " + name);
    }

    private static String versionsQuietly(String name) {
        Result r = node.admin("plugstack:versions " + name);
        return r.ok() ? r.stdout() : "";
    }

    private static long jobId(Result r) {
        return Long.parseLong(r.stdout().strip().split(";")[0]);
    }

    private static List<Call> calls(Path log) {
        try {
            if (!Files.exists(log)) {
                return List.of();
            }
            List<Call> calls = new ArrayList<>();
            for (String line : Files.readAllLines(log)) {
                Matcher m = LINE.matcher(line);
                if (!m.matches()) {
                    throw new AssertionError("not a line of the fixture: \"" + line + "\" in " + log);
                }
                calls.add(new Call(m.group(1), m.group(2), m.group(3), m.group(4), m.group(5)));
            }
            return calls;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The log's lines by session, in the order they were written. */
    private static Map<String, List<Call>> sessions(Path log) {
        return calls(log).stream().collect(Collectors.groupingBy(Call::session, LinkedHashMap::new, Collectors.toList()));
    }

    /**
     * Waits (bounded) until the log holds at least {@code jobs} srun/sbatch sessions and {@code scripts}
     * prolog/epilog runs and every srun, sbatch and slurmstepd session that began has ended, then checks
     * each: init first, its one exit last, one version throughout; a prolog or epilog run (job_script,
     * where Slurm calls neither init nor exit) is its one job_prolog or job_epilog.
     */
    private static Map<String, List<Call>> awaitEnded(Path log, int jobs, int scripts) throws InterruptedException {
        await(() -> {
            Map<String, List<Call>> s = sessions(log);
            return contexts(s).stream().filter(c -> c.equals("local") || c.equals("allocator")).count() >= jobs
                    && contexts(s).stream().filter(c -> c.equals("job_script")).count() >= scripts
                    && s.values().stream().allMatch(c -> c.get(0).context().equals("job_script")
                            || c.stream().anyMatch(x -> x.callback().equals("exit")));
        }, "every session to end", log);
        Map<String, List<Call>> s = sessions(log);
        assertThat(s.values()).as("each session on one version, init ... exit (a prolog or epilog: its one callback); log:\n%s",
                String.join("\n", Await.lines(log))).allSatisfy(calls -> {
                    assertThat(calls).extracting(Call::version).containsOnly(calls.get(0).version()).doesNotContain("null");
                    if (calls.get(0).context().equals("job_script")) {
                        assertThat(calls).singleElement().extracting(Call::callback).isIn("job_prolog", "job_epilog");
                    } else {
                        assertThat(calls.get(0).callback()).isEqualTo("init");
                        assertThat(calls).extracting(Call::callback).filteredOn("exit"::equals).hasSize(1);
                        assertThat(calls.get(calls.size() - 1).callback()).isEqualTo("exit");
                    }
                });
        return s;
    }

    private static List<String> contexts(Map<String, List<Call>> sessions) {
        return sessions.values().stream().map(c -> c.get(0).context()).toList();
    }

    /**
     * The versions of the sessions in {@code context} whose first callback is {@code first}, of job
     * {@code job} (a session's job: any id one of its lines names; srun's local session names none, so
     * null: any job).
     */
    private static List<String> versions(Map<String, List<Call>> sessions, String context, String first, Long job) {
        return sessions.values().stream().filter(c -> c.get(0).is(first, context))
                .filter(c -> job == null || c.stream().anyMatch(x -> x.job().equals(Long.toString(job)))).map(c -> c.get(0).version())
                .toList();
    }

    private static String session(Map<String, List<Call>> sessions, String context, long job) {
        return sessions.values().stream().filter(c -> c.get(0).context().equals(context) && c.get(0).job().equals(Long.toString(job)))
                .map(c -> c.get(0).session()).findFirst().orElse("");
    }

    /** A session as "context callback,callback version". */
    private static String shape(List<Call> session) {
        return session.get(0).context() + " " + session.stream().map(Call::callback).collect(Collectors.joining(",")) + " "
                + session.get(0).version();
    }


    /** Waits (bounded) for {@code condition}; fails naming {@code what}, with the log and the daemon's log. */
    private static void await(BooleanSupplier condition, String what, Path log) {
        Await.until(what, condition, T, () -> (log == null ? "" : "; " + log.getFileName() + ":\n" + String.join("\n", Await.lines(log)))
                + "\nnode daemon:\n" + node.log());
    }

    private static void awaitQuietly(BooleanSupplier condition) {
        long deadline = System.nanoTime() + T.toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
