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

/**
 * {@code plugstack:upgrade <plugin> [version]}: switches new launches and submissions to a
 * deployed version (the highest by default) once it has resolved and its init() succeeded, and
 * pins it; running jobs keep the version they started with. {@code upgrade renice@1.3.0} and
 * {@code upgrade <bundle id>} name the version too.
 */
@Component(service = UpgradeCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "upgrade"})
public final class UpgradeCommand {

    private static final String USAGE = "upgrade <plugin> [version]";

    @Reference
    private PluginVersions versions;

    @Reference
    private PluginCatalog catalog;

    @Descriptor("switch a plugin to a deployed version, the highest by default: upgrade renice [1.3.0]")
    public String upgrade(@Descriptor(PluginArgument.NAMES + "; then the Bundle-Version to run, if not the highest") Object... args) {
        return Commands.run("upgrade", () -> {
            Arguments a = Arguments.of("upgrade", USAGE, args, 1, 2);
            PluginArgument p = PluginArgument.resolve("upgrade", catalog.plugins(), a.get(0));
            if (a.get(1) != null && p.namesOneVersion()) {
                throw a.fail("'" + a.get(0) + "' already names version " + p.version().get());
            }
            String version = a.get(1) != null ? a.get(1) : p.version().orElse(null);
            return VersionCommands.shown("upgrade", versions.upgrade(p.symbolicName(), version));
        });
    }
}
