package io.plugstack.api.plugin;

import java.lang.System.Logger;
import java.util.Objects;

import io.plugstack.api.slurm.SlurmLog;

/**
 * Slurm's logging calls for one plugin, written to the {@link System.Logger} named after its
 * {@code plugin_type}. Slurm builds its plugins with SLURM_PLUGIN_DEBUG, which starts every line with
 * "&lt;plugin_type&gt;: &lt;C function&gt;: "; the lines here carry the same prefix.
 */
public final class PluginLog {

    private final String pluginType;
    private final Logger logger;

    private PluginLog(String pluginType, Logger logger) {
        this.pluginType = Objects.requireNonNull(pluginType, "pluginType");
        this.logger = Objects.requireNonNull(logger, "logger");
    }

    /** The log of {@code pluginType}, through {@code System.getLogger(pluginType)}. */
    public static PluginLog of(String pluginType) {
        return new PluginLog(pluginType, System.getLogger(pluginType));
    }

    /** The log of {@code pluginType}, through {@code logger} (tests). */
    public static PluginLog of(String pluginType, Logger logger) {
        return new PluginLog(pluginType, logger);
    }

    /** The plugin_type every line starts with. */
    public String pluginType() {
        return pluginType;
    }

    /** Slurm's error(). */
    public void error(String function, String message) {
        log(SlurmLog.Level.ERROR, function, message);
    }

    /** Slurm's info(). */
    public void info(String function, String message) {
        log(SlurmLog.Level.INFO, function, message);
    }

    /** Slurm's verbose(). */
    public void verbose(String function, String message) {
        log(SlurmLog.Level.VERBOSE, function, message);
    }

    /** Slurm's debug(). */
    public void debug(String function, String message) {
        log(SlurmLog.Level.DEBUG, function, message);
    }

    /** Slurm's debug2(). */
    public void debug2(String function, String message) {
        log(SlurmLog.Level.DEBUG2, function, message);
    }

    /** Slurm's debug3(). */
    public void debug3(String function, String message) {
        log(SlurmLog.Level.DEBUG3, function, message);
    }

    private void log(SlurmLog.Level level, String function, String message) {
        if (logger.isLoggable(level.systemLevel())) { // checked before the line is built: logging off costs nothing
            logger.log(level.systemLevel(), pluginType + ": " + function + ": " + message);
        }
    }

    /** A uint32_t as printf's %u shows it: the low 32 bits, unsigned. */
    public static String u32(long v) {
        return Long.toString(v & 0xffffffffL);
    }

    /** A C string as printf's %s shows it: glibc prints NULL as "(null)". */
    public static String str(String s) {
        return s == null ? "(null)" : s;
    }
}
