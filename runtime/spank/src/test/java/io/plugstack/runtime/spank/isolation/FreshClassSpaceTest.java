package io.plugstack.runtime.spank.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import fixture.plugin.FixturePlugin;
import io.plugstack.api.spank.SpankPlugin;

class FreshClassSpaceTest {

    /** The "bundle" loader: it sees the API and could load the fixture classes itself. */
    private static final ClassLoader PARENT = FreshClassSpaceTest.class.getClassLoader();

    @TempDir
    static Path dir;
    static Path jarPath;
    static PluginJar jar;
    static Set<String> own;

    @BeforeAll
    static void buildPlugin() throws IOException {
        jarPath = FixtureJar.build(dir);
        jar = PluginJar.read(jarPath);
        own = PrivatePackages.of(jar);
    }

    /** One job_prolog run in a fresh space; returns what the plugin reported. */
    static Map<String, String> run() throws ReflectiveOperationException {
        Map<String, String> env = new HashMap<>();
        try (FreshClassSpace space = FreshClassSpace.open(jar, own, PARENT)) {
            SpankPlugin plugin = space.newInstance(FixtureJar.PLUGIN, SpankPlugin.class);
            assertEquals(0, plugin.jobProlog(RecordingSpank.create(env), List.of()));
        }
        return env;
    }

    @Test
    void staticStateDoesNotSurviveFromOneRunToTheNext() throws Exception {
        for (int i = 0; i < 3; i++) {
            Map<String, String> env = run();
            assertEquals("1", env.get(FixturePlugin.STATIC_RUNS), "static counter in run " + (i + 1));
            assertEquals("1", env.get(FixturePlugin.INSTANCE_RUNS), "instance counter in run " + (i + 1));
        }
    }

    @Test
    void instanceFromFreshSpaceIsAssignableToHostApiType() throws Exception {
        try (FreshClassSpace space = FreshClassSpace.open(jar, own, PARENT)) {
            Object plugin = space.newInstance(FixtureJar.PLUGIN, SpankPlugin.class);
            assertTrue(plugin instanceof SpankPlugin);
            assertSame(SpankPlugin.class, space.loadClass(SpankPlugin.class.getName()), "API class comes from the parent");
            assertSame(space.classLoader(), plugin.getClass().getClassLoader(), "plugin class defined by the space");
            assertNotSame(FixturePlugin.class, plugin.getClass(), "not the parent's copy of the plugin class");
        }
    }

    @Test
    void stateDoesNotLeakFromTheLongLivedInstance() throws Exception {
        FixturePlugin slurmd = new FixturePlugin();
        int before = FixturePlugin.staticRuns();
        for (int i = 0; i < 5; i++) {
            slurmd.jobProlog(RecordingSpank.create(new HashMap<>()), List.of());
        }
        assertEquals(before + 5, FixturePlugin.staticRuns());

        Map<String, String> env = run();

        assertEquals("1", env.get(FixturePlugin.STATIC_RUNS), "fresh space saw the long-lived class's static");
        assertEquals(before + 5, FixturePlugin.staticRuns(), "fresh run touched the long-lived class's static");
    }

    @Test
    void classLoadersAreDroppedAfterTheRun() throws Exception {
        List<WeakReference<ClassLoader>> loaders = runAndKeepWeakLoaders(1000);
        long alive = loaders.size();
        for (int i = 0; i < 50 && alive > 0; i++) {
            System.gc();
            Thread.sleep(20);
            alive = loaders.stream().filter(r -> r.get() != null).count();
        }
        assertEquals(0, alive, "class loaders still reachable after the runs");
    }

    /** In its own frame, so no dead local of this method keeps the last space reachable. */
    private static List<WeakReference<ClassLoader>> runAndKeepWeakLoaders(int runs) throws Exception {
        List<WeakReference<ClassLoader>> loaders = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Map<String, String> env = new HashMap<>();
            try (FreshClassSpace space = FreshClassSpace.open(jar, own, PARENT)) {
                SpankPlugin plugin = space.newInstance(FixtureJar.PLUGIN, SpankPlugin.class);
                plugin.jobProlog(RecordingSpank.create(env), List.of());
                loaders.add(new WeakReference<>(space.classLoader()));
            }
            assertEquals("1", env.get(FixturePlugin.STATIC_RUNS));
        }
        return loaders;
    }

    @Test
    void resourcesOfThePluginComeFromItsJar() throws Exception {
        assertEquals(FixtureJar.JAR_GREETING, run().get(FixturePlugin.GREETING), "resource the plugin read itself");
        try (FreshClassSpace space = FreshClassSpace.open(jar, own, PARENT)) {
            ClassLoader loader = space.classLoader();
            URL url = loader.getResource(FixtureJar.GREETING_ENTRY);
            assertNotNull(url);
            assertTrue(url.toExternalForm().contains(jarPath.getFileName().toString()), url.toExternalForm());
            assertEquals(FixtureJar.JAR_GREETING, read(url.openStream()));
            assertEquals(FixtureJar.JAR_GREETING, read(loader.getResourceAsStream(FixtureJar.GREETING_ENTRY)));
            assertEquals(List.of(url), Collections.list(loader.getResources(FixtureJar.GREETING_ENTRY)));
            assertEquals("hello from the parent class path", read(PARENT.getResourceAsStream(FixtureJar.GREETING_ENTRY)),
                    "the parent has its own copy, which the space must not use");
            assertEquals(null, loader.getResource("fixture/plugin/missing.txt"), "no fallback to the parent");
        }
    }

    @Test
    void classOfAPrivatePackageMissingFromTheJarIsNotTakenFromTheParent() throws Exception {
        PARENT.loadClass("fixture.plugin.NotInJar");
        try (FreshClassSpace space = FreshClassSpace.open(jar, own, PARENT)) {
            assertThrows(ClassNotFoundException.class, () -> space.loadClass("fixture.plugin.NotInJar"));
        }
    }

    @Test
    void classOutsideThePrivatePackagesIsRefusedAsPlugin() {
        try (FreshClassSpace space = FreshClassSpace.open(jar, own, PARENT)) {
            assertThrows(IllegalArgumentException.class,
                    () -> space.newInstance(FreshClassSpaceTest.class.getName(), Object.class));
        }
    }

    @Test
    void pluginNotImplementingTheRequestedTypeIsAClassCastException() {
        try (FreshClassSpace space = FreshClassSpace.open(jar, own, PARENT)) {
            assertThrows(ClassCastException.class, () -> space.newInstance(FixtureJar.PLUGIN, Runnable.class));
        }
    }

    @Test
    void closedSpaceRefusesToLoad() {
        FreshClassSpace space = FreshClassSpace.open(jar, own, PARENT);
        space.close();
        space.close();
        assertTrue(space.isClosed());
        assertThrows(IllegalStateException.class, () -> space.newInstance(FixtureJar.PLUGIN, SpankPlugin.class));
    }

    @Test
    void pluginClassesHaveTheJarAsCodeSourceAndItsPackageHeaders() throws Exception {
        try (FreshClassSpace space = FreshClassSpace.open(jar, own, PARENT)) {
            Class<?> c = space.loadClass(FixtureJar.PLUGIN);
            assertEquals(jarPath.toUri().toURL(), c.getProtectionDomain().getCodeSource().getLocation());
            assertEquals("7.7", c.getPackage().getImplementationVersion());
        }
    }

    @Test
    void jarFileIsNotHeldOpen() throws Exception {
        Path fds = Path.of("/proc/self/fd");
        assumeTrue(Files.isDirectory(fds), "needs /proc");
        PluginJar another = PluginJar.read(jarPath);
        run();
        Path real = jarPath.toRealPath();
        try (Stream<Path> links = Files.list(fds)) {
            List<Path> open = links.filter(l -> {
                try {
                    return Files.readSymbolicLink(l).equals(real);
                } catch (IOException | UnsupportedOperationException gone) {
                    return false;
                }
            }).toList();
            assertEquals(List.of(), open, "descriptors still open on " + real + " (" + another + ")");
        }
    }

    private static String read(InputStream in) throws IOException {
        assertNotNull(in);
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
    }
}
