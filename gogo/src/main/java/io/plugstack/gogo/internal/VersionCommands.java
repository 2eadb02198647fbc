package io.plugstack.gogo.internal;

import io.plugstack.runtime.host.catalog.PluginVersions.Outcome;

/**
 * What the version commands (versions, pin, unpin, upgrade, rollback) share, Karaf's support class
 * per command family: how a plugin is named, and how an outcome is reported.
 */
public final class VersionCommands {

    /** The plugin argument every version command takes. */
    public static final String PLUGIN = "plugin: symbolic name, plugin_name (renice) or type (job_submit/partition)";

    private VersionCommands() {
    }

    /** The outcome's message, or an error the shell shows as one (non-zero). */
    public static String shown(String command, Outcome o) {
        if (!o.ok()) {
            throw new IllegalStateException(command + ": " + o.message());
        }
        return o.message();
    }
}
