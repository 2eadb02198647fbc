package io.plugstack.runtime.clifilter.internal;

import java.util.Map;
import java.util.Optional;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.clifilter.CliFilterChain;
import io.plugstack.runtime.clifilter.CliFilterChains;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginPin;

/**
 * The cli_filter host as a service, with slurm.conf's CliFilterPlugins= from the configuration
 * "plugstack.slurm" (changeable at run time: the next command loads the new list).
 */
@Component(service = CliFilterChains.class, configurationPid = "plugstack.slurm")
public final class CliFilterComponent implements CliFilterChains {

    private final PluginCatalog catalog;
    private volatile String list;

    @Activate
    public CliFilterComponent(Map<String, Object> properties, @Reference PluginCatalog catalog) {
        this.catalog = catalog;
        modified(properties);
    }

    @Modified
    void modified(Map<String, Object> properties) {
        list = PluginPin.listSetting(properties, "CliFilterPlugins");
    }

    @Override
    public Optional<CliFilterChain> open(SlurmLog log) {
        return Chain.open(catalog, list, log);
    }

    @Override
    public java.util.List<PluginPin> configured() {
        return PluginPin.configured(io.plugstack.api.plugin.PluginFamily.CLI_FILTER, list);
    }
}
