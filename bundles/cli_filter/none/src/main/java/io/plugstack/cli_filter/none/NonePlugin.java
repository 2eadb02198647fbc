package io.plugstack.cli_filter.none;

import org.osgi.service.component.annotations.Component;

import io.plugstack.api.clifilter.CliFilterPlugin;
import io.plugstack.api.clifilter.CliOptions;

/**
 * cli_filter/none: every hook does nothing and answers SUCCESS; the options are never read or changed.
 *
 * <p><b>Why it exists.</b> Slurm shipped this plugin until 23.02 and removed it in 23.11 (spec CLI-10);
 * Plugstack emulates 25.11, where {@code CliFilterPlugins=cli_filter/none} would make salloc, sbatch and
 * srun fail ("failed to initialize cli_filter plugin"). It is shipped only so that sites migrating
 * configurations written for Slurm before 23.11 keep working. An empty {@code CliFilterPlugins} list is
 * Slurm's own no-op and is what new configurations should use.
 *
 * <p>Unlike the pre-23.11 C plugin it does not log on each hook: it does nothing at all.
 */
@Component(service = CliFilterPlugin.class)
public class NonePlugin implements CliFilterPlugin {

    /** SLURM_SUCCESS. */
    static final int SUCCESS = 0;

    @Override
    public int setupDefaults(CliOptions options, boolean early) {
        return SUCCESS;
    }

    @Override
    public int preSubmit(CliOptions options, int offset) {
        return SUCCESS;
    }

    @Override
    public void postSubmit(int offset, long jobId, long stepId) {
        // nothing to do
    }
}
