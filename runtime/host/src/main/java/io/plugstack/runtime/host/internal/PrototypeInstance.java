package io.plugstack.runtime.host.internal;

import java.util.Optional;
import java.util.function.Consumer;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceObjects;
import org.osgi.framework.ServiceReference;

import io.plugstack.api.plugin.SlurmPlugin;
import io.plugstack.runtime.host.catalog.PluginCatalog;

/** One stack's own instance of a prototype-scoped plugin: init() on open, fini() and release on close. */
final class PrototypeInstance implements PluginCatalog.Instance {

    private final ServiceObjects<Object> objects;
    private final SlurmPlugin plugin;

    private PrototypeInstance(ServiceObjects<Object> objects, SlurmPlugin plugin) {
        this.objects = objects;
        this.plugin = plugin;
    }

    @SuppressWarnings("unchecked")
    static Optional<PrototypeInstance> open(BundleContext context, ServiceReference<?> ref, Consumer<String> log) {
        ServiceObjects<Object> objects = context.getServiceObjects((ServiceReference<Object>) ref);
        Object service = objects == null ? null : objects.getService();
        if (!(service instanceof SlurmPlugin plugin)) {
            return Optional.empty();
        }
        int rc;
        try {
            rc = plugin.init();
        } catch (RuntimeException | LinkageError e) {
            log.accept("plugin " + ref.getBundle().getSymbolicName() + ": init() threw " + e + ": " + PluginLoader.INIT_FAILED);
            objects.ungetService(service);
            return Optional.empty();
        }
        if (rc != 0) {
            log.accept("plugin " + ref.getBundle().getSymbolicName() + ": init() returned " + rc + ": " + PluginLoader.INIT_FAILED);
            objects.ungetService(service);
            return Optional.empty();
        }
        return Optional.of(new PrototypeInstance(objects, plugin));
    }

    @Override
    public SlurmPlugin plugin() {
        return plugin;
    }

    @Override
    public void close() {
        try {
            plugin.fini();
        } finally {
            objects.ungetService(plugin);
        }
    }
}
