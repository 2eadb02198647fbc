package io.plugstack.itest.realslurm;

import java.nio.file.Path;

/** {@link RealSlurmJobSubmitChecks} through the Lua shim on Debian 13's Slurm 24.11, in its own Debian root. */
class RealSlurmJobSubmitOnSlurm2411IT extends RealSlurmJobSubmitChecks {

    @Override
    ShimCluster start(Path dir) throws Exception {
        return ShimCluster.start(SlurmUnderTest.DEBIAN_13, dir, DAEMON_PLUGINS, "JOB_SUBMIT_PLUGINS", "job_submit.lua", "ctld.sock", 20817, 20818,
                FIXTURES);
    }
}
