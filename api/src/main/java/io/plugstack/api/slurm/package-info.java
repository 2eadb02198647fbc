/**
 * Slurm-wide data shared by every plugin family: the one errno table ({@link io.plugstack.api.slurm.SlurmErrno})
 * and the "unset"/"unlimited" sentinels ({@link io.plugstack.api.slurm.NoVal}).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package io.plugstack.api.slurm;
