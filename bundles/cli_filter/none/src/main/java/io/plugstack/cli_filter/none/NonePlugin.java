package io.plugstack.cli_filter.none;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;

import io.plugstack.api.clifilter.CliFilterPlugin;
import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;

/**
 * cli_filter/none: every hook does nothing and answers SUCCESS; the options are never read or changed.
 *
 * <p><b>Which releases have it.</b> Slurm shipped this plugin until 23.02 and removed it in 23.11 (spec
 * CLI-10, the release table's {@link ReleaseBehaviour#CLI_FILTER_NONE_REMOVED}). Its component is
 * disabled until {@link NoneAtRelease} enables it at a release that has it; from 23.11 on no plugin is
 * registered at all, as Slurm 23.11 ships no cli_filter_none.so, so {@code CliFilterPlugins=cli_filter/none}
 * makes salloc, sbatch and srun fail as they do in Slurm (and the runtime's start logs nothing about a
 * plugin no site of that release uses). An empty {@code CliFilterPlugins} list is Slurm's own no-op and
 * what new configurations should use. init() refuses such a release too, should the plugin be created
 * another way.
 *
 * <p>Unlike the pre-23.11 C plugin it does not log on each hook: it does nothing at all.
 */
@Component(service = CliFilterPlugin.class, scope = ServiceScope.PROTOTYPE, enabled = false)
public class NonePlugin implements CliFilterPlugin {

    /** SLURM_SUCCESS. */
    static final int SUCCESS = 0;
    /** SLURM_ERROR. */
    static final int ERROR = -1;

    private final SlurmVersion release;
    private final Logger log;

    @Activate
    public NonePlugin(BundleContext context) {
        this(SlurmVersion.running(context::getProperty), System.getLogger("cli_filter/none"));
    }

    NonePlugin(SlurmVersion release, Logger log) {
        this.release = release;
        this.log = log;
    }

    /** Loads before 23.11; from 23.11 on there is no such plugin (plugin_context_create's message). */
    @Override
    public int init() {
        if (ReleaseBehaviour.CLI_FILTER_NONE_REMOVED.at(release)) {
            log.log(Level.ERROR, "cannot find cli_filter plugin for cli_filter/none: Slurm " + release
                    + " has none (removed in 23.11; an empty CliFilterPlugins is the no-op)");
            return ERROR;
        }
        return SUCCESS;
    }

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
