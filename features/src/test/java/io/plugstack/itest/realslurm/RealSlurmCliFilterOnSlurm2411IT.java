package io.plugstack.itest.realslurm;

/** {@link RealSlurmCliFilterIT}'s every test again, on Debian 13's Slurm 24.11 in its own Debian root. */
@OnDebian("trixie")
class RealSlurmCliFilterOnSlurm2411IT extends RealSlurmCliFilterIT {
}
