package io.plugstack.runtime.host.catalog;

import java.util.List;

/**
 * Everything the host knows about one plugin bundle.
 *
 * @param bundleId      OSGi bundle id
 * @param symbolicName  Bundle-SymbolicName
 * @param bundleVersion Bundle-Version
 * @param bundleState   INSTALLED, RESOLVED, STARTING, ACTIVE, STOPPING
 * @param location      where it was installed from
 * @param type          Slurm-Plugin-Type as written (null if absent)
 * @param name          Slurm-Plugin-Name as written (null if absent)
 * @param pluginVersion Slurm-Plugin-Version as written (null if absent)
 * @param status        the host's verdict
 * @param detail        why, for REFUSED / UNRESOLVED / INIT_FAILED; else empty
 * @param services      the plugin services it registers ("SpankPlugin #42")
 */
public record PluginRecord(long bundleId, String symbolicName, String bundleVersion, String bundleState,
        String location, String type, String name, String pluginVersion, PluginStatus status, String detail,
        List<String> services) {
}
