package io.plugstack.itest.realslurm;

/** {@link RealSlurmJobVersionsIT}'s every test again, on Debian 13's Slurm 24.11 in its own Debian root. */
@OnDebian("trixie")
class RealSlurmJobVersionsOnSlurm2411IT extends RealSlurmJobVersionsIT {
}
