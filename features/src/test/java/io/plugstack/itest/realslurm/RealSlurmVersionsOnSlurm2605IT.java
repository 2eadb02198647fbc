package io.plugstack.itest.realslurm;

/** {@link RealSlurmVersionsIT}'s every test again, on Debian testing's (forky) Slurm 26.05 in its own Debian root. */
@OnDebian("forky")
class RealSlurmVersionsOnSlurm2605IT extends RealSlurmVersionsIT {
}
