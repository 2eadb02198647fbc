package io.plugstack.benchmarks;

import java.util.List;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginStatus;

/**
 * The ready job_submit plugins, one bundle each, as a fixed list: what the runtime's job_submit chain
 * resolves through. The runtime's catalog (PluginCatalogComponent) builds that list from its
 * ServiceTracker and the bundles' headers once per deploy; the chain then keeps it (generation 0 here
 * never changes), so that part is not measured.
 */
final class FixedCatalog implements PluginCatalog {
    private final List<ReadyPlugin> ready;
    private final List<PluginRecord> records;

    FixedCatalog(List<JobSubmitPlugin> plugins, List<String> types) {
        List<ReadyPlugin> r = new java.util.ArrayList<>();
        for (int i = 0; i < plugins.size(); i++) {
            String type = "job_submit/" + types.get(i);
            PluginRecord rec = new PluginRecord(10 + i, "io.plugstack.job_submit." + types.get(i), "0.1.0", "ACTIVE",
                    "plugins/io.plugstack.job_submit." + types.get(i) + "-0.1.0.jar", type, types.get(i), "25.11",
                    PluginStatus.READY, "", List.of("JobSubmitPlugin"));
            r.add(new ReadyPlugin(rec, plugins.get(i)));
        }
        this.ready = List.copyOf(r);
        this.records = r.stream().map(ReadyPlugin::record).toList();
    }

    @Override
    public List<PluginRecord> plugins() {
        return records;
    }

    @Override
    public Optional<PluginRecord> plugin(long bundleId) {
        return records.stream().filter(r -> r.bundleId() == bundleId).findFirst();
    }

    @Override
    public List<PluginRecord> byType(String type) {
        return records.stream().filter(r -> type.equals(r.type())).toList();
    }

    @Override
    public List<ReadyPlugin> ready(PluginFamily family) {
        return family == PluginFamily.JOB_SUBMIT ? ready : List.of();
    }

    @Override
    public Optional<Instance> instance(ReadyPlugin plugin) {
        return Optional.empty();
    }

    @Override
    public long generation() {
        return 0; // the plugin set never changes here, as between deploys in the runtime
    }

    @Override
    public String slurmRelease() {
        return "25.11";
    }
}
