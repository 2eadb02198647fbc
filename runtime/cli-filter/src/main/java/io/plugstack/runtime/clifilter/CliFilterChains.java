package io.plugstack.runtime.clifilter;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import org.osgi.annotation.versioning.ProviderType;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.clifilter.internal.Chain;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginPin;

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

    /**
     * CliFilterPlugins= as the next command reads it: its entries in order, each by its full type
     * ("cli_filter/user_defaults") with its pin if any; what the shell shows as enabled.
     *
     * @throws IllegalArgumentException naming an entry whose pin is malformed (every command fails then)
     */
    List<PluginPin> configured();

    /** Chains over {@code catalog} outside a framework (benchmarks, tests): {@code list} is CliFilterPlugins=. */
    static CliFilterChains over(PluginCatalog catalog, Supplier<String> list) {
        return new CliFilterChains() {
            @Override
            public Optional<CliFilterChain> open(SlurmLog log) {
                return Chain.open(catalog, list.get(), log);
            }

            @Override
            public List<PluginPin> configured() {
                return PluginPin.configured(PluginFamily.CLI_FILTER, list.get());
            }
        };
    }
}
