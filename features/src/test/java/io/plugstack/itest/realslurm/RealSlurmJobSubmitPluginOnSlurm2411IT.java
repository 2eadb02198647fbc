package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * {@link RealSlurmJobSubmitPluginIT} on Debian 13's Slurm 24.11: job_submit/plugstack built in its root
 * against 24.11's own source, loaded by its slurmctld.
 */
@OnDebian("trixie")
class RealSlurmJobSubmitPluginOnSlurm2411IT extends RealSlurmJobSubmitPluginIT {

    @Override
    ShimCluster start(Path dir) throws Exception {
        return ShimCluster.startJobSubmitPlugin(SlurmUnderTest.DEBIAN_13, dir, DAEMON_PLUGINS, Map.of(), 18817, 18818, FIXTURES);
    }

    /**
     * 24.11 reads errno after its association lookup too, and in a cluster without accounting that lookup
     * finds nothing, so the update's rc is the errno the RPC thread holds. Slurm 24.11.5 itself leaves one
     * there now and then: with no job_submit plugin at all, 67 of 200 partition and account changes failed
     * on this machine, 65 "Resource temporarily unavailable" and 2 "Interrupted system call". So here each
     * update either passes or fails with one of those, Slurm's own outcomes (never "Plugstack unavailable"
     * or a refusal of the chain), and the job really moves from debug to second and back (bounded: 40 tries).
     * (An account change passes but changes nothing here: Slurm sets a job's account from the association
     * it finds, and a cluster without accounting has none.)
     */
    @Override
    @Test
    @Order(20)
    void scontrolUpdateOfPartitionAndAccountPassesThroughThePlugin() {
        long id = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "to-move", "--wrap", "true").assertOk());
        List<String> moves = new java.util.ArrayList<>();
        String at = "debug";
        for (int round = 0; round < 40 && moves.size() < 2; round++) {
            String to = at.equals("debug") ? "second" : "debug";
            if (passedOrSlurmsOwnLeftoverErrno(id, slurm.run(T, "scontrol", "update", "jobid=" + id, "partition=" + to))) {
                assertThat(cluster.showJob(id)).contains("Partition=" + to + " ");
                moves.add(at + "->" + to);
                at = to;
            }
            passedOrSlurmsOwnLeftoverErrno(id, slurm.run(T, "scontrol", "update", "jobid=" + id, "account=acct" + round));
        }
        assertThat(moves).as("partition moves of job %d", id).startsWith("debug->second", "second->debug");
        slurm.run(T, "scancel", Long.toString(id)).assertOk();
    }

    /** What Slurm 24.11.5 with no job_submit plugin answered such updates when they failed (errno's text). */
    private static final List<String> SLURMS_OWN = List.of("Resource temporarily unavailable", "Interrupted system call");

    private static boolean passedOrSlurmsOwnLeftoverErrno(long id, Result r) {
        if (!r.ok()) {
            assertThat(r.stderr().strip()).as("an update that failed: %s", r)
                    .isIn(SLURMS_OWN.stream().map(e -> e + " for job " + id).toList());
        }
        return r.ok();
    }
}
