package io.plugstack.runtime.host.catalog;

import java.util.Optional;

import io.plugstack.api.plugin.SlurmPlugin;

/**
 * Slurm's generic plugin load and unload (plugin.c, spec PLUG-4), the one place every way of
 * getting a plugin instance goes through: init() right after load, where a non-zero result or a
 * throw means "unload it and do not use it"; fini() before unload.
 */
public final class GenericLoad {

    /** ESLURM_PLUGIN_INIT_FAILED's text. */
    public static final String INIT_FAILED = "Plugin init() callback failed";

    private GenericLoad() {
    }

    /** Calls init(); empty when it succeeded, else why the plugin must not be used. */
    public static Optional<String> init(SlurmPlugin plugin) {
        try {
            int rc = plugin.init();
            return rc == 0 ? Optional.empty() : Optional.of("init() returned " + rc + ": " + INIT_FAILED);
        } catch (RuntimeException | Error e) {
            return Optional.of("init() threw " + e + ": " + INIT_FAILED);
        }
    }

    /** An initialised instance whose close runs fini() and then {@code release}, even if fini throws. */
    public static PluginCatalog.Instance loaded(SlurmPlugin plugin, Runnable release) {
        return PluginCatalog.Instance.of(plugin, () -> {
            try {
                plugin.fini();
            } finally {
                release.run();
            }
        });
    }
}
