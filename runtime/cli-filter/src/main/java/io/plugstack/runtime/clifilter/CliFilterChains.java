package io.plugstack.runtime.clifilter;

import java.util.Optional;
import java.util.function.Supplier;

import org.osgi.annotation.versioning.ProviderType;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.clifilter.internal.Chain;
import io.plugstack.runtime.host.catalog.PluginCatalog;

/**
 * Where commands get their cli_filter chain: the plugins of CliFilterPlugins= (as a service, from the
 * ConfigAdmin configuration "plugstack.slurm"), loaded when the command starts.
 */
@ProviderType
public interface CliFilterChains {

    /**
     * Loads the configured plugins for one command, logging to the command's {@code log}; empty (after
     * logging Slurm's messages) when one cannot be loaded, which is fatal for the command (CLI-1).
     */
    Optional<CliFilterChain> open(SlurmLog log);

    /** Chains over {@code catalog} outside a framework (benchmarks, tests): {@code list} is CliFilterPlugins=. */
    static CliFilterChains over(PluginCatalog catalog, Supplier<String> list) {
        return log -> Chain.open(catalog, list.get(), log);
    }
}
