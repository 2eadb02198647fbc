package io.plugstack.itest.realslurm;

/** {@link RealSlurmVersionsIT}'s every test again, on Debian 13's Slurm 24.11 in its own Debian root. */
@OnDebian("trixie")
class RealSlurmVersionsOnSlurm2411IT extends RealSlurmVersionsIT {
}
