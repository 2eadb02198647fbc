package io.plugstack.api.plugin;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The generic plugin API every plugin family shares (plugin-api.txt): the optional {@code init}
 * and {@code fini}. A plugin's identity ({@code plugin_type}, {@code plugin_name},
 * {@code plugin_version}) is not code here but manifest headers (see {@link PluginHeaders}), so the
 * framework can refuse a plugin built for another release before any of its code runs.
 */
@ConsumerType
public interface SlurmPlugin {

    /**
     * Called once just after the plugin is loaded, before any API call.
     *
     * @return 0 (SLURM_SUCCESS) when initialisation succeeded; any other value
     *         means the host must unload the plugin and not use it (ESLURM_PLUGIN_INIT_FAILED).
     */
    default int init() {
        return 0;
    }

    /** Called just before the plugin is unloaded, after its last API call. */
    default void fini() {
    }
}
