package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * {@link RealSlurmJobSubmitChecks} through job_submit/plugstack, the C plugin slurmctld loads itself
 * (JobSubmitPlugins=plugstack), built against the installed Slurm's own source; and what only it can do.
 */
class RealSlurmJobSubmitPluginIT extends RealSlurmJobSubmitChecks {

    @Override
    ShimCluster start(Path dir) throws Exception {
        return ShimCluster.startJobSubmitPlugin(dir, DAEMON_PLUGINS, 23817, 23818, FIXTURES);
    }

    /** Issue 27, item 3: the plugin's JOB_HELLO carries slurmctld's release; the daemon says which Slurm it serves. */
    @Test
    @Order(21)
    void theDaemonSaysWhichSlurmctldItServes() {
        slurm.run(T, "sbatch", "-H", "--wrap", "true").assertOk();
        String release = slurm.under().release();
        assertThat(node.log()).contains("node: job_submit/plugstack of a Slurm " + release + " slurmctld connected; the runtime plays " + release)
                .doesNotContain("slurmctld here is Slurm");
    }

    /**
     * Issue 27, item 1: 22.05's partition change reads errno after job_modify; the shim's socket I/O left
     * EAGAIN there and the update failed ("Resource temporarily unavailable") nearly every time. The
     * plugin gives errno back as Slurm left it: every one of these updates passes. (This cluster has no
     * accounting, so Slurm finds no association for the new account and keeps the job's own: the update's
     * rc is what errno decided.)
     */
    @Test
    @Order(20)
    void scontrolUpdateOfPartitionAndAccountPassesThroughThePlugin() {
        long id = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "to-move", "--wrap", "true").assertOk());
        for (int round = 0; round < 5; round++) {
            String partition = round % 2 == 0 ? "second" : "debug";
            slurm.run(T, "scontrol", "update", "jobid=" + id, "partition=" + partition).assertOk();
            assertThat(cluster.showJob(id)).contains("Partition=" + partition + " ");
            slurm.run(T, "scontrol", "update", "jobid=" + id, "account=acct" + round).assertOk();
        }
        slurm.run(T, "scancel", Long.toString(id)).assertOk();
    }
}
