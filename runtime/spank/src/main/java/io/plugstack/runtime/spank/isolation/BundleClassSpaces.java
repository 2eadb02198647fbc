package io.plugstack.runtime.spank.isolation;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.osgi.framework.Bundle;
import org.osgi.framework.namespace.BundleNamespace;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

/**
 * The OSGi side of fresh class spaces (the only class here that needs the framework): what a resolved
 * plugin bundle gives a {@link FreshClassSpace}. Compute the three values once per bundle revision
 * (again after an update or refresh) and open a space per run:
 *
 * <pre>{@code
 * PluginJar jar = BundleClassSpaces.pluginJar(bundle);
 * Set<String> own = BundleClassSpaces.privatePackages(bundle, jar);
 * ClassLoader parent = BundleClassSpaces.parentLoader(bundle);
 * }</pre>
 *
 * Holding {@code parent} pins the bundle revision's loader, which the long-lived instance pins anyway;
 * drop all three when the bundle is updated, refreshed or uninstalled.
 */
public final class BundleClassSpaces {

    private BundleClassSpaces() {
    }

    /**
     * The bundle's wiring class loader: it answers the bundle's imports (the API included), so it is the
     * parent every non-private request of a fresh space goes to.
     */
    public static ClassLoader parentLoader(Bundle bundle) {
        ClassLoader loader = wiring(bundle).getClassLoader();
        if (loader == null) {
            throw new IllegalStateException(bundle + " has no class loader (a fragment?)");
        }
        return loader;
    }

    /**
     * Every entry of the current revision and its attached fragments (the host's first), read through the
     * framework, so it does not matter where the framework keeps the jar. Located at the bundle location
     * when that is a URL, else at the bundle's root entry.
     */
    public static PluginJar pluginJar(Bundle bundle) throws IOException {
        List<URL> urls = wiring(bundle).findEntries("/", "*", BundleWiring.FINDENTRIES_RECURSE);
        Map<String, byte[]> entries = new HashMap<>();
        for (URL url : urls) {
            String path = url.getPath().startsWith("/") ? url.getPath().substring(1) : url.getPath();
            if (!path.isEmpty() && !path.endsWith("/") && !entries.containsKey(path)) {
                try (InputStream in = url.openStream()) {
                    entries.put(path, in.readAllBytes());
                }
            }
        }
        return PluginJar.of(location(bundle), entries);
    }

    /**
     * The packages of the jar's classes minus those the bundle is actually wired to get elsewhere: its
     * resolved {@code Import-Package} wires (unresolved optional imports fall back to the bundle's own
     * classes, as in OSGi) and the packages exported by bundles it requires ({@code Require-Bundle}).
     */
    public static Set<String> privatePackages(Bundle bundle, PluginJar jar) {
        BundleWiring wiring = wiring(bundle);
        Set<String> elsewhere = new HashSet<>();
        for (BundleWire wire : wiring.getRequiredWires(PackageNamespace.PACKAGE_NAMESPACE)) {
            elsewhere.add((String) wire.getCapability().getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE));
        }
        for (BundleWire wire : wiring.getRequiredWires(BundleNamespace.BUNDLE_NAMESPACE)) {
            for (BundleCapability c : wire.getProviderWiring().getCapabilities(PackageNamespace.PACKAGE_NAMESPACE)) {
                elsewhere.add((String) c.getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE));
            }
        }
        Set<String> own = new TreeSet<>(PrivatePackages.of(jar, Set.of()));
        own.removeAll(elsewhere);
        return Set.copyOf(own);
    }

    private static BundleWiring wiring(Bundle bundle) {
        BundleWiring wiring = bundle.adapt(BundleWiring.class);
        if (wiring == null || !wiring.isInUse()) {
            throw new IllegalStateException(bundle + " is not resolved");
        }
        return wiring;
    }

    private static URL location(Bundle bundle) throws MalformedURLException {
        try {
            return new URL(bundle.getLocation());
        } catch (MalformedURLException notAUrl) {
            URL root = bundle.getEntry("/");
            if (root == null) {
                throw notAUrl;
            }
            return root;
        }
    }
}
