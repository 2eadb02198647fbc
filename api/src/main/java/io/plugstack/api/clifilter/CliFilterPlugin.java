package io.plugstack.api.clifilter;

import org.osgi.annotation.versioning.ConsumerType;

import io.plugstack.api.plugin.SlurmPlugin;

/**
 * A cli_filter plugin (plugin_type "cli_filter/&lt;minor&gt;"), run inside salloc, sbatch and srun in
 * CliFilterPlugins order. All three functions are required, as in C. It runs client side and can be
 * bypassed, so policy must be enforced by job_submit too (CLI-4).
 */
@ConsumerType
public interface CliFilterPlugin extends SlurmPlugin {

    /**
     * Before any option is read, per job component; may set defaults. Skipped for srun inside an existing
     * allocation (CLI-3). Failing to set an option is no reason to return an error.
     *
     * @param early whether this is the early pass (sbatch calls it early, then once per component)
     * @return 0 to continue; non-zero stops the chain and the command ("cli_filter plugin terminated with error")
     */
    int setupDefaults(CliOptions options, boolean early);

    /**
     * After all options are read (defaults, #SBATCH, environment, command line), before anything is sent
     * to slurmctld; may read, change or unset options. Once per job component.
     *
     * @param offset the het job component; use it as the key for state kept for {@link #postSubmit}
     * @return 0 to continue; non-zero stops the chain and the command
     */
    int preSubmit(CliOptions options, int offset);

    /**
     * After the job (and for srun the step) id is known; the options are gone by then. Every plugin is
     * called; nothing is returned.
     *
     * @param stepId the step id for srun; NO_VAL (4294967294) for sbatch and salloc
     */
    void postSubmit(int offset, long jobId, long stepId);
}
