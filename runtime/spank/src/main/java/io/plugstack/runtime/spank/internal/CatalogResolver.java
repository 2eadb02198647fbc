package io.plugstack.runtime.spank.internal;

import java.util.Optional;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginStatus;
import io.plugstack.runtime.spank.stack.PluginResolver;

/**
 * Resolves plugstack.conf references against the plugin catalog: the live, initialised SPANK
 * service for every context but job_script, which gets a fresh instance per run from
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
    public Resolution resolve(String reference, SpankContext context) {
        Optional<PluginCatalog.ReadyPlugin> ready = catalog.ready(PluginFamily.SPANK).stream()
                .filter(r -> PluginReference.names(reference, r.record())).findFirst();
        if (ready.isEmpty()) {
            return Resolution.failed(whyNot(reference));
        }
        PluginRecord record = ready.get().record();
        String label = record.symbolicName();
        if (context == SpankContext.JOB_SCRIPT) {
            try {
                PluginCatalog.Instance f = fresh.open(record);
                return Resolution.of(new Loaded(record.name(), label, (SpankPlugin) f.plugin(), f));
            } catch (IllegalStateException e) {
                return Resolution.failed(SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_INVALID.code()) + ": " + e.getMessage());
            }
        }
        return catalog.instance(ready.get())
                .map(i -> Resolution.of(new Loaded(record.name(), label, (SpankPlugin) i.plugin(), i)))
                .orElseGet(() -> Resolution.failed(SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_INIT_FAILED.code())));
    }

    /** Slurm's strerror for the load failure, with what the catalog knows. */
    private String whyNot(String reference) {
        Optional<PluginRecord> known = catalog.plugins().stream().filter(r -> PluginReference.names(reference, r)).findFirst();
        if (known.isEmpty()) {
            return SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_NOTFOUND.code());
        }
        PluginRecord r = known.get();
        String code = switch (r.status()) {
            case REFUSED -> SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_BAD_VERSION.code());
            case INIT_FAILED -> SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_INIT_FAILED.code());
            default -> SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_NOT_LOADED.code());
        };
        return code + " (" + r.symbolicName() + " [" + r.bundleId() + "] is " + r.status()
                + (r.status() == PluginStatus.READY ? "" : r.detail().isEmpty() ? "" : ": " + r.detail()) + ")";
    }
}
