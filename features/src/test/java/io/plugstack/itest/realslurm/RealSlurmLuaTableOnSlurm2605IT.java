package io.plugstack.itest.realslurm;

/** {@link RealSlurmLuaTableIT}: every name of its slurm_errtab, get_qos_priority and the serializers, on Debian testing's (forky) Slurm 26.05 in its own Debian root. */
@OnDebian("forky")
class RealSlurmLuaTableOnSlurm2605IT extends RealSlurmLuaTableIT {
}
