package io.plugstack.api.clifilter;

import org.osgi.annotation.versioning.ConsumerType;

import io.plugstack.api.plugin.SlurmPlugin;

/**
 * A cli_filter plugin (plugin_type "cli_filter/&lt;minor&gt;"), run inside salloc, sbatch and srun in
 * CliFilterPlugins order. All three functions are required, as in C. It runs client side and can be
 * bypassed, so policy must be enforced by job_submit too (CLI-4).
 *
 * <p><b>Processes.</b> The commands salloc, sbatch and srun (and scrontab and scrun through the common
 * option code) call the hooks, as the user who runs them, before and after they talk to slurmctld. The
 * Java code runs in the Plugstack runtime (the bench's commands, or under a real Slurm the node daemon,
 * reached through cli_filter/lua), possibly with more privilege than that user: act for the user with
 * {@link io.plugstack.api.user.OnBehalfOf} ({@link CliOptions#uid()}).
 *
 * <p><b>Return values.</b> setup_defaults and pre_submit: 0 lets the command go on; a non-zero value
 * stops the chain and the command ("cli_filter plugin terminated with error", CLI-2). post_submit returns
 * nothing, and every plugin is called.
 */
@ConsumerType
public interface CliFilterPlugin extends SlurmPlugin {

    /**
     * {@code cli_filter_p_setup_defaults}: "called by the salloc, sbatch, or srun command line interface
     * (CLI) programs shortly before processing any options from the environment, command line, or script
     * (#SBATCH). The hook may be run multiple times per job component, once for an early pass (if
     * implemented by the CLI), and again for the main pass." (cli_filter plugin API) May set defaults.
     * Skipped for srun inside an existing allocation (CLI-3). Failing to set an option is no reason to
     * return an error.
     *
     * <p>Processes: salloc, sbatch, srun.
     *
     * @param options the command's options, to set defaults in
     * @param early   whether this is the early pass (sbatch calls it early, then once per component)
     * @return 0 to continue; non-zero stops the chain and the command ("cli_filter plugin terminated with error")
     */
    int setupDefaults(CliOptions options, boolean early);

    /**
     * {@code cli_filter_p_pre_submit}: after all options are read (defaults, #SBATCH, environment, command
     * line), "before any communication with the slurmctld is made"; may read, change or unset options.
     * Once per job component. "This location is ideal for policy enforcement" (cli_filter plugin API),
     * though a user can bypass it.
     *
     * <p>Processes: salloc, sbatch, srun.
     *
     * @param options the command's options, final but for this chain
     * @param offset the het job component; use it as the key for state kept for {@link #postSubmit}
     * @return 0 to continue; non-zero stops the chain and the command
     */
    int preSubmit(CliOptions options, int offset);

    /**
     * {@code cli_filter_p_post_submit}: after the job (and for srun the step) id is known, "typically
     * before or in parallel with job execution"; the options are gone by then, so keep what you need from
     * {@link #preSubmit} under its offset. Every plugin is called; nothing is returned.
     *
     * <p>Processes: salloc, sbatch, srun.
     *
     * @param offset the het job component, as given to {@link #preSubmit}
     * @param jobId  the job's id
     * @param stepId the step id for srun; NO_VAL (4294967294) for sbatch and salloc
     */
    void postSubmit(int offset, long jobId, long stepId);
}
