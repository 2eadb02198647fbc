package io.plugstack.runtime.bench.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.plugstack.api.clifilter.CliFilterPlugin;
import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.api.slurm.SlurmLog;

/**
 * A command's cli_filter chain (src/interfaces/cli_filter.c), loaded when the command starts, as
 * each srun/sbatch/salloc process loads it: setup_defaults and pre_submit run the plugins in order
 * while they succeed, the first failure ends the command; post_submit calls them all and ignores
 * what they return (CLI-2). A throwing plugin counts as a failure, named in the log.
 */
final class CliFilterChain implements AutoCloseable {

    /** What the command prints when a hook fails (CLI-2). */
    static final String TERMINATED = "cli_filter plugin terminated with error";

    private final List<PluginCatalog.Instance> instances;
    private final List<String> types;
    private final SlurmLog log;

    private CliFilterChain(List<PluginCatalog.Instance> instances, List<String> types, SlurmLog log) {
        this.instances = instances;
        this.types = types;
        this.log = log;
    }

    /**
     * Loads the configured plugins; empty (after logging Slurm's messages) when one cannot be,
     * which is fatal for the command (CLI-1).
     */
    static Optional<CliFilterChain> open(PluginCatalog catalog, String list, SlurmLog log) {
        List<PluginCatalog.Instance> instances = new ArrayList<>();
        List<String> types = new ArrayList<>();
        List<PluginPin> entries;
        try {
            entries = PluginList.entries(PluginFamily.CLI_FILTER, list);
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
        return Optional.of(new CliFilterChain(instances, types, log));
    }

    private interface Hook {
        int call(CliFilterPlugin plugin);
    }

    private int inOrder(String name, Hook hook) {
        for (int i = 0; i < instances.size(); i++) {
            int rc;
            try {
                rc = hook.call((CliFilterPlugin) instances.get(i).plugin());
            } catch (RuntimeException | LinkageError e) {
                log.error(types.get(i) + ": " + name + "() threw " + e);
                rc = -1;
            }
            if (rc != 0) {
                return rc;
            }
        }
        return 0;
    }

    int setupDefaults(CliOptions options, boolean early) {
        return inOrder("setup_defaults", p -> p.setupDefaults(options, early));
    }

    int preSubmit(CliOptions options, int offset) {
        return inOrder("pre_submit", p -> p.preSubmit(options, offset));
    }

    void postSubmit(int offset, long jobId, long stepId) {
        for (int i = 0; i < instances.size(); i++) {
            try {
                ((CliFilterPlugin) instances.get(i).plugin()).postSubmit(offset, jobId, stepId);
            } catch (RuntimeException | LinkageError e) {
                log.error(types.get(i) + ": post_submit() threw " + e);
            }
        }
    }

    @Override
    public void close() {
        instances.forEach(PluginCatalog.Instance::close);
    }
}
