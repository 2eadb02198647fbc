package io.plugstack.gogo.internal;

import java.util.List;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.clifilter.CliFilterChains;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;
import io.plugstack.runtime.spank.SessionOptions;
import io.plugstack.runtime.spank.SpankStacks;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/**
 * The services that own the plugins' settings, for the commands that show them (plugins, versions,
 * plugin): plugstack.conf's SPANK stacks and the job_submit and cli_filter chains.
 */
@Component(service = PluginSettings.class)
public final class PluginSettings {

    private final SpankStacks spank;
    private final JobSubmitChain jobSubmit;
    private final CliFilterChains cliFilter;

    @Activate
    public PluginSettings(@Reference SpankStacks spank, @Reference JobSubmitChain jobSubmit, @Reference CliFilterChains cliFilter) {
        this.spank = spank;
        this.jobSubmit = jobSubmit;
        this.cliFilter = cliFilter;
    }

    /** What is enabled now. */
    public EnabledPlugins enabled() {
        return EnabledPlugins.read(spank, jobSubmit, cliFilter);
    }

    /** The options srun --help lists for {@code conf} (plugstack.conf as read); {@code log} gets why there are none. */
    public List<SessionOptions.Provided> srunOptions(PlugstackConf.Result conf, String release, SlurmLog log) {
        return spank.localOptions(conf, SlurmVersion.parse(release), log);
    }
}
