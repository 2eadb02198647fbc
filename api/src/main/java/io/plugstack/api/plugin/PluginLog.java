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

    /**
     * The log of {@code pluginType}, through {@code System.getLogger(pluginType)}.
     *
     * @param pluginType the plugin's plugin_type, e.g. "job_submit/throttle"
     * @return the log
     */
    public static PluginLog of(String pluginType) {
        return new PluginLog(pluginType, System.getLogger(pluginType));
    }

    /**
     * The log of {@code pluginType}, through {@code logger} (tests).
     *
     * @param pluginType the plugin's plugin_type
     * @param logger     where the lines go
     * @return the log
     */
    public static PluginLog of(String pluginType, Logger logger) {
        return new PluginLog(pluginType, logger);
    }

    /** {@return the plugin_type every line starts with} */
    public String pluginType() {
        return pluginType;
    }

    /**
     * Slurm's error().
     *
     * @param function the C function the line is about, after the plugin_type in the prefix
     * @param message  the rest of the line
     */
    public void error(String function, String message) {
        log(SlurmLog.Level.ERROR, function, message);
    }

    /**
     * Slurm's info().
     *
     * @param function the C function the line is about, after the plugin_type in the prefix
     * @param message  the rest of the line
     */
    public void info(String function, String message) {
        log(SlurmLog.Level.INFO, function, message);
    }

    /**
     * Slurm's verbose().
     *
     * @param function the C function the line is about, after the plugin_type in the prefix
     * @param message  the rest of the line
     */
    public void verbose(String function, String message) {
        log(SlurmLog.Level.VERBOSE, function, message);
    }

    /**
     * Slurm's debug().
     *
     * @param function the C function the line is about, after the plugin_type in the prefix
     * @param message  the rest of the line
     */
    public void debug(String function, String message) {
        log(SlurmLog.Level.DEBUG, function, message);
    }

    /**
     * Slurm's debug2().
     *
     * @param function the C function the line is about, after the plugin_type in the prefix
     * @param message  the rest of the line
     */
    public void debug2(String function, String message) {
        log(SlurmLog.Level.DEBUG2, function, message);
    }

    /**
     * Slurm's debug3().
     *
     * @param function the C function the line is about, after the plugin_type in the prefix
     * @param message  the rest of the line
     */
    public void debug3(String function, String message) {
        log(SlurmLog.Level.DEBUG3, function, message);
    }

    private void log(SlurmLog.Level level, String function, String message) {
        if (logger.isLoggable(level.systemLevel())) { // checked before the line is built: logging off costs nothing
            logger.log(level.systemLevel(), pluginType + ": " + function + ": " + message);
        }
    }

    /**
     * A uint32_t as printf's %u shows it: the low 32 bits, unsigned.
     *
     * @param v the value
     * @return its decimal text
     */
    public static String u32(long v) {
        return Long.toString(v & 0xffffffffL);
    }

    /**
     * A C string as printf's %s shows it: glibc prints NULL as "(null)".
     *
     * @param s the string, may be null
     * @return the text printf would print
     */
    public static String str(String s) {
        return s == null ? "(null)" : s;
    }
}
