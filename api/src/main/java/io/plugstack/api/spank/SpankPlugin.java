package io.plugstack.api.spank;

import java.util.List;
import java.util.Optional;

import org.osgi.annotation.versioning.ConsumerType;

import io.plugstack.api.plugin.SlurmPlugin;

/**
 * A SPANK plugin: the OSGi service a bundle registers instead of a C plugin's exported symbols.
 *
 * <p>Every callback is a default method returning 0, and overriding one is what "defining the symbol"
 * means: the host calls only overridden callbacks ({@link SpankCallback#isImplementedBy(Class)}), and a
 * plugin that overrides none fails to load ("exports 0 symbols", SPANK-12). All callbacks share C's
 * signature: the handle, and {@code args} = the words after the plugin on its plugstack.conf line
 * (empty when there are none).
 *
 * <p><b>Contexts.</b> spank(8): "SPANK plugins are loaded in up to five separate contexts during a Slurm
 * job": <em>local</em> (srun), <em>remote</em> (slurmstepd), <em>allocator</em> (salloc, sbatch,
 * scrontab), <em>slurmd</em> (the slurmd daemon itself) and <em>job_script</em> (the job prolog or
 * epilog; no state is shared with the other contexts, nor between one prolog or epilog run and the
 * next). Each callback below names the contexts it is called in ({@link SpankCallback#contexts()} holds
 * the same table); {@link Spank#context()} says which one is running. The Java code itself always runs
 * in the Plugstack runtime (the job-launch bench, or under a real Slurm the node daemon, as its user)
 * on behalf of that Slurm process; the runtime applies the results (return code, environment, options,
 * log lines) in the calling process.
 *
 * <p><b>Return values.</b> Return 0 for success. Any other value from a <em>required</em> plugin stops
 * the callback for the rest of the stack and becomes the stack's result [21.08+]; from an optional
 * plugin it is ignored (SPANK-20). What a failed stack then does to the command, the job and the node is
 * spank(8)'s Errors table (Slurm 23.11 and later, see
 * {@link io.plugstack.api.plugin.ReleaseBehaviour#SPANK_STEP_FAILURE_FAILS_COMMAND}); each callback's
 * {@code @return} quotes its rows. Generic {@link #init()}/{@link #fini()} are the plugin loader's, not
 * SPANK callbacks.
 */
@ConsumerType
public interface SpankPlugin extends SlurmPlugin {

    /**
     * {@code slurm_spank_init}: "Called just after plugins are loaded. In remote context, this is just
     * after job step is initialized. This function is called before any plugin option processing."
     * (spank.8) In remote context the user's options are applied only after it returns (SPANK-18): read
     * them in {@link #initPostOpt} or later. In a heterogeneous job it is invoked once per job component.
     * The only callback in which {@link Spank#optionRegister} is valid. In slurmd context it runs once,
     * when slurmd starts.
     *
     * <p>Contexts: local (srun), remote (slurmstepd), allocator (sbatch, salloc, scrontab), slurmd.
     *
     * @param spank the handle, valid during this call only
     * @param args  the words after the plugin on its plugstack.conf line
     * @return 0 for success. Non-zero from a required plugin: srun, salloc and sbatch exit 1 and the job
     *         fails (local and allocator context; sbatch submits nothing); in remote context srun and
     *         salloc exit 1 without failing the job, and under sbatch the node is drained (the job may be
     *         requeued) unless {@link #initFailureMode()} says {@link SpankError#JOB_FAILURE}; scrontab
     *         exits 1. In slurmd context slurmd does not start.
     */
    default int spankInit(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * {@code slurm_spank_job_prolog}: "Called at the same time as the job prolog." (spank.8) It runs in
     * its own helper process ({@code slurmstepd spank prolog}) with a fresh stack: no {@link #spankInit},
     * no state shared with any other context or prolog run, and options only through
     * {@link Spank#optionGetopt}. It runs before the configured Prolog, which runs even if it fails.
     *
     * <p>Contexts: job_script (the prolog helper).
     *
     * @param spank the handle, valid during this call only
     * @param args  the words after the plugin on its plugstack.conf line
     * @return 0 for success. "If this function returns a non-zero value and the SPANK plugin that
     *         contains it is required in the plugstack.conf, the node that this is run on will be
     *         drained." (spank.8)
     */
    default int jobProlog(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * {@code slurm_spank_init_post_opt}: "Called at the same point as slurm_spank_init, but after all
     * user options to the plugin have been processed." (spank.8) Site-wide options from plugstack.conf
     * are handled in init, user options in between, and the action they call for here.
     *
     * <p>Contexts: local (srun), remote (slurmstepd), allocator (sbatch, salloc).
     *
     * @param spank the handle, valid during this call only
     * @param args  the words after the plugin on its plugstack.conf line
     * @return 0 for success. Non-zero from a required plugin: srun (local), salloc and sbatch (allocator)
     *         exit 1 and the job fails; spank.8's table has no row for remote context.
     */
    default int initPostOpt(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * {@code slurm_spank_local_user_init}: "Called in local (srun) context only after all options have
     * been processed. This is called after the job ID and step IDs are available. This happens in srun
     * after the allocation is made, but before tasks are launched." (spank.8)
     *
     * <p>Contexts: local (srun).
     *
     * @param spank the handle, valid during this call only
     * @param args  the words after the plugin on its plugstack.conf line
     * @return 0 for success. Non-zero from a required plugin: srun exits 1 and the job fails.
     */
    default int localUserInit(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * {@code slurm_spank_user_init}: "Called after privileges are temporarily dropped. (remote context
     * only)" (spank.8), once per step, before any task is forked.
     *
     * <p>Contexts: remote (slurmstepd).
     *
     * @param spank the handle, valid during this call only
     * @param args  the words after the plugin on its plugstack.conf line
     * @return 0 for success. Non-zero from a required plugin: under srun nothing visible (exit 0, job not
     *         failed); under salloc exit 1 and the job fails; under sbatch the job fails and the node is
     *         drained.
     */
    default int userInit(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * {@code slurm_spank_task_init_privileged}: "Called for each task just after fork, but before all
     * elevated privileges are dropped. This can run in parallel with slurm_spank_task_post_fork."
     * (spank.8) It runs for the task's child process, still privileged; the task items
     * ({@link SpankItem#S_TASK_ID} ...), {@link Spank#prependTaskArgv} and {@link Spank#setTaskNiceness}
     * are valid here.
     *
     * <p>Contexts: remote (slurmstepd, the task's child process).
     *
     * @param spank the handle, valid during this call only
     * @param args  the words after the plugin on its plugstack.conf line
     * @return 0 for success. Non-zero from a required plugin: the job fails (srun and salloc exit 1),
     *         under srun, salloc and sbatch alike; the node is not drained.
     */
    default int taskInitPrivileged(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * {@code slurm_spank_task_init}: "Called for each task just before execve (2). If you are restricting
     * memory with cgroups, memory allocated here will be in the job's cgroup." (spank.8) It runs for the
     * task's child process, as the job's user; the task items, {@link Spank#prependTaskArgv} and
     * {@link Spank#setTaskNiceness} are valid here too.
     *
     * <p>Contexts: remote (slurmstepd, the task's child process).
     *
     * @param spank the handle, valid during this call only
     * @param args  the words after the plugin on its plugstack.conf line
     * @return 0 for success. Non-zero from a required plugin: the job fails (srun and salloc exit 1),
     *         under srun, salloc and sbatch alike; the node is not drained.
     */
    default int taskInit(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * {@code slurm_spank_task_post_fork}: "Called for each task from parent process after fork (2) is
     * complete. Due to the fact that slurmd does not exec any tasks until all tasks have completed fork
     * (2), this call is guaranteed to run before the user task is executed. This can run in parallel
     * with slurm_spank_task_init_privileged." (spank.8)
     *
     * <p>Contexts: remote (slurmstepd, the parent of the tasks).
     *
     * @param spank the handle, valid during this call only
     * @param args  the words after the plugin on its plugstack.conf line
     * @return 0 for success. Non-zero from a required plugin: under srun nothing visible; under salloc
     *         exit 1 and the job fails; under sbatch the job fails and the node is drained.
     */
    default int taskPostFork(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * {@code slurm_spank_task_exit}: "Called for each task as its exit status is collected by Slurm."
     * (spank.8) {@link SpankItem#S_TASK_EXIT_STATUS} is valid only here.
     *
     * <p>Contexts: remote (slurmstepd).
     *
     * @param spank the handle, valid during this call only
     * @param args  the words after the plugin on its plugstack.conf line
     * @return 0 for success. Non-zero changes neither the command's exit code nor the job nor the node
     *         (spank.8's table), though a required plugin's still stops the callback for the plugins
     *         after it.
     */
    default int taskExit(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * {@code slurm_spank_job_epilog}: "Called at the same time as the job epilog." (spank.8) Like
     * {@link #jobProlog}, in its own helper process ({@code slurmstepd spank epilog}) with a fresh stack
     * and no state shared with any other context; options only through {@link Spank#optionGetopt}.
     *
     * <p>Contexts: job_script (the epilog helper).
     *
     * @param spank the handle, valid during this call only
     * @param args  the words after the plugin on its plugstack.conf line
     * @return 0 for success. "If this function returns a non-zero value and the SPANK plugin that
     *         contains it is required in the plugstack.conf, the node that this is run on will be
     *         drained." (spank.8)
     */
    default int jobEpilog(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * {@code slurm_spank_slurmd_exit}: "Called in slurmd when the daemon is shut down." (spank.8)
     *
     * <p>Contexts: slurmd.
     *
     * @param spank the handle, valid during this call only
     * @param args  the words after the plugin on its plugstack.conf line
     * @return 0 for success; spank.8's table has no row for it (the daemon is stopping either way).
     */
    default int slurmdExit(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * {@code slurm_spank_exit}: "Called once just before slurmstepd exits in remote context. In local
     * context, called before srun exits." (spank.8) The allocators call it as they exit too. The last
     * call of a stack, in file order (not reversed, SPANK-19).
     *
     * <p>Contexts: local (srun), remote (slurmstepd), allocator (sbatch, salloc, scrontab).
     *
     * @param spank the handle, valid during this call only
     * @param args  the words after the plugin on its plugstack.conf line
     * @return 0 for success. Non-zero from a required plugin never changes the command's exit code or the
     *         node; spank.8's table marks the job failed for srun and salloc, not for sbatch or scrontab.
     */
    default int exit(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * {@code slurm_spank_init_failure_mode} [25.05+], a variable the loader reads, not a callback: "When a
     * slurm_spank_init call fails, change how that failure is handled by Slurm." (spank.8) When this
     * plugin is required and its init fails, the stack returns this code instead of the callback's rc.
     * Meaningful values: {@link SpankError#NODE_FAILURE} ("Slurm considers the node to be at fault and
     * marks it as drained. The job may be requeued. This is the default.") and
     * {@link SpankError#JOB_FAILURE} ("Slurm considers the job to be at fault and marks it as failed (not
     * to be requeued). The node will not be drained.").
     *
     * @return the failure mode; empty = the variable is not defined (Slurm's default applies)
     */
    default Optional<SpankError> initFailureMode() {
        return Optional.empty();
    }

    /**
     * The static {@code spank_options} table, registered when the plugin is loaded. Ignored in allocator
     * context (sbatch, salloc, scrontab): register there with {@link Spank#optionRegister} in init
     * (SPANK-H-10).
     *
     * @return the options, in the order the table would list them; empty for none
     */
    default List<SpankOption> options() {
        return List.of();
    }
}
