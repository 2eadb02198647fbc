package io.plugstack.itest.realslurm;

/** {@link RealSlurmSpankIT}'s every test again, on Debian 13's Slurm 24.11 in its own Debian root. */
@OnDebian("trixie")
class RealSlurmSpankOnSlurm2411IT extends RealSlurmSpankIT {
}
