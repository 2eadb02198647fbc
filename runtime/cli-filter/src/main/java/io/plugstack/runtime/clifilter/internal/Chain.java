package io.plugstack.runtime.clifilter.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.plugstack.api.clifilter.CliFilterPlugin;
import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.clifilter.CliFilterChain;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.api.slurm.SlurmLog;

/** The chain's machinery ({@link CliFilterChain} says the rules): the command's plugin instances, in list order. */
public final class Chain implements CliFilterChain {

    private final List<PluginCatalog.Instance> instances;
    private final List<String> types;
    private final SlurmLog log;

    private Chain(List<PluginCatalog.Instance> instances, List<String> types, SlurmLog log) {
        this.instances = instances;
        this.types = types;
        this.log = log;
    }

    /**
     * Loads the configured plugins; empty (after logging Slurm's messages) when one cannot be,
     * which is fatal for the command (CLI-1).
     */
    public static Optional<CliFilterChain> open(PluginCatalog catalog, String list, SlurmLog log) {
        List<PluginCatalog.Instance> instances = new ArrayList<>();
        List<String> types = new ArrayList<>();
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
        }
        return Optional.of(new Chain(instances, types, log));
    }

    private interface Hook {
        int call(CliFilterPlugin plugin);
    }

    private int inOrder(String name, Hook hook) {
        for (int i = 0; i < instances.size(); i++) {
            int rc;
            try {
                rc = hook.call((CliFilterPlugin) instances.get(i).plugin());
            } catch (RuntimeException | Error e) {
                log.error(types.get(i) + ": " + name + "() threw " + e);
                rc = -1;
            }
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
            try {
                ((CliFilterPlugin) instances.get(i).plugin()).postSubmit(offset, jobId, stepId);
            } catch (RuntimeException | Error e) {
                log.error(types.get(i) + ": post_submit() threw " + e);
            }
        }
    }

    @Override
    public void close() {
        instances.forEach(PluginCatalog.Instance::close);
    }
}
