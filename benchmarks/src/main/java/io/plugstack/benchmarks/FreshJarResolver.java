package io.plugstack.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.jar.Attributes;

import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.host.catalog.GenericLoad;
import io.plugstack.runtime.spank.isolation.DsDescriptors;
import io.plugstack.runtime.spank.isolation.FreshClassSpace;
import io.plugstack.runtime.spank.isolation.PluginJar;
import io.plugstack.runtime.spank.isolation.PrivatePackages;
import io.plugstack.runtime.spank.stack.PluginResolver;

/**
 * The runtime's job_script resolution (CatalogResolver + BundleFreshInstances) without the framework:
 * the jar is read once, as once per bundle revision; every resolve defines the plugin anew in its own
 * {@link FreshClassSpace}, runs the generic init(), and the release runs fini() and drops the space.
 * The parent is our class loader, which holds the API jar, as the bundle's wiring would.
 */
final class FreshJarResolver implements PluginResolver {

    private final PluginJar jar;
    private final Set<String> privatePackages;
    private final String implementation;
    private final ClassLoader parent;
    final String name;
    private final String label;
    private final String version;

    FreshJarResolver(Path file, ClassLoader parent) throws IOException {
        this.jar = PluginJar.read(file);
        this.privatePackages = PrivatePackages.of(jar);
        this.implementation = DsDescriptors.implementationOf(jar, SpankPlugin.class.getName())
                .orElseThrow(() -> new IllegalStateException(file + " has no DS component providing SpankPlugin"));
        this.parent = parent;
        Attributes main = jar.manifest().getMainAttributes();
        this.name = main.getValue("Slurm-Plugin-Name");
        this.label = main.getValue("Bundle-SymbolicName");
        this.version = main.getValue("Bundle-Version");
    }

    @Override
    public Resolution resolve(String reference, SpankContext context, io.plugstack.runtime.spank.JobPluginVersions job) {
        if (!reference.equals(name)) {
            return Resolution.failed("Plugin file not found");
        }
        FreshClassSpace space = FreshClassSpace.open(jar, privatePackages, parent);
        SpankPlugin plugin;
        try {
            plugin = space.newInstance(implementation, SpankPlugin.class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            space.close();
            return Resolution.failed("cannot instantiate " + implementation + ": " + e);
        }
        Optional<String> failure = GenericLoad.init(plugin); // the runtime's own load, as BundleFreshInstances does
        if (failure.isPresent()) {
            space.close();
            return Resolution.failed(failure.get());
        }
        return Resolution.of(new Loaded(name, label, version, plugin, GenericLoad.loaded(plugin, space::close)));
    }
}
