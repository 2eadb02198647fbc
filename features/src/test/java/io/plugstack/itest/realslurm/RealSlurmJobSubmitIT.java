package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.FixturePlugins;
import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * Java job_submit plugins in a real slurmctld (issue 13 items 1 and 3): slurm.conf says
 * JobSubmitPlugins=lua, Slurm's own job_submit/lua runs the distribution's shim
 * (bridge/lua/job_submit.lua) from the cluster's etc/, and the shim asks the node daemon's ctld.sock,
 * whose JobSubmitPlugins= (deploy/plugstack.slurm.cfg) lists two fixture plugins: realjs (a site
 * policy keyed on the job name) and throwing (a plugin with a bug).
 */
@Timeout(180)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RealSlurmJobSubmitIT {

    private static final Duration T = Duration.ofSeconds(30);
    private static final Path SHIM = Path.of(System.getProperty("plugstack.dist", "target/plugstack"), "bridge/lua/job_submit.lua");
    private static final Pattern SUBMITTED = Pattern.compile("Submitted batch job (\\d+)");

    @TempDir
    static Path dir;
    static NodeDaemon node;
    static RealSlurm slurm;

    @BeforeAll
    static void startNodeDaemonThenCluster() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path deploy = Files.createDirectories(dir.resolve("node/home/deploy"));
        FixturePlugins fixtures = new FixturePlugins(dir);
        Files.copy(fixtures.plugin("itest.realjs", "realjs").header("Slurm-Plugin-Type", "job_submit/realjs")
                .header("Slurm-Plugin-Name", "realjs").build(), deploy.resolve("itest.realjs.jar"));
        Files.copy(fixtures.plugin("itest.jsthrow", "jsthrow").header("Slurm-Plugin-Type", "job_submit/throwing")
                .header("Slurm-Plugin-Name", "throwing").build(), deploy.resolve("itest.jsthrow.jar"));
        Files.writeString(deploy.resolve("plugstack.slurm.cfg"), "JobSubmitPlugins=realjs,throwing\n");
        node = NodeDaemon.start(dir.resolve("node"), "# no SPANK plugin\n");
        String shim = Files.readString(SHIM).replace("\"/run/plugstack/ctld.sock\"", "\"" + node.socketDir().resolve("ctld.sock") + "\"");
        slurm = RealSlurm.start(dir.resolve("cluster"), Map.of("JOB_SUBMIT_PLUGINS", "lua"), Map.of("job_submit.lua", shim), 20817, 20818);
        awaitPolicy();
    }

    @AfterAll
    static void stopClusterThenNodeDaemon() throws Exception {
        RealSlurm.closeThen(slurm, node);
    }

    /** Until the daemon's plugins answer (FileInstall deploys them after the daemon starts): bounded. */
    private static void awaitPolicy() throws InterruptedException {
        Result r = null;
        for (int i = 0; i < 120; i++) {
            r = slurm.run(T, "sbatch", "-J", "refuse-me", "--wrap", "true");
            if (r.stderr().contains("realjs:")) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the Java policy never answered within 60 s: " + r + "\nnode daemon:\n" + node.log());
    }

    private static long jobId(Result r) {
        Matcher m = SUBMITTED.matcher(r.stdout());
        assertThat(m.find()).as("%s\nnode daemon:\n%s", r, node.log()).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static String showJob(long id) {
        return slurm.run(T, "scontrol", "-o", "show", "job", Long.toString(id)).assertOk().stdout();
    }

    @Test
    @Order(1)
    void aJavaPluginsRefusalStopsARealSbatchWithItsMessageAndSlurmsTextForTheCode() {
        Result r = slurm.run(T, "sbatch", "-J", "refuse-me", "--wrap", "true");
        assertThat(r.exitCode()).as("%s", r).isEqualTo(1);
        assertThat(r.stderr()).contains("sbatch: error: realjs: jobs named refuse-me are refused (uid 0)")
                .contains("sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified");
        Result user = slurm.runAs(RealSlurm.TEST_USER, T, "sbatch", "-J", "refuse-me", "--wrap", "true");
        String uid = slurm.run(T, "id", "-u", RealSlurm.TEST_USER).stdout().strip();
        assertThat(user.stderr()).as("%s", user).contains("realjs: jobs named refuse-me are refused (uid " + uid + ")");
    }

    @Test
    @Order(2)
    void fieldsAJavaPluginSetsAreOnTheRealJob() {
        long id = jobId(slurm.run(T, "sbatch", "-H", "-J", "stamp", "--wrap", "true").assertOk());
        assertThat(showJob(id)).contains("Comment=stamped-by-java").contains("TimeLimit=00:07:00");
        long own = jobId(slurm.run(T, "sbatch", "-H", "-J", "stamp", "-t", "3", "--comment=mine", "--wrap", "true").assertOk());
        assertThat(showJob(own)).contains("Comment=mine").contains("TimeLimit=00:03:00");
        slurm.run(T, "scancel", Long.toString(id), Long.toString(own)).assertOk();
    }

    @Test
    @Order(3)
    void scontrolUpdateJobReachesJobModifyWithTheRealJobRecord() {
        long id = jobId(slurm.run(T, "sbatch", "-H", "-J", "to-update", "--wrap", "true").assertOk());
        slurm.run(T, "scontrol", "update", "jobid=" + id, "comment=changed").assertOk();
        assertThat(showJob(id)).contains("Comment=changed").contains("AdminComment=modified-by-java: to-update " + id + " by uid 0");
        Result refused = slurm.run(T, "scontrol", "update", "jobid=" + id, "comment=refuse-update");
        assertThat(refused.exitCode()).as("%s", refused).isNotZero();
        assertThat(refused.stderr()).contains("Invalid account or account/partition combination specified");
        assertThat(showJob(id)).contains("Comment=changed");
        slurm.run(T, "scancel", Long.toString(id)).assertOk();
    }

    @Test
    @Order(4)
    void thePartitionsThePluginLooksUpAreTheClusters() {
        Result r = slurm.run(T, "sbatch", "-H", "-J", "show-partitions", "--wrap", "true").assertOk();
        int cpus = Runtime.getRuntime().availableProcessors();
        assertThat(r.stdout() + r.stderr()).contains("realjs: partitions debug:UP:default:4294967295:" + cpus);
        slurm.run(T, "scancel", Long.toString(jobId(r))).assertOk();
    }

    @Test
    @Order(5)
    void aThrowingJavaPluginRejectsTheJobNamingIt() {
        Result r = slurm.run(T, "sbatch", "-J", "boom", "--wrap", "true");
        assertThat(r.exitCode()).as("%s", r).isEqualTo(1);
        assertThat(r.stderr()).contains("sbatch: error: job_submit/throwing: internal error: java.lang.IllegalStateException: bug in the site plugin")
                .contains("Batch job submission failed: Unspecified error");
    }

    @Test
    @Order(6)
    void aSlowRuntimeRejectsWithinTheShimsTimeout() {
        long t0 = System.nanoTime();
        Result r = slurm.run(T, "sbatch", "-J", "sleep", "--wrap", "true");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(r.exitCode()).as("%s", r).isEqualTo(1);
        assertThat(r.stderr()).contains("sbatch: error: Plugstack unavailable: timed out after 2 s")
                .contains("Batch job submission failed: Unspecified error");
        assertThat(ms).as("sbatch's whole run").isLessThan(4000);
        // the next request reconnects and is served
        long id = jobId(slurm.run(T, "sbatch", "-H", "-J", "after-slow", "--wrap", "true").assertOk());
        slurm.run(T, "scancel", Long.toString(id)).assertOk();
    }

    @Test
    @Order(7)
    void theRuntimeDownRejectsAtOnceWithTheMessageAndServesAgainWhenBack() throws Exception {
        node.stop();
        try {
            long t0 = System.nanoTime();
            Result r = slurm.run(T, "sbatch", "-J", "while-down", "--wrap", "true");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertThat(r.exitCode()).as("%s", r).isEqualTo(1);
            assertThat(r.stderr()).contains("sbatch: error: Plugstack unavailable: " + node.socketDir().resolve("ctld.sock"))
                    .contains("Batch job submission failed: Unspecified error");
            assertThat(ms).isLessThan(2000);
        } finally {
            node.restart();
        }
        awaitPolicy();
        long id = jobId(slurm.run(T, "sbatch", "-H", "-J", "back", "--wrap", "true").assertOk());
        assertThat(showJob(id)).contains("Comment=stamped-by-java");
        slurm.run(T, "scancel", Long.toString(id)).assertOk();
    }
}
