package io.plugstack.itest.realslurm;

/** {@link RealSlurmFailuresIT}'s every row again, on Debian 13's Slurm 24.11 in its own Debian root. */
@OnDebian("trixie")
class RealSlurmFailuresOnSlurm2411IT extends RealSlurmFailuresIT {
}
