package io.plugstack.runtime.spank.internal;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.host.catalog.PluginCallGuard;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.spank.JobPluginVersions;
import io.plugstack.runtime.spank.stack.PluginResolver;

/**
 * Resolves plugstack.conf references, pinned or not, against the plugin catalog: the version the
 * catalog selects (the job's own, when it carries one), its live, initialised SPANK service for every context but job_script, which gets a fresh instance per run from
 * {@link FreshInstances}.
 */
final class CatalogResolver implements PluginResolver {

    private final PluginCatalog catalog;
    private final FreshInstances fresh;

    CatalogResolver(PluginCatalog catalog, FreshInstances fresh) {
        this.catalog = catalog;
        this.fresh = fresh;
    }

    @Override
    public PluginCallGuard calls() {
        return catalog.calls();
    }

    @Override
    public Resolution resolve(String reference, SpankContext context, JobPluginVersions job) {
        PluginPin pin;
        try {
            pin = PluginPin.parse(reference); // "renice@[1.2,1.3)": the line pins the versions it accepts
        } catch (IllegalArgumentException e) {
            return Resolution.failed(SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_NOTFOUND.code()) + ": " + e.getMessage());
        }
        // the version chosen may go (undeploy, upgrade) before its instance is taken: then choose again
        return catalog.selectAndTake(PluginFamily.SPANK, pin, job.bySymbolicName(),
                s -> s.plugin().map(ready -> load(ready, context)).orElseGet(() -> Resolution.failed(s.why())), r -> r.loaded() != null);
    }

    private Resolution load(PluginCatalog.ReadyPlugin ready, SpankContext context) {
        PluginRecord record = ready.record();
        String label = record.symbolicName();
        if (context == SpankContext.JOB_SCRIPT) {
            try {
                PluginCatalog.Instance f = fresh.open(record);
                return Resolution.of(new Loaded(record.name(), label, record.bundleVersion(), (SpankPlugin) f.plugin(), f));
            } catch (IllegalStateException e) {
                return Resolution.failed(SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_INVALID.code()) + ": " + e.getMessage());
            }
        }
        return catalog.instance(ready)
                .map(i -> Resolution.of(new Loaded(record.name(), label, record.bundleVersion(), (SpankPlugin) i.plugin(), i)))
                .orElseGet(() -> Resolution.failed(SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_INIT_FAILED.code())));
    }
}
