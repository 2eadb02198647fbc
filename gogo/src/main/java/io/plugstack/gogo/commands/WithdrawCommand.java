package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.PluginArgument;
import io.plugstack.gogo.internal.VersionCommands;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginVersions;

/** {@code plugstack:withdraw <plugin>@<version>}: withdraw a version: it runs for no job here, new or running (a job that carries it gets this node's own choice), until unwithdraw; it stays deployed. */
@Component(service = WithdrawCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "withdraw"})
public final class WithdrawCommand {

    static final String USAGE = "withdraw <plugin>@<version>  or  withdraw <plugin> <version>";

    @Reference
    private PluginVersions versions;

    @Reference
    private PluginCatalog catalog;

    @Descriptor("withdraw a version: it runs for no job here, new or running (a job that carries it gets this node's own choice), until unwithdraw; it stays deployed: withdraw renice@0.0.1")
    public String withdraw(@Descriptor(PluginArgument.NAMES + "; then the version") Object... args) {
        return Commands.run("withdraw", () -> {
            VersionCommands.PluginAnd p = VersionCommands.pluginAnd("withdraw", USAGE, "version", catalog, args);
            return VersionCommands.shown("withdraw", versions.withdraw(p.symbolicName(), p.value()));
        });
    }
}
