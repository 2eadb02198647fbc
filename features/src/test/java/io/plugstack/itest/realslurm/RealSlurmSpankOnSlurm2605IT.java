package io.plugstack.itest.realslurm;

/** {@link RealSlurmSpankIT}'s every test again, on Debian testing's (forky) Slurm 26.05 in its own Debian root. */
@OnDebian("forky")
class RealSlurmSpankOnSlurm2605IT extends RealSlurmSpankIT {
}
