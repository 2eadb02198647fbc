package io.plugstack.api.plugin;

/** Names of the manifest headers that carry a plugin's identity. */
public final class PluginHeaders {
    /** {@code plugin_type}, "major/minor" (SPANK: exactly "spank"). */
    public static final String TYPE = "Slurm-Plugin-Type";
    /** {@code plugin_name}. */
    public static final String NAME = "Slurm-Plugin-Name";
    /** {@code plugin_version}: the Slurm release (major.minor.micro) the plugin was built for. */
    public static final String VERSION = "Slurm-Plugin-Version";

    private PluginHeaders() {
    }
}
