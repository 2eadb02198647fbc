package io.plugstack.api.plugin;

/** Names of the manifest headers that carry a plugin's identity. */
public final class PluginHeaders {
    /** {@code plugin_type}, "major/minor" (SPANK: exactly "spank"). */
    public static final String TYPE = "Slurm-Plugin-Type";
    /** {@code plugin_name}. */
    public static final String NAME = "Slurm-Plugin-Name";
    /** {@code plugin_version}: the Slurm release (major.minor.micro) the plugin was built for. */
    public static final String VERSION = "Slurm-Plugin-Version";
    /**
     * Not Slurm's: the release series a plugin was written for ("22.05-25.11", {@link ReleaseSeries}).
     * A plugin that declares it loads into a runtime playing any release of those series; one without it
     * loads only where {@link #VERSION} passes Slurm's own check. Every plugin Plugstack ships declares it.
     */
    public static final String RELEASES = "Slurm-Plugin-Releases";

    private PluginHeaders() {
    }
}
