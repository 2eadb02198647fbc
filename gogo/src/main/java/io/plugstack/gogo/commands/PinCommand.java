package io.plugstack.gogo.commands;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.PluginArgument;
import io.plugstack.gogo.internal.Redirection;
import io.plugstack.gogo.internal.VersionCommands;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginVersions;

/** {@code plugstack:pin}: pin a plugin to the versions that may run. */
@Component(service = PinCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "pin"})
public final class PinCommand {

    static final String USAGE = "pin <plugin> <pin>  or  pin <plugin>@<pin>; pin: 1.2.3 (exactly), '[1.2,1.3)' (a range),"
            + " '>=1.2' (at least; quoted)";

    @Reference
    private PluginVersions versions;

    @Reference
    private PluginCatalog catalog;

    @Descriptor("pin a plugin to the versions that may run: pin renice 1.2.0, pin renice '[1.2,1.3)', pin renice '>=1.2'")
    public String pin(CommandSession session, @Descriptor(PluginArgument.NAMES + "; then the pin") Object... args) {
        return Commands.run("pin", () -> {
            Redirection.refuse(session, "pin", "pin renice '>=1.2'");
            VersionCommands.PluginAnd p = VersionCommands.pluginAnd("pin", USAGE, "pin", catalog, args);
            return VersionCommands.shown("pin", versions.pin(p.symbolicName(), p.value()));
        });
    }
}
