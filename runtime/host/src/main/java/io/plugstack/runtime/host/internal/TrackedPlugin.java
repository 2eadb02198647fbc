package io.plugstack.runtime.host.internal;

import java.util.Arrays;
import java.util.Dictionary;
import java.util.List;
import java.util.function.Consumer;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.Version;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.plugin.PluginHeaders;
import io.plugstack.api.plugin.SlurmPlugin;
import io.plugstack.runtime.host.catalog.GenericLoad;

/**
 * One plugin service the catalog tracks. It is loaded (service got, init() called: Slurm's
 * generic load, PLUG-4) only when a stack or the admin selects its version, so a version outside
 * its pin is resolved and registered but none of its code runs. Loaded at most once; fini() and
 * release when the service goes.
 */
final class TrackedPlugin {

    private final ServiceReference<?> reference;
    private final BundleContext context;
    private final Bundle bundle;
    private final String symbolicName;
    private final Version version;
    private final String pluginType;
    private final String pluginName;
    private volatile SlurmPlugin plugin;
    /** null until a load was tried; "" when the plugin is usable, else why not. */
    private volatile String failure;
    private volatile boolean markedFailed;
    /** Set once the version choice has seen this service; until then its status is not settled. */
    private volatile boolean placed;
    /** Why this service may never be used (a singleton where Slurm has a copy per process); null when it may. */
    private final String scopeRefusal;

    TrackedPlugin(BundleContext context, ServiceReference<?> reference) {
        this.context = context;
        this.reference = reference;
        this.bundle = reference.getBundle();
        this.symbolicName = bundle.getSymbolicName();
        this.version = bundle.getVersion();
        Dictionary<String, String> h = bundle.getHeaders("");
        this.pluginType = h.get(PluginHeaders.TYPE);
        this.pluginName = h.get(PluginHeaders.NAME);
        this.scopeRefusal = scopeRefusal(reference);
    }

    /**
     * The rule a per-session family's plugin breaks by registering one shared instance: that instance would
     * serve every user's sessions (root's srun option seen by another user's srun). Refused, never loaded.
     */
    static String scopeRefusal(ServiceReference<?> reference) {
        if (Constants.SCOPE_PROTOTYPE.equals(reference.getProperty(Constants.SERVICE_SCOPE))) {
            return null;
        }
        for (String objectClass : (String[]) reference.getProperty(Constants.OBJECTCLASS)) {
            java.util.Optional<PluginFamily> f = PluginFamily.ofServiceInterface(objectClass);
            if (f.isPresent() && f.get().instancePerSession()) {
                // a DS singleton component registers with scope "bundle": both are one instance for every session
                return "a " + (f.get() == PluginFamily.SPANK ? "SPANK" : f.get().major()) + " plugin's service must be prototype-scoped"
                        + " (@Component(scope = ServiceScope.PROTOTYPE)): Slurm gives every " + f.get().ownProcesses() + " its own copy of the plugin, so one instance must"
                        + " never serve two sessions (one user's state would reach another's)";
            }
        }
        return null;
    }

    /** {@return why this service is refused for its scope, or empty} */
    java.util.Optional<String> refusedScope() {
        return java.util.Optional.ofNullable(scopeRefusal);
    }

    /** Loads the plugin if it was not yet tried; whether it is usable. */
    synchronized boolean load(Consumer<String> log) {
        if (failure != null) {
            return failure.isEmpty();
        }
        if (scopeRefusal != null) {
            failure = "refused: " + scopeRefusal; // logged once, when the service arrived
            return false;
        }
        Object service = context.getService(reference);
        String who = symbolicName + " " + version + " [" + bundle.getBundleId() + "]";
        if (service == null) {
            failure = "its service is gone";
            return false;
        }
        if (!(service instanceof SlurmPlugin p)) {
            failure = "its service does not implement this runtime's " + SlurmPlugin.class.getName()
                    + " (built against another API bundle?)";
            log.accept("plugin " + who + ": " + failure);
            return false;
        }
        String why = GenericLoad.init(p).orElse("");
        if (!why.isEmpty()) {
            log.accept("plugin " + who + ": " + why + "; unloaded, it will not be used");
        } else {
            plugin = p;
        }
        failure = why;
        return why.isEmpty();
    }

    /**
     * Takes a loaded plugin out of use for good (until its bundle is redeployed): it overran its time
     * limit too often. Its fini() is not called on unload: its code may still be stuck in a call.
     */
    synchronized void markFailed(String why) {
        if (failure != null && failure.isEmpty()) {
            failure = why;
            markedFailed = true;
        }
    }

    boolean markedFailed() {
        return markedFailed;
    }

    /** fini() if it was loaded, then release the service. */
    synchronized void unload(Consumer<String> log) {
        if (failure == null) {
            return;
        }
        try {
            if (failure.isEmpty()) {
                plugin.fini();
            }
        } catch (RuntimeException | Error e) {
            log.accept("plugin " + symbolicName + ": fini() threw " + e);
        } finally {
            plugin = null;
            context.ungetService(reference);
        }
    }

    void placed() {
        placed = true;
    }

    boolean isPlaced() {
        return placed;
    }

    boolean loaded() {
        return failure != null;
    }

    boolean usable() {
        String f = failure;
        return f != null && f.isEmpty();
    }

    /** Why a loaded plugin is unusable; empty when usable or not loaded. */
    String failure() {
        String f = failure;
        return f == null ? "" : f;
    }

    SlurmPlugin plugin() {
        return plugin;
    }

    ServiceReference<?> reference() {
        return reference;
    }

    Bundle bundle() {
        return bundle;
    }

    long bundleId() {
        return bundle.getBundleId();
    }

    String symbolicName() {
        return symbolicName;
    }

    Version version() {
        return version;
    }

    String pluginType() {
        return pluginType;
    }

    String pluginName() {
        return pluginName;
    }

    List<String> objectClasses() {
        return Arrays.asList((String[]) reference.getProperty(Constants.OBJECTCLASS));
    }

    String describe() {
        String simple = objectClasses().stream().map(n -> n.substring(n.lastIndexOf('.') + 1))
                .reduce((a, b) -> a + "," + b).orElse("?");
        return simple + " #" + reference.getProperty(Constants.SERVICE_ID);
    }
}
