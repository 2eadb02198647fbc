package io.plugstack.runtime.host.internal;

import java.util.function.Consumer;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTrackerCustomizer;

/**
 * Follows plugin services as they come and go. A new service is tracked but not loaded; the
 * version choice then loads (init) it if it is the version that should run. A service that goes is
 * unloaded (fini) and the choice runs again, so the next working version takes over.
 */
final class PluginLoader implements ServiceTrackerCustomizer<Object, TrackedPlugin> {

    private final BundleContext context;
    private final VersionControl versions;
    private final Consumer<String> log;

    PluginLoader(BundleContext context, VersionControl versions, Consumer<String> log) {
        this.context = context;
        this.versions = versions;
        this.log = log;
    }

    @Override
    public TrackedPlugin addingService(ServiceReference<Object> reference) {
        if (reference.getBundle() == null) {
            return null;
        }
        TrackedPlugin t = new TrackedPlugin(context, reference);
        t.refusedScope().ifPresent(why -> log.accept("plugin " + t.symbolicName() + " " + t.version() + " [" + t.bundleId() + "]: refused: " + why));
        versions.table().add(t);
        versions.arrived(t);
        t.placed();
        return t;
    }

    @Override
    public void modifiedService(ServiceReference<Object> reference, TrackedPlugin tracked) {
    }

    @Override
    public void removedService(ServiceReference<Object> reference, TrackedPlugin tracked) {
        versions.table().remove(tracked);
        tracked.unload(log);
        LeftoverThreads.report(tracked.bundle(), tracked.symbolicName() + " " + tracked.version(), log);
        versions.departed(tracked);
    }
}
