package io.plugstack.runtime.bench;

import java.util.List;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;

/** A job_submit chain with no JobSubmitPlugins=: every submission and modification accepted, as slurmctld without plugins. */
public final class AcceptingJobSubmitChain implements JobSubmitChain {

    public static final JobSubmitChain INSTANCE = new AcceptingJobSubmitChain();

    private AcceptingJobSubmitChain() {
    }

    @Override
    public Result submit(JobDescriptor desc, long submitUid) {
        return new Result(0, Optional.empty(), "");
    }

    @Override
    public Result modify(JobDescriptor desc, JobRecord current, long uid) {
        return new Result(0, Optional.empty(), "");
    }

    @Override
    public List<PluginPin> configured() {
        return List.of();
    }
}
