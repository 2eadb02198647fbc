package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.PluginArgument;
import io.plugstack.gogo.internal.VersionCommands;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginVersions;

/** {@code plugstack:unpin}: remove a plugin's pin (the highest version that resolves and inits runs). */
@Component(service = UnpinCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "unpin"})
public final class UnpinCommand {

    @Reference
    private PluginVersions versions;

    @Reference
    private PluginCatalog catalog;

    @Descriptor("remove a plugin's pin (the highest version that resolves and inits runs)")
    public String unpin(@Descriptor(PluginArgument.NAMES) Object... args) {
        return Commands.run("unpin", () -> VersionCommands.shown("unpin",
                versions.unpin(VersionCommands.plugin("unpin", "unpin <plugin>", catalog, args).symbolicName())));
    }
}
