package io.plugstack.itest.realslurm;

/** {@link RealSlurmFailuresIT}'s every test again, on Debian testing's (forky) Slurm 26.05 in its own Debian root. */
@OnDebian("forky")
class RealSlurmFailuresOnSlurm2605IT extends RealSlurmFailuresIT {
}
