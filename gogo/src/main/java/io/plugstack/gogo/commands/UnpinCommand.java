package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.Outcomes;
import io.plugstack.runtime.host.catalog.PluginVersions;

/** {@code plugstack:unpin}: remove a plugin's pin (the highest version that resolves and inits runs). */
@Component(service = UnpinCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "unpin"})
public final class UnpinCommand {

    @Reference
    private PluginVersions versions;

    @Descriptor("remove a plugin's pin (the highest version that resolves and inits runs)")
    public String unpin(@Descriptor("plugin: symbolic name, plugin_name (renice) or type (job_submit/partition)") String plugin) {
        return Outcomes.shown("unpin", versions.unpin(plugin));
    }
}
