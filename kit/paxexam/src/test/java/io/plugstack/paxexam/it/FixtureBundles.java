package io.plugstack.paxexam.it;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import aQute.bnd.osgi.Builder;
import aQute.bnd.osgi.Jar;
import io.plugstack.api.plugin.SlurmRelease;

/**
 * The fixture plugin (io.plugstack.paxexam.fixture.project) as a bundle, built with bnd as an author's
 * build makes one (bnd-maven-plugin: DS annotations, the identity headers), with the Slurm-Plugin-Version
 * a test asks for. Built in the test JVM, before Pax Exam starts a runtime.
 */
final class FixtureBundles {

    private FixtureBundles() {
    }

    /** The project plugin built for the release the runtime plays by default: deployed, it runs. */
    static Path projectPlugin() {
        return build("io.plugstack.paxexam.fixture.project", SlurmRelease.BUILT_FOR);
    }

    /** The project plugin built for {@code release}, with no Slurm-Plugin-Releases: Slurm's own version rule applies. */
    static Path build(String bsn, String release) {
        return build(bsn, release, Map.of());
    }

    /** The same with more bnd instructions (an Import-Package nothing exports makes it unresolvable). */
    static Path build(String bsn, String release, Map<String, String> more) {
        Path dir = Path.of(System.getProperty("basedir", "")).toAbsolutePath().resolve("target").resolve("fixtures");
        Path out = dir.resolve(bsn + "-" + release + ".jar");
        try (Builder b = new Builder()) {
            b.setProperty("Bundle-SymbolicName", bsn);
            b.setProperty("Bundle-Version", "1.0.0");
            b.setProperty("-privatepackage", "io.plugstack.paxexam.fixture.project");
            b.setProperty("-dsannotations", "*");
            b.setProperty("-noextraheaders", "true");
            Map.of("Slurm-Plugin-Type", "spank", "Slurm-Plugin-Name", "project", "Slurm-Plugin-Version", release)
                    .forEach(b::setProperty);
            more.forEach(b::setProperty);
            b.addClasspath(codeSource(FixtureBundles.class));
            b.addClasspath(codeSource(SlurmRelease.class));
            b.addClasspath(codeSource(org.osgi.service.component.annotations.Component.class));
            Jar jar = b.build();
            if (!b.isOk()) {
                throw new IllegalStateException("bnd could not build " + bsn + ": " + b.getErrors());
            }
            Files.createDirectories(dir);
            jar.write(out.toFile());
            return out;
        } catch (Exception e) {
            throw new IllegalStateException("cannot build the fixture plugin " + bsn + ": " + e.getMessage(), e);
        }
    }

    private static File codeSource(Class<?> c) throws java.net.URISyntaxException {
        return new File(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
