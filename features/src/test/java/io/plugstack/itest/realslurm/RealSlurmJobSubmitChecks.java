package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * Java job_submit plugins in a real slurmctld (issue 13 items 1 and 3), whichever way slurmctld reaches
 * the node daemon's ctld.sock (the subclasses: the Lua shim, the C plugin): the daemon's JobSubmitPlugins=
 * (deploy/plugstack.slurm.cfg) lists two fixture plugins, realjs (a site policy keyed on the job name)
 * and throwing (a plugin with a bug), and every behaviour here is the same through both.
 */
@Timeout(180)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class RealSlurmJobSubmitChecks {

    static final Duration T = Duration.ofSeconds(30);
    static final String DAEMON_PLUGINS = "JobSubmitPlugins=realjs,throwing\n";
    static final ShimCluster.Fixture[] FIXTURES = {
        new ShimCluster.Fixture("itest.realjs", "realjs", "job_submit/realjs", "realjs"),
        new ShimCluster.Fixture("itest.jsthrow", "jsthrow", "job_submit/throwing", "throwing") };

    ShimCluster cluster;
    NodeDaemon node;
    RealSlurm slurm;

    /** The daemon with {@link #DAEMON_PLUGINS} and {@link #FIXTURES}, and the cluster that reaches it this subclass's way. */
    abstract ShimCluster start(Path dir) throws Exception;

    @BeforeAll
    void startNodeDaemonThenCluster(@TempDir Path dir) throws Exception {
        cluster = start(dir);
        node = cluster.node;
        slurm = cluster.slurm;
        cluster.awaitAnswer("realjs:", "sbatch", "-J", "refuse-me", "--wrap", "true");
    }

    @AfterAll
    void stopClusterThenNodeDaemon() throws Exception {
        ShimCluster.closeQuietly(cluster);
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
        long id = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "stamp", "--wrap", "true").assertOk());
        assertThat(cluster.showJob(id)).contains("Comment=stamped-by-java").contains("TimeLimit=00:07:00");
        long own = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "stamp", "-t", "3", "--comment=mine", "--wrap", "true").assertOk());
        assertThat(cluster.showJob(own)).contains("Comment=mine").contains("TimeLimit=00:03:00");
        slurm.run(T, "scancel", Long.toString(id), Long.toString(own)).assertOk();
    }

    @Test
    @Order(3)
    void scontrolUpdateJobReachesJobModifyWithTheRealJobRecord() {
        long id = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "to-update", "--wrap", "true").assertOk());
        slurm.run(T, "scontrol", "update", "jobid=" + id, "comment=changed").assertOk();
        assertThat(cluster.showJob(id)).contains("Comment=changed").contains("AdminComment=modified-by-java: to-update " + id + " by uid 0");
        Result refused = slurm.run(T, "scontrol", "update", "jobid=" + id, "comment=refuse-update");
        assertThat(refused.exitCode()).as("%s", refused).isNotZero();
        assertThat(refused.stderr()).contains("Invalid account or account/partition combination specified");
        assertThat(cluster.showJob(id)).contains("Comment=changed");
        slurm.run(T, "scancel", Long.toString(id)).assertOk();
    }

    @Test
    @Order(4)
    void thePartitionsThePluginLooksUpAreTheClusters() {
        Result r = slurm.run(T, "sbatch", "-H", "-J", "show-partitions", "--wrap", "true").assertOk();
        int cpus = Runtime.getRuntime().availableProcessors();
        assertThat(r.stdout() + r.stderr()).contains("realjs: partitions debug:UP:default:4294967295:" + cpus);
        slurm.run(T, "scancel", Long.toString(cluster.jobId(r))).assertOk();
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
    void aSlowRuntimeRejectsWithinTheTimeout() {
        long t0 = System.nanoTime();
        Result r = slurm.run(T, "sbatch", "-J", "sleep", "--wrap", "true");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(r.exitCode()).as("%s", r).isEqualTo(1);
        assertThat(r.stderr()).contains("sbatch: error: Plugstack unavailable: timed out after 2 s")
                .contains("Batch job submission failed: Unspecified error");
        assertThat(ms).as("sbatch's whole run").isLessThan(4000);
        // the next request reconnects and is served
        long id = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "after-slow", "--wrap", "true").assertOk());
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
        cluster.awaitAnswer("realjs:", "sbatch", "-J", "refuse-me", "--wrap", "true");
        long id = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "back", "--wrap", "true").assertOk());
        assertThat(cluster.showJob(id)).contains("Comment=stamped-by-java");
        slurm.run(T, "scancel", Long.toString(id)).assertOk();
    }

    /**
     * Issue 25: job_submit runs in slurmctld as SlurmUser, so here it runs in the node daemon's ctld role,
     * as SlurmUser (slurm), not root: a Java plugin's own read of /etc/shadow is refused by the kernel.
     */
    @Test
    @Order(8)
    void aJavaJobSubmitPluginRunsAsSlurmUserWithoutRootsRights() {
        Result r = slurm.runAs(RealSlurm.TEST_USER, T, "sbatch", "-J", "js-shadow", "--wrap", "true");
        assertThat(r.exitCode()).as("%s", r).isEqualTo(1);
        assertThat(r.stderr()).as("%s%nnode daemon:%n%s", r, node.log()).contains("realjs: /etc/shadow: AccessDeniedException; runs as slurm");
    }
}
