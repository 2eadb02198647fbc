package io.plugstack.gogo.internal;

import io.plugstack.runtime.host.catalog.PluginVersions.Outcome;

/** How a version command reports: its message, or an error the shell shows as one (non-zero). */
public final class Outcomes {
    private Outcomes() {
    }

    public static String shown(String command, Outcome o) {
        if (!o.ok()) {
            throw new IllegalStateException(command + ": " + o.message());
        }
        return o.message();
    }
}
