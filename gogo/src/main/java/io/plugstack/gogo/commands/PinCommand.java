package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.VersionCommands;
import io.plugstack.runtime.host.catalog.PluginVersions;

/** {@code plugstack:pin}: pin a plugin to the versions that may run. */
@Component(service = PinCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "pin"})
public final class PinCommand {

    @Reference
    private PluginVersions versions;

    @Descriptor("pin a plugin to the versions that may run")
    public String pin(@Descriptor(VersionCommands.PLUGIN) String plugin, @Descriptor("1.2.3 (exactly), [1.2,1.3) (a range) or >=1.2") String pin) {
        return VersionCommands.shown("pin", versions.pin(plugin, pin));
    }
}
