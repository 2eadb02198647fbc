package io.plugstack.runtime.spank.internal;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.host.catalog.GenericLoad;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.spank.isolation.BundleClassSpaces;
import io.plugstack.runtime.spank.isolation.DsDescriptors;
import io.plugstack.runtime.spank.isolation.FreshClassSpace;
import io.plugstack.runtime.spank.isolation.PluginJar;

/**
 * Fresh job_script instances from a plugin bundle: its jar's bytes, private packages and DS
 * implementation class are read once per bundle revision; every run defines the plugin's classes
 * anew in a {@link FreshClassSpace} whose parent is the bundle's own wiring (so the API and its
 * imports are the shared ones), runs the generic init(), and drops it all on close.
 */
final class BundleFreshInstances implements FreshInstances {

    private record Revision(long lastModified, PluginJar jar, Set<String> privatePackages, String implementation) {
    }

    private final BundleContext context;
    private final Map<Long, Revision> revisions = new ConcurrentHashMap<>();

    BundleFreshInstances(BundleContext context) {
        this.context = context;
    }

    @Override
    public PluginCatalog.Instance open(PluginRecord record) {
        Bundle bundle = context.getBundle(record.bundleId());
        if (bundle == null) {
            throw new IllegalStateException("bundle " + record.bundleId() + " is gone");
        }
        // an uninstalled bundle's jar must not stay cached: versions come and go (upgrade, undeploy)
        revisions.keySet().removeIf(id -> context.getBundle(id) == null);
        Revision r = revisions.compute(bundle.getBundleId(),
                (id, old) -> old != null && old.lastModified() == bundle.getLastModified() ? old : read(bundle));
        FreshClassSpace space = FreshClassSpace.open(r.jar(), r.privatePackages(), BundleClassSpaces.parentLoader(bundle));
        SpankPlugin plugin;
        try {
            plugin = space.newInstance(r.implementation(), SpankPlugin.class);
        } catch (ReflectiveOperationException | RuntimeException | Error e) {
            space.close();
            throw new IllegalStateException("cannot instantiate " + r.implementation() + " in a fresh class space: " + e, e);
        }
        Optional<String> failure = GenericLoad.init(plugin);
        if (failure.isPresent()) {
            space.close();
            throw new IllegalStateException(failure.get());
        }
        return GenericLoad.loaded(plugin, space::close);
    }

    private static Revision read(Bundle bundle) {
        try {
            PluginJar jar = BundleClassSpaces.pluginJar(bundle);
            String implementation = DsDescriptors.implementationOf(jar, SpankPlugin.class.getName())
                    .orElseThrow(() -> new IllegalStateException(bundle.getSymbolicName()
                            + " has no Declarative Services component providing " + SpankPlugin.class.getName()));
            return new Revision(bundle.getLastModified(), jar, BundleClassSpaces.privatePackages(bundle, jar), implementation);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + bundle.getSymbolicName() + ": " + e.getMessage(), e);
        }
    }
}
