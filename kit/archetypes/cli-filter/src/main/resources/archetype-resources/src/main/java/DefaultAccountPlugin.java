package ${package};

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;

import io.plugstack.api.clifilter.CliFilterPlugin;
import io.plugstack.api.clifilter.CliOptions;

/**
 * Commands that name no account ({@code -A}/{@code --account}) charge {@code general}. Enable it in
 * slurm.conf's {@code CliFilterPlugins=${pluginName}}.
 *
 * <p>A cli_filter plugin runs inside srun, sbatch and salloc, as the user who typed the command; the
 * user can bypass it, so a policy that must hold belongs in a job_submit plugin too.
 */
@Component(service = CliFilterPlugin.class, scope = ServiceScope.PROTOTYPE)
public class DefaultAccountPlugin implements CliFilterPlugin {

    static final String ACCOUNT = "general";

    /** Before the command line is read: a default here is what the user's own -A replaces. */
    @Override
    public int setupDefaults(CliOptions options, boolean early) {
        options.set("account", ACCOUNT); // a default that cannot be set is no reason to stop the command
        return 0;
    }

    @Override
    public int preSubmit(CliOptions options, int offset) {
        return 0;
    }

    @Override
    public void postSubmit(int offset, long jobId, long stepId) {
    }
}
