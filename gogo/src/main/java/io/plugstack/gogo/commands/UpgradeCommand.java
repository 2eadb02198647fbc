package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.VersionCommands;
import io.plugstack.runtime.host.catalog.PluginVersions;

/**
 * {@code plugstack:upgrade <plugin> [version]}: switches new launches and submissions to a
 * deployed version (the highest by default) once it has resolved and its init() succeeded, and
 * pins it; running jobs keep the version they started with.
 */
@Component(service = UpgradeCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "upgrade"})
public final class UpgradeCommand {

    @Reference
    private PluginVersions versions;

    @Descriptor("switch a plugin to its highest deployed version")
    public String upgrade(@Descriptor(VersionCommands.PLUGIN) String plugin) {
        return VersionCommands.shown("upgrade", versions.upgrade(plugin, null));
    }

    @Descriptor("switch a plugin to a deployed version")
    public String upgrade(@Descriptor(VersionCommands.PLUGIN) String plugin, @Descriptor("the Bundle-Version to run") String version) {
        return VersionCommands.shown("upgrade", versions.upgrade(plugin, version));
    }
}
