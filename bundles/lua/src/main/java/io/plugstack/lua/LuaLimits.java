package io.plugstack.lua;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;

import io.plugstack.api.plugin.FrameworkProperty;
import io.plugstack.api.plugin.PluginFamily;

/**
 * How long one call into a script may run and how much memory its Lua state may hold: the same
 * per-family call limits as Java plugins (framework properties {@value #JOB_SUBMIT_TIMEOUT} and
 * {@value #CLI_FILTER_TIMEOUT}, milliseconds, default {@value #DEFAULT_TIMEOUT_MS}) and
 * {@value #MEMORY} (MB per state, default {@value #DEFAULT_MEMORY_MB}); 0 turns a limit off. Enforced
 * inside the state by {@link LuaGuard}.
 *
 * @param timeoutMs     per call, 0: none
 * @param timeoutSource the property the time limit comes from, for messages (null: none applies)
 * @param memoryMb      per state, 0: none
 */
public record LuaLimits(long timeoutMs, String timeoutSource, long memoryMb) {

    public static final String JOB_SUBMIT_TIMEOUT = "plugstack.jobsubmit.call.timeout.ms";
    public static final String CLI_FILTER_TIMEOUT = "plugstack.clifilter.call.timeout.ms";

    public static final String MEMORY = "plugstack.lua.memory.mb";
    public static final long DEFAULT_TIMEOUT_MS = 2000;
    public static final long DEFAULT_MEMORY_MB = 256;

    /** Lines already reported (each names the property and its value): both plugins, and each command's cli_filter/lua, read the same properties. */
    private static final Set<String> REPORTED = ConcurrentHashMap.newKeySet();

    /**
     * The limits of {@code plugin} ("job_submit/lua", "cli_filter/lua": its family picks the time
     * property; any other type gets the default time) from {@code properties}; a malformed value is
     * logged once, naming the property, and the default used.
     */
    public static LuaLimits of(String plugin, Function<String, String> properties, Logger log) {
        // the family's own limit, as for its Java plugins
        PluginFamily family = plugin.startsWith("job_submit/") ? PluginFamily.JOB_SUBMIT
                : plugin.startsWith("cli_filter/") ? PluginFamily.CLI_FILTER : null;
        String timeout = family == null ? null : family.callTimeoutProperty();
        long ms = family == null ? DEFAULT_TIMEOUT_MS : number(properties, timeout, family.defaultCallTimeoutMs(), plugin, log);
        return new LuaLimits(ms, timeout, number(properties, MEMORY, DEFAULT_MEMORY_MB, plugin, log));
    }

    /**
     * When the hook stops a call: a little before the family's limit (by a quarter of it, at most
     * 250 ms), so that the script's own rule for a runtime error decides the outcome; the runtime's
     * call guard, which fires at the limit itself, would reject the request and count an overrun.
     */
    public long stopAfterMs() {
        return timeoutMs - Math.min(250, timeoutMs / 4);
    }

    /**
     * {@link #of} over the framework properties this bundle sees (the plugins' own: one framework);
     * outside OSGi, the defaults.
     */
    static LuaLimits fromFramework(String plugin, Logger log) {
        Bundle bundle = FrameworkUtil.getBundle(LuaLimits.class);
        BundleContext context = bundle == null ? null : bundle.getBundleContext();
        return of(plugin, context == null ? name -> null : context::getProperty, log);
    }

    private static long number(Function<String, String> properties, String name, long fallback, String plugin, Logger log) {
        return FrameworkProperty.wholeNumber(properties, name, fallback, why -> {
            if (REPORTED.add(why)) { // the line names the property and its value
                log.log(Level.ERROR, plugin + ": " + why);
            }
        });
    }
}
