package io.plugstack.itest.realslurm;

/** {@link RealSlurmJobDescProbeIT} on Debian 13's Slurm 24.11: its own job_submit/lua against job_submit/plugstack built for it. */
@OnDebian("trixie")
class RealSlurmJobDescProbeOnSlurm2411IT extends RealSlurmJobDescProbeIT {
}
