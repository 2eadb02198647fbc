package io.plugstack.itest.realslurm;

/** {@link RealSlurmCliFilterIT}'s every test again, on Debian testing's (forky) Slurm 26.05 in its own Debian root. */
@OnDebian("forky")
class RealSlurmCliFilterOnSlurm2605IT extends RealSlurmCliFilterIT {
}
