package io.plugstack.itest.realslurm;

import java.nio.file.Path;

/** {@link RealSlurmJobSubmitChecks} through the Lua shim on Debian testing's (forky) Slurm 26.05, in its own Debian root. */
class RealSlurmJobSubmitOnSlurm2605IT extends RealSlurmJobSubmitChecks {

    @Override
    ShimCluster start(Path dir) throws Exception {
        return ShimCluster.start(SlurmUnderTest.DEBIAN_FORKY, dir, DAEMON_PLUGINS, "JOB_SUBMIT_PLUGINS", "job_submit.lua", "ctld.sock", 20817, 20818,
                FIXTURES);
    }
}
