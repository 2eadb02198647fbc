package io.plugstack.runtime.clifilter.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.plugstack.api.clifilter.CliFilterPlugin;
import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCallGuard;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.clifilter.CliFilterChain;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.api.slurm.SlurmLog;

/** The chain's machinery ({@link CliFilterChain} says the rules): the command's plugin instances, in list order. */
public final class Chain implements CliFilterChain {

    private final List<PluginCatalog.Instance> instances;
    private final List<String> types;
    /** Each plugin as the catalog knows it (symbolicName@version), for the call guard. */
    private final List<String> keys;
    private final PluginCallGuard calls;
    private final SlurmLog log;

    private Chain(List<PluginCatalog.Instance> instances, List<String> types, List<String> keys, PluginCallGuard calls, SlurmLog log) {
        this.instances = instances;
        this.types = types;
        this.keys = keys;
        this.calls = calls;
        this.log = log;
    }

    /**
     * Loads the configured plugins; empty (after logging Slurm's messages) when one cannot be,
     * which is fatal for the command (CLI-1).
     */
    public static Optional<CliFilterChain> open(PluginCatalog catalog, String list, SlurmLog log) {
        List<PluginCatalog.Instance> instances = new ArrayList<>();
        List<String> types = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        List<PluginPin> entries;
        try {
            entries = PluginPin.configured(PluginFamily.CLI_FILTER, list);
        } catch (IllegalArgumentException e) {
            log.error("CliFilterPlugins=" + list + ": " + e.getMessage());
            log.error("failed to initialize cli_filter plugin");
            return Optional.empty();
        }
        for (PluginPin entry : entries) {
            PluginCatalog.Selection s = catalog.select(PluginFamily.CLI_FILTER, entry);
            Optional<PluginCatalog.Instance> i = s.plugin().flatMap(catalog::instance);
            if (i.isEmpty()) {
                log.error("cannot create cli_filter context for " + entry + (s.why().isEmpty() ? "" : ": " + s.why()));
                log.error("failed to initialize cli_filter plugin");
                instances.forEach(PluginCatalog.Instance::close);
                return Optional.empty();
            }
            instances.add(i.get());
            types.add(entry.reference());
            keys.add(s.plugin().get().record().symbolicName() + "@" + s.plugin().get().record().bundleVersion());
        }
        return Optional.of(new Chain(instances, types, keys, catalog.calls(), log));
    }

    private interface Hook {
        int call(CliFilterPlugin plugin);
    }

    /** Plugin {@code i}'s {@code name} hook, within cli_filter's time limit; a failure (threw, overran) is logged and is rc -1. */
    private int call(int i, String name, Hook hook) {
        CliFilterPlugin plugin = (CliFilterPlugin) instances.get(i).plugin();
        PluginCallGuard.Outcome<Integer> o = calls.call(PluginFamily.CLI_FILTER, keys.get(i), name, () -> hook.call(plugin));
        if (!o.ok()) {
            log.error(types.get(i) + ": " + name + "() " + o.failure());
            return -1;
        }
        return o.value();
    }

    private int inOrder(String name, Hook hook) {
        for (int i = 0; i < instances.size(); i++) {
            int rc = call(i, name, hook);
            if (rc != 0) {
                return rc;
            }
        }
        return 0;
    }

    @Override
    public int setupDefaults(CliOptions options, boolean early) {
        return inOrder("setup_defaults", p -> p.setupDefaults(options, early));
    }

    @Override
    public int preSubmit(CliOptions options, int offset) {
        return inOrder("pre_submit", p -> p.preSubmit(options, offset));
    }

    @Override
    public void postSubmit(int offset, long jobId, long stepId) {
        for (int i = 0; i < instances.size(); i++) {
            call(i, "post_submit", p -> {
                p.postSubmit(offset, jobId, stepId);
                return 0;
            });
        }
    }

    @Override
    public void close() {
        instances.forEach(PluginCatalog.Instance::close);
    }
}
