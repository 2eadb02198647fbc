package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.PluginArgument;
import io.plugstack.gogo.internal.VersionCommands;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginVersions;

/** {@code plugstack:rollback}: go back to the version that ran before the current one. */
@Component(service = RollbackCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "rollback"})
public final class RollbackCommand {

    @Reference
    private PluginVersions versions;

    @Reference
    private PluginCatalog catalog;

    @Descriptor("go back to the version that ran before the current one")
    public String rollback(@Descriptor(PluginArgument.NAMES) Object... args) {
        return Commands.run("rollback", () -> VersionCommands.shown("rollback",
                versions.rollback(VersionCommands.plugin("rollback", "rollback <plugin>", catalog, args).symbolicName())));
    }
}
