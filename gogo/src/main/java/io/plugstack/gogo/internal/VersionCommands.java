package io.plugstack.gogo.internal;

import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginVersions.Outcome;

/**
 * What the version commands (versions, pin, unpin, upgrade, rollback) share, Karaf's support class
 * per command family: how a plugin is named, and how an outcome is reported.
 */
public final class VersionCommands {

    private VersionCommands() {
    }

    /** The one plugin argument of {@code command}, resolved as every command resolves plugin names. */
    public static PluginArgument plugin(String command, String usage, PluginCatalog catalog, Object[] args) {
        return PluginArgument.resolve(command, catalog.plugins(), Arguments.of(command, usage, args, 1, 1).get(0));
    }

    /** The outcome's message, or the command's refusal (non-zero). */
    public static String shown(String command, Outcome o) {
        if (!o.ok()) {
            throw Commands.fail(command, o.message());
        }
        return o.message();
    }
}
