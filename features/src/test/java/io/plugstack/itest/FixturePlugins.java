package io.plugstack.itest;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import aQute.bnd.osgi.Builder;
import aQute.bnd.osgi.Jar;
import io.plugstack.api.plugin.SlurmPlugin;

/**
 * Builds real plugin bundles for the tests with bnd (the tool that builds our shipped plugins),
 * from the fixture classes under io.plugstack.itest.fixture, with whatever identity headers a
 * test wants: right, wrong, malformed or missing.
 */
public final class FixturePlugins {

    private final Path dir;

    public FixturePlugins(Path dir) {
        this.dir = dir;
    }

    /** A bundle builder for fixture package {@code fixture} ("good", "failinit"). */
    public Spec plugin(String bsn, String fixture) {
        return new Spec(bsn, fixture);
    }

    public final class Spec {
        private final String bsn;
        private final String fixture;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private String version = "1.0.0";

        private Spec(String bsn, String fixture) {
            this.bsn = bsn;
            this.fixture = fixture;
            headers.put("Slurm-Plugin-Type", "spank");
            headers.put("Slurm-Plugin-Name", fixture);
            headers.put("Slurm-Plugin-Version", Releases.RUNTIME);
            // written for every series, as the shipped plugins are: a node daemon plays its node's Slurm (22.05 here)
            headers.put("Slurm-Plugin-Releases", Releases.WRITTEN_FOR);
        }

        /** A header; a test that sets Slurm-Plugin-Version means that one release (the series default goes). */
        public Spec header(String name, String value) {
            if (name.equals("Slurm-Plugin-Version")) {
                headers.remove("Slurm-Plugin-Releases");
            }
            if (value == null) {
                headers.remove(name);
            } else {
                headers.put(name, value);
            }
            return this;
        }

        public Spec bundleVersion(String v) {
            this.version = v;
            return this;
        }

        /** Writes the jar (outside the deploy folder) and returns it. */
        public Path build() throws Exception {
            try (Builder b = new Builder()) {
                b.setProperty("Bundle-SymbolicName", bsn);
                b.setProperty("Bundle-Version", version);
                b.setProperty("-privatepackage", "io.plugstack.itest.fixture." + fixture);
                b.setProperty("-dsannotations", "*");
                b.setProperty("-noextraheaders", "true");
                headers.forEach(b::setProperty);
                b.addClasspath(codeSource(FixturePlugins.class));
                b.addClasspath(codeSource(SlurmPlugin.class));
                b.addClasspath(codeSource(org.osgi.service.component.annotations.Component.class));
                Jar jar = b.build();
                if (!b.isOk()) {
                    throw new IllegalStateException("bnd could not build " + bsn + ": " + b.getErrors());
                }
                Path out = dir.resolve(bsn + "-" + version + ".jar");
                jar.write(out.toFile());
                return out;
            }
        }
    }

    /**
     * A copy of {@code jar} (beside it, named {@code name}) whose manifest has header {@code header}
     * set to {@code value} verbatim: for values bnd itself refuses to write (an invalid Bundle-Version).
     */
    public static Path withHeader(Path jar, String name, String header, String value) throws IOException {
        return copy(jar, name, m -> m.getMainAttributes().putValue(header, value), (entry, bytes) -> bytes);
    }

    /**
     * A copy of {@code jar} (beside it, named {@code name}) whose Declarative Services components register
     * singleton services instead of prototype-scoped ones: the same plugin as an author who left out
     * {@code scope = ServiceScope.PROTOTYPE} would build it.
     */
    public static Path asSingleton(Path jar, String name) throws IOException {
        return copy(jar, name, m -> { }, (entry, bytes) -> !entry.startsWith("OSGI-INF/") || !entry.endsWith(".xml") ? bytes
                : new String(bytes, java.nio.charset.StandardCharsets.UTF_8).replace(" scope=\"prototype\"", "")
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static Path copy(Path jar, String name, java.util.function.Consumer<Manifest> manifest,
            java.util.function.BiFunction<String, byte[], byte[]> entries) throws IOException {
        Path out = jar.resolveSibling(name);
        try (JarInputStream in = new JarInputStream(Files.newInputStream(jar))) {
            Manifest m = new Manifest(in.getManifest());
            manifest.accept(m);
            try (JarOutputStream copy = new JarOutputStream(Files.newOutputStream(out), m)) {
                for (JarEntry e = in.getNextJarEntry(); e != null; e = in.getNextJarEntry()) {
                    copy.putNextEntry(new JarEntry(e.getName()));
                    copy.write(entries.apply(e.getName(), in.readAllBytes()));
                }
            }
        }
        return out;
    }

    private static File codeSource(Class<?> c) throws URISyntaxException {
        return new File(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** The releases the tests speak of. */
    static final class Releases {
        static final String RUNTIME = "25.11.0";
        /** The series a fixture is written for unless a test says otherwise (Slurm-Plugin-Releases). */
        static final String WRITTEN_FOR = io.plugstack.api.plugin.SlurmRelease.SHIPPED_SERIES; // every series the runtime plays, as a shipped plugin

        private Releases() {
        }
    }
}
