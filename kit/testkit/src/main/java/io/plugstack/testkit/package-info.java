/**
 * The plugin author's test kit: what a unit test of a Slurm plugin written for Plugstack needs, shared by
 * the shipped plugins' own tests.
 *
 * <ul>
 *   <li>{@link io.plugstack.testkit.spank}: run a SPANK plugin through srun's, sbatch's and slurmstepd's
 *       callback sequences on the runtime's own SPANK engine, or call one callback with a handle.</li>
 *   <li>{@link io.plugstack.testkit.jobsubmit}: an in-memory slurmctld and job records for job_submit plugins.</li>
 *   <li>{@link io.plugstack.testkit.clifilter}: an option set for cli_filter plugins.</li>
 *   <li>{@link io.plugstack.testkit.RecordingLogger}: the lines a plugin logs, for assertions.</li>
 * </ul>
 *
 * <p>Use it in test scope: {@code io.plugstack:io.plugstack.testkit}, at the version the BOM pins. Tests that
 * need the whole runtime (a real Felix, the bench's srun and sbatch) use {@code io.plugstack.paxexam} instead.
 */
package io.plugstack.testkit;
