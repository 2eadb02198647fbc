package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Arguments;
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
            Arguments a = Arguments.of("unwithdraw", USAGE, args, 1, 2);
            String plugin = a.get(0);
            String version = a.get(1);
            if (version == null) {
                int at = plugin.lastIndexOf('@');
                if (at <= 0) {
                    throw a.fail("no version given");
                }
                version = plugin.substring(at + 1);
                plugin = plugin.substring(0, at);
            }
            String bsn = PluginArgument.resolve("unwithdraw", catalog.plugins(), plugin).symbolicName();
            return VersionCommands.shown("unwithdraw", versions.unwithdraw(bsn, version));
        });
    }
}
