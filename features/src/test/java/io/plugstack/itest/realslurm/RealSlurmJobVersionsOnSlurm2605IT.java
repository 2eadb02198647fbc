package io.plugstack.itest.realslurm;

/** {@link RealSlurmJobVersionsIT}'s every test again, on Debian testing's (forky) Slurm 26.05 in its own Debian root. */
@OnDebian("forky")
class RealSlurmJobVersionsOnSlurm2605IT extends RealSlurmJobVersionsIT {
}
