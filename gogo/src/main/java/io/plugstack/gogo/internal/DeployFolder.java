package io.plugstack.gogo.internal;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

import org.osgi.framework.Bundle;

/**
 * The hot-deploy folder FileInstall watches. The shell never installs bundles itself: it puts jars
 * into the folder and takes them out, so the folder stays the one truth about what is deployed.
 */
public final class DeployFolder {

    private final Path dir;
    private final Path mavenRepo;

    public DeployFolder(Path dir, Path mavenRepo) {
        this.dir = dir;
        this.mavenRepo = mavenRepo;
    }

    public Path dir() {
        return dir;
    }

    /**
     * Copies a jar into the folder: written as "&lt;name&gt;.part" then renamed, so FileInstall (which
     * only looks at *.jar) never sees half a file.
     *
     * @param source a path to a jar, or Maven coordinates (mvn:group/artifact/version or group:artifact:version)
     * @return the jar now in the folder
     */
    public Path deploy(String source) throws IOException {
        Path jar = resolve(source);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("deploy: " + jar + ": no such file");
        }
        Files.createDirectories(dir);
        Path target = dir.resolve(jar.getFileName().toString());
        Path part = dir.resolve(jar.getFileName() + ".part");
        Files.copy(jar, part, StandardCopyOption.REPLACE_EXISTING);
        Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return target;
    }

    /** The jar in this folder that a bundle was installed from, if it came from here. */
    public Optional<Path> jarOf(Bundle bundle) {
        String location = bundle.getLocation();
        try {
            Path p = Path.of(URI.create(location.startsWith("file:") ? location : "file:" + location)).normalize();
            return p.startsWith(dir) ? Optional.of(p) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    Path resolve(String source) {
        Optional<String[]> gav = MavenCoordinates.parse(source);
        if (gav.isEmpty()) {
            return Path.of(source).toAbsolutePath().normalize();
        }
        String[] c = gav.get();
        Path jar = mavenRepo.resolve(c[0].replace('.', '/')).resolve(c[1]).resolve(c[2])
                .resolve(c[1] + "-" + c[2] + ".jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("deploy: " + source + " is not in the local Maven repository ("
                    + jar + "); fetch it first, e.g. mvn dependency:get -Dartifact=" + c[0] + ":" + c[1] + ":" + c[2]);
        }
        return jar;
    }
}
