package io.plugstack.runtime.jobsubmit;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import org.osgi.annotation.versioning.ProviderType;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.jobsubmit.internal.Chain;

/**
 * slurmctld's job_submit chain (src/interfaces/job_submit.c): the configured plugins
 * (JobSubmitPlugins=, each with or without "job_submit/", optionally pinned) in list order on every
 * submission and modification; the first non-success stops it and is the result; all plugins share
 * one message slot, returned to the user whatever the result (JS-2, JS-3). A plugin that throws or
 * answers an unknown code is contained: the request fails, naming it, and the controller carries on.
 * As a service it reads JobSubmitPlugins from the ConfigAdmin configuration "plugstack.slurm".
 */
@ProviderType
public interface JobSubmitChain {

    /** The chain's answer: rc, the user message if any, and which plugin (or "slurmctld") decided. */
    record Result(int rc, Optional<String> message, String decidedBy) {
        public boolean ok() {
            return rc == 0;
        }
    }

    /** job_submit() of every plugin for a new job; site_factor is forced to NO_VAL first (JS-2). */
    Result submit(JobDescriptor desc, long submitUid);

    /** job_modify() of every plugin for {@code scontrol update job} by {@code uid}. */
    Result modify(JobDescriptor desc, JobRecord current, long uid);

    /**
     * JobSubmitPlugins= as the chain reads it now: its entries in order, each by its full type
     * ("job_submit/partition") with its pin if any; what the shell shows as enabled.
     *
     * @throws IllegalArgumentException naming an entry whose pin is malformed (the chain refuses jobs then)
     */
    List<PluginPin> configured();

    /** A chain over {@code catalog} outside a framework (benchmarks, a bridge's tests): {@code list} is JobSubmitPlugins=. */
    static JobSubmitChain over(PluginCatalog catalog, Supplier<String> list, SlurmLog log) {
        return new Chain(catalog, log).configured(list);
    }
}
