package io.plugstack.runtime.host.internal;

import java.util.function.Consumer;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTrackerCustomizer;

import io.plugstack.api.plugin.SlurmPlugin;
import io.plugstack.runtime.host.catalog.GenericLoad;

/**
 * Slurm's generic plugin load/unload (plugin.c, spec PLUG-4) applied to plugin services: init()
 * right after the service appears, fini() before it goes. A non-zero or throwing init() leaves the
 * plugin unusable: no stack will call it.
 */
final class PluginLoader implements ServiceTrackerCustomizer<Object, LoadedPlugin> {

    private static final int SLURM_ERROR = -1;

    private final BundleContext context;
    private final Consumer<String> log;

    PluginLoader(BundleContext context, Consumer<String> log) {
        this.context = context;
        this.log = log;
    }

    @Override
    public LoadedPlugin addingService(ServiceReference<Object> reference) {
        Object service = context.getService(reference);
        if (service == null) {
            return null;
        }
        String who = reference.getBundle().getSymbolicName() + " [" + reference.getBundle().getBundleId() + "]";
        if (!(service instanceof SlurmPlugin plugin)) {
            String why = "its service does not implement this runtime's " + SlurmPlugin.class.getName()
                    + " (built against another API bundle?)";
            log.accept("plugin " + who + ": " + why);
            return new LoadedPlugin(reference, null, SLURM_ERROR, why);
        }
        String failure = GenericLoad.init(plugin).orElse("");
        if (!failure.isEmpty()) {
            log.accept("plugin " + who + ": " + failure + "; unloaded, it will not be used");
        }
        return new LoadedPlugin(reference, plugin, failure.isEmpty() ? 0 : SLURM_ERROR, failure);
    }

    @Override
    public void modifiedService(ServiceReference<Object> reference, LoadedPlugin loaded) {
    }

    @Override
    public void removedService(ServiceReference<Object> reference, LoadedPlugin loaded) {
        try {
            if (loaded.usable()) {
                loaded.plugin().fini();
            }
        } catch (RuntimeException | LinkageError e) {
            log.accept("plugin " + reference.getBundle().getSymbolicName() + ": fini() threw " + e);
        } finally {
            context.ungetService(reference);
        }
    }
}
