package io.plugstack.itest.realslurm;

/** {@link RealSlurmLuaTableIT} on Debian 13's Slurm 24.11: every name of its slurm_errtab, get_qos_priority. */
@OnDebian("trixie")
class RealSlurmLuaTableOnSlurm2411IT extends RealSlurmLuaTableIT {
}
