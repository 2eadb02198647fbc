/**
 * Testing a SPANK plugin on the runtime's own SPANK engine (the stack, the handle with spank.h's item and
 * call rules, option processing and forwarding, release differences), which also serves a real Slurm
 * through the node daemon and the bench's srun.
 *
 * <ul>
 *   <li>{@link io.plugstack.testkit.spank.SpankRunner}: the callback sequences of srun (then slurmstepd for
 *       its step), sbatch, slurmstepd alone, slurmd and the prolog/epilog, with options, environment, tasks
 *       and release; the result is a {@link io.plugstack.testkit.spank.SpankRun}.</li>
 *   <li>{@link io.plugstack.testkit.spank.FakeSpank}: a handle for calling one callback directly.</li>
 * </ul>
 *
 * <p>The order of the calls, and what each process prints and does when one fails, is taken from Slurm's
 * source (srun.c, sbatch.c, slurmstepd's mgr.c) into one table. Among its consequences: slurmstepd calls
 * task_post_fork for every task before any task's task_init (the tasks wait for the parent before exec).
 */
package io.plugstack.testkit.spank;
