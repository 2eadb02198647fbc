package io.plugstack.itest.realslurm;

import java.nio.file.Path;

/**
 * {@link RealSlurmJobSubmitChecks} through the Lua shim, the no-build way: slurm.conf says
 * JobSubmitPlugins=lua, and Slurm's own job_submit/lua runs the distribution's bridge/lua/job_submit.lua
 * from the cluster's etc/. (Its known limit on 22.05, a partition or account change by scontrol update
 * failing on the leftover errno of its socket I/O, is what {@link RealSlurmJobSubmitPluginIT} checks.)
 */
class RealSlurmJobSubmitIT extends RealSlurmJobSubmitChecks {

    @Override
    ShimCluster start(Path dir) throws Exception {
        return ShimCluster.start(dir, DAEMON_PLUGINS, "JOB_SUBMIT_PLUGINS", "job_submit.lua", "ctld.sock", 20817, 20818, FIXTURES);
    }
}
