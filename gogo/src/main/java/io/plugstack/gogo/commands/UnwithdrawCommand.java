package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.PluginArgument;
import io.plugstack.gogo.internal.VersionCommands;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginVersions;

/** {@code plugstack:unwithdraw <plugin>@<version>}: give a withdrawn version back: it may run again. */
@Component(service = UnwithdrawCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "unwithdraw"})
public final class UnwithdrawCommand {

    static final String USAGE = "unwithdraw <plugin>@<version>  or  unwithdraw <plugin> <version>";

    @Reference
    private PluginVersions versions;

    @Reference
    private PluginCatalog catalog;

    @Descriptor("give a withdrawn version back: it may run again: unwithdraw renice@0.0.1")
    public String unwithdraw(@Descriptor(PluginArgument.NAMES + "; then the version") Object... args) {
        return Commands.run("unwithdraw", () -> {
            VersionCommands.PluginAnd p = VersionCommands.pluginAnd("unwithdraw", USAGE, "version", catalog, args);
            return VersionCommands.shown("unwithdraw", versions.unwithdraw(p.symbolicName(), p.value()));
        });
    }
}
