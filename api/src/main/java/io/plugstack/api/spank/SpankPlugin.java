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
 * <p>Return 0 for success. Any other value from a <em>required</em> plugin stops the callback for the
 * rest of the stack and becomes the stack's result [21.08+]; from an optional plugin it is ignored
 * (SPANK-20). Generic {@link #init()}/{@link #fini()} are the plugin loader's, not SPANK callbacks.
 */
@ConsumerType
public interface SpankPlugin extends SlurmPlugin {

    /** slurm_spank_init: just after loading; in remote context before user options are applied (SPANK-18). */
    default int spankInit(Spank spank, List<String> args) {
        return 0;
    }

    /** slurm_spank_job_prolog: job_script context, with the prolog; a failing required plugin drains the node. */
    default int jobProlog(Spank spank, List<String> args) {
        return 0;
    }

    /** slurm_spank_init_post_opt: after options were processed (local, remote, allocator). */
    default int initPostOpt(Spank spank, List<String> args) {
        return 0;
    }

    /** slurm_spank_local_user_init: srun only, once job and step ids exist, before launch. */
    default int localUserInit(Spank spank, List<String> args) {
        return 0;
    }

    /** slurm_spank_user_init: remote, after privileges were temporarily dropped. */
    default int userInit(Spank spank, List<String> args) {
        return 0;
    }

    /** slurm_spank_task_init_privileged: remote, per task, in the child, still privileged. */
    default int taskInitPrivileged(Spank spank, List<String> args) {
        return 0;
    }

    /** slurm_spank_task_init: remote, per task, in the child as the user, just before exec. */
    default int taskInit(Spank spank, List<String> args) {
        return 0;
    }

    /** slurm_spank_task_post_fork: remote, per task, in the parent after fork. */
    default int taskPostFork(Spank spank, List<String> args) {
        return 0;
    }

    /** slurm_spank_task_exit: remote, per task, as its exit status is collected. */
    default int taskExit(Spank spank, List<String> args) {
        return 0;
    }

    /** slurm_spank_job_epilog: job_script context, with the epilog; a failing required plugin drains the node. */
    default int jobEpilog(Spank spank, List<String> args) {
        return 0;
    }

    /** slurm_spank_slurmd_exit: slurmd context, at daemon shutdown. */
    default int slurmdExit(Spank spank, List<String> args) {
        return 0;
    }

    /** slurm_spank_exit: last call in local, remote and allocator context (file order, not reversed). */
    default int exit(Spank spank, List<String> args) {
        return 0;
    }

    /**
     * slurm_spank_init_failure_mode [25.05+]: when this plugin is required and its init fails, the stack
     * returns this code instead of the callback's rc. Meaningful values: {@link SpankError#NODE_FAILURE}
     * (drain the node, the default) and {@link SpankError#JOB_FAILURE} (fail the job, keep the node).
     * Empty = the variable is not defined.
     */
    default Optional<SpankError> initFailureMode() {
        return Optional.empty();
    }

    /**
     * The static {@code spank_options} table, registered when the plugin is loaded. Ignored in allocator
     * context (sbatch, salloc, scrontab): register there with {@link Spank#optionRegister} in init
     * (SPANK-H-10).
     */
    default List<SpankOption> options() {
        return List.of();
    }
}
