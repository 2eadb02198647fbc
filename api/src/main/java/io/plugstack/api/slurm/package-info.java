/**
 * Slurm-wide data shared by every plugin family: the one errno table ({@link io.plugstack.api.slurm.SlurmErrno})
 * and the "unset"/"unlimited" sentinels ({@link io.plugstack.api.slurm.NoVal}).
 *
 * <h2>Where to start</h2>
 * A job_submit plugin returns {@link io.plugstack.api.slurm.SlurmErrno} codes and compares fields with
 * {@link io.plugstack.api.slurm.NoVal}'s sentinels; {@link io.plugstack.api.slurm.TimeStr} and
 * {@link io.plugstack.api.slurm.MailType} parse what users write for --time and --mail-type;
 * {@link io.plugstack.api.slurm.SlurmLog} is Slurm's log line format.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.4.0")
package io.plugstack.api.slurm;
