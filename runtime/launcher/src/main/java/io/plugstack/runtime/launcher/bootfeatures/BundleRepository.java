package io.plugstack.runtime.launcher.bootfeatures;

import io.plugstack.runtime.spi.features.MavenCoordinates;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Maven-layout folders ({@code <group path>/<artifact>/<version>/<artifact>-<version>[-classifier].<type>})
 * that feature bundle ids resolve against, searched in order: the distribution's {@code system/}
 * first, then an optional extra one ({@code plugstack.maven.repo}).
 */
public final class BundleRepository {

    private final List<Path> roots;

    public BundleRepository(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    public List<Path> roots() {
        return roots;
    }

    /** Where coordinates {@code group:artifact:version[:type[:classifier]]} would be under a root. */
    static Path relativePath(String id) {
        return MavenCoordinates.parse(id).relativePath();
    }

    /** The jar of {@code id}, from the first root that has it. */
    public Optional<Path> find(String id) {
        Path rel = relativePath(id);
        return roots.stream().map(r -> r.resolve(rel)).filter(Files::isRegularFile).findFirst();
    }

    /** The jar of {@code id}, or an exception naming where it was looked for. */
    public Path resolve(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("bundle \"" + id + "\" has no jar in "
                + roots.stream().map(r -> r.resolve(relativePath(id)).toString()).collect(Collectors.joining(" or "))));
    }
}
