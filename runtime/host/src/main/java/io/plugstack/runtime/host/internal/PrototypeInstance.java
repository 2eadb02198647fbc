package io.plugstack.runtime.host.internal;

import java.util.Optional;
import java.util.function.Consumer;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceObjects;
import org.osgi.framework.ServiceReference;

import io.plugstack.api.plugin.SlurmPlugin;
import io.plugstack.runtime.host.catalog.GenericLoad;
import io.plugstack.runtime.host.catalog.PluginCatalog;

/** One stack's own instance of a prototype-scoped plugin service: loaded now, released on close. */
final class PrototypeInstance {
    private PrototypeInstance() {
    }

    @SuppressWarnings("unchecked")
    static Optional<PluginCatalog.Instance> open(BundleContext context, ServiceReference<?> ref, Consumer<String> log) {
        ServiceObjects<Object> objects = context.getServiceObjects((ServiceReference<Object>) ref);
        Object service = objects == null ? null : objects.getService();
        if (!(service instanceof SlurmPlugin plugin)) {
            return Optional.empty();
        }
        Optional<String> failure = GenericLoad.init(plugin);
        if (failure.isPresent()) {
            log.accept("plugin " + ref.getBundle().getSymbolicName() + ": " + failure.get());
            objects.ungetService(service);
            return Optional.empty();
        }
        return Optional.of(GenericLoad.loaded(plugin, () -> objects.ungetService(service)));
    }
}
