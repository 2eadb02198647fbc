package io.plugstack.runtime.spank.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.jar.Manifest;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;

import fixture.plugin.FixturePlugin;
import io.plugstack.api.spank.SpankPlugin;

/** The OSGi adapter against an embedded Felix 7.0.5 with the real API bundle installed. */
class BundleClassSpacesTest {

    @TempDir
    static Path dir;
    static Framework felix;
    static Bundle api;
    static Bundle plugin;

    @BeforeAll
    static void startFelix() throws Exception {
        Map<String, String> config = new HashMap<>();
        config.put(Constants.FRAMEWORK_STORAGE, dir.resolve("felix-cache").toString());
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        config.put("felix.service.urlhandlers", "false");
        felix = ServiceLoader.load(FrameworkFactory.class).iterator().next().newFramework(config);
        felix.start();
        Path apiJar = Path.of(SpankPlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        api = felix.getBundleContext().installBundle(apiJar.toUri().toString());
        Path pluginDir = Files.createDirectories(dir.resolve("plugins"));
        plugin = felix.getBundleContext().installBundle(FixtureJar.build(pluginDir).toUri().toString());
        assertTrue(felix.adapt(FrameworkWiring.class).resolveBundles(List.of(api, plugin)), "bundles resolve");
    }

    @AfterAll
    static void stopFelix() throws Exception {
        felix.stop();
        felix.waitForStop(10_000);
    }

    @Test
    void freshInstanceIsAssignableToTheApiBundlesSpankPlugin() throws Exception {
        PluginJar jar = BundleClassSpaces.pluginJar(plugin);
        ClassLoader parent = BundleClassSpaces.parentLoader(plugin);
        String cls = DsDescriptors.implementationOf(jar, SpankPlugin.class.getName()).orElseThrow();
        Class<?> apiSpankPlugin = parent.loadClass(SpankPlugin.class.getName());
        assertSame(api.adapt(BundleWiring.class).getClassLoader(), apiSpankPlugin.getClassLoader());
        assertNotSame(SpankPlugin.class, apiSpankPlugin, "the framework's API copy, not the test class path's");

        try (FreshClassSpace space = FreshClassSpace.open(jar, BundleClassSpaces.privatePackages(plugin, jar), parent)) {
            Object instance = space.newInstance(cls, apiSpankPlugin);
            assertTrue(apiSpankPlugin.isInstance(instance));
            assertSame(space.classLoader(), instance.getClass().getClassLoader());
            assertNotSame(parent.loadClass(cls), instance.getClass(), "not the bundle's own copy");
        }
    }

    @Test
    void stateDoesNotSurviveRunsNorLeakFromTheBundlesInstanceInsideOsgi() throws Exception {
        PluginJar jar = BundleClassSpaces.pluginJar(plugin);
        Set<String> own = BundleClassSpaces.privatePackages(plugin, jar);
        ClassLoader parent = BundleClassSpaces.parentLoader(plugin);
        Class<?> spank = parent.loadClass("io.plugstack.api.spank.Spank");
        Class<?> bundleOwn = parent.loadClass(FixtureJar.PLUGIN);
        Object longLived = bundleOwn.getConstructor().newInstance();
        // Called through the API bundle's interface: the same Method serves both copies of the class.
        Method prolog = parent.loadClass(SpankPlugin.class.getName()).getMethod("jobProlog", spank, List.class);
        for (int i = 0; i < 3; i++) {
            prolog.invoke(longLived, RecordingSpank.create(spank, new HashMap<>()), List.of());
        }
        assertEquals(3, bundleOwn.getMethod("staticRuns").invoke(null));

        for (int i = 0; i < 3; i++) {
            Map<String, String> env = new HashMap<>();
            try (FreshClassSpace space = FreshClassSpace.open(jar, own, parent)) {
                Object fresh = space.newInstance(FixtureJar.PLUGIN, Object.class);
                prolog.invoke(fresh, RecordingSpank.create(spank, env), List.of());
            }
            assertEquals("1", env.get(FixturePlugin.STATIC_RUNS), "run " + (i + 1));
            assertEquals(FixtureJar.JAR_GREETING, env.get(FixturePlugin.GREETING));
        }
        assertEquals(3, bundleOwn.getMethod("staticRuns").invoke(null), "bundle's static untouched");
    }

    @Test
    void privatePackagesAreWhatTheBundleIsNotWiredToGetElsewhere() throws Exception {
        Manifest mf = FixtureJar.manifest();
        mf.getMainAttributes().putValue("Bundle-SymbolicName", "fixture.wired");
        mf.getMainAttributes().putValue("Import-Package",
                FixtureJar.IMPORTS + ",io.plugstack.api.slurm,com.nowhere;resolution:=optional");
        Map<String, byte[]> entries = new LinkedHashMap<>(FixtureJar.classes());
        entries.put("io/plugstack/api/slurm/Substituted.class", "never loaded".getBytes(StandardCharsets.UTF_8));
        entries.put("com/nowhere/Own.class", "never loaded".getBytes(StandardCharsets.UTF_8));
        Path jarFile = FixtureJar.write(Files.createDirectories(dir.resolve("wired")).resolve("wired.jar"), mf, entries);
        Bundle wired = felix.getBundleContext().installBundle(jarFile.toUri().toString());
        try {
            assertTrue(felix.adapt(FrameworkWiring.class).resolveBundles(List.of(wired)));
            PluginJar jar = BundleClassSpaces.pluginJar(wired);

            // The substituted package is wired to the API bundle; the optional import found no exporter,
            // so OSGi (and the fresh space) use the bundle's own classes for it.
            assertEquals(Set.of("fixture.plugin", "com.nowhere"), BundleClassSpaces.privatePackages(wired, jar));
            assertEquals(Set.of("fixture.plugin"), PrivatePackages.of(jar), "the manifest alone cannot tell");
        } finally {
            wired.uninstall();
        }
    }
}
