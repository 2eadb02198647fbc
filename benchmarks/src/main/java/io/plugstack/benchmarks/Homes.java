package io.plugstack.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/** Fresh copies of the assembled distribution, so every run starts from the product as shipped. */
final class Homes {
    private Homes() {
    }

    static Path dist() {
        Path d = Path.of(System.getProperty("plugstack.dist", "features/target/plugstack")).toAbsolutePath();
        if (!Files.isRegularFile(d.resolve("plugstack.jar"))) {
            throw new IllegalStateException(d + " holds no distribution: build it first (mvn install -DskipTests)");
        }
        return d;
    }

    /**
     * A copy of the distribution; without plugins it boots the runtime feature only (the plugin
     * features' jars stay in system/, nothing installs them).
     */
    static Path copy(Path dist, Path to, boolean withPlugins) throws IOException {
        try (Stream<Path> s = Files.walk(dist)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path rel = dist.relativize(p);
                if (rel.startsWith("data") || rel.startsWith("deploy")) {
                    continue;
                }
                Path t = to.resolve(rel.toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        if (!withPlugins) {
            Files.writeString(to.resolve("etc/plugstack.properties"), "\nplugstack.features.boot=plugstack-runtime\n",
                    java.nio.file.StandardOpenOption.APPEND);
        }
        return to;
    }

    /** The shipped demo SPANK plugin's jar in the distribution's system/ repository. */
    static Path demoJar(Path dist) throws IOException {
        Path dir = dist.resolve("system/io/plugstack/io.plugstack.spank.demo");
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jar")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no demo plugin in " + dir));
        }
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
