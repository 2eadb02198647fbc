package io.plugstack.runtime.jobsubmit.internal;

import java.util.Map;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;

/**
 * The controller's job_submit chain as a service, with slurm.conf's JobSubmitPlugins= from the
 * configuration "plugstack.slurm" (changeable at run time: the next request uses the new list).
 * Its messages are slurmctld's log lines.
 */
@Component(service = JobSubmitChain.class, configurationPid = "plugstack.slurm")
public final class JobSubmitComponent implements JobSubmitChain {

    private final JobSubmitChain chain;
    private volatile String list;

    @Activate
    public JobSubmitComponent(Map<String, Object> properties, @Reference PluginCatalog catalog) {
        modified(properties);
        this.chain = new Chain(catalog, SlurmLog.lines("slurmctld", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0)).configured(() -> list);
    }

    @Modified
    void modified(Map<String, Object> properties) {
        list = PluginPin.listSetting(properties, "JobSubmitPlugins");
    }

    @Override
    public Result submit(JobDescriptor desc, long submitUid) {
        return chain.submit(desc, submitUid);
    }

    @Override
    public Result modify(JobDescriptor desc, JobRecord current, long uid) {
        return chain.modify(desc, current, uid);
    }

    @Override
    public java.util.List<PluginPin> configured() {
        return chain.configured();
    }
}
