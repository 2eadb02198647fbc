package io.plugstack.runtime.spank.isolation;

import java.util.Set;
import java.util.TreeSet;
import java.util.jar.Manifest;

/**
 * Which packages a fresh space defines itself: the packages of the jar's own classes minus the packages
 * the bundle imports (an imported package is served by its exporter even when the jar also holds it, as
 * OSGi does for substitutable exports). {@code DynamicImport-Package} is not subtracted: a bundle's own
 * classes win over dynamic imports. For a resolved bundle prefer {@link BundleClassSpaces#privatePackages},
 * which subtracts what is actually wired rather than what is declared.
 */
public final class PrivatePackages {

    private PrivatePackages() {
    }

    /** The jar's class packages minus its manifest's {@code Import-Package}. */
    public static Set<String> of(PluginJar jar) {
        return of(jar, importedPackages(jar.manifest()));
    }

    /**
     * The jar's class packages minus {@code imported}.
     *
     * @throws IllegalArgumentException the manifest sets a {@code Bundle-ClassPath} other than "." (classes
     *         of embedded jars or folders would not be seen as private, so they would be loaded by the
     *         parent and shared across runs; not supported)
     */
    public static Set<String> of(PluginJar jar, Set<String> imported) {
        String classPath = jar.manifest().getMainAttributes().getValue("Bundle-ClassPath");
        for (String entry : ManifestHeaders.paths(classPath)) {
            if (!entry.equals(".") && !entry.equals("/")) {
                throw new IllegalArgumentException(jar.location() + ": Bundle-ClassPath entry " + entry
                        + " is not supported by fresh class spaces");
            }
        }
        Set<String> own = new TreeSet<>(jar.classPackages());
        own.removeAll(imported);
        return Set.copyOf(own);
    }

    /** The package names of {@code Import-Package}, attributes and directives dropped. */
    public static Set<String> importedPackages(Manifest manifest) {
        return Set.copyOf(ManifestHeaders.paths(manifest.getMainAttributes().getValue("Import-Package")));
    }

    /** bnd's informational {@code Private-Package} header, for cross-checking; empty when absent. */
    public static Set<String> declared(Manifest manifest) {
        return Set.copyOf(ManifestHeaders.paths(manifest.getMainAttributes().getValue("Private-Package")));
    }
}
