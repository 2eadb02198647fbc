package io.plugstack.paxexam.container;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.stream.Stream;

/**
 * A runtime home made for one test container: a copy of the whole unpacked distribution (bin/'s modes and
 * links kept), as an admin installs the product, so each test class starts from what ships and leaves
 * nothing behind for the next.
 */
final class FreshHome {

    private FreshHome() {
    }

    /** Copies {@code distribution} into a new directory under {@code parent}; the home. */
    static Path copy(Path distribution, Path parent) throws IOException {
        Files.createDirectories(parent);
        // short: the bench's socket (data/bench.sock) must fit a Unix socket path
        Path home = Files.createTempDirectory(parent, "home");
        try (Stream<Path> s = Files.walk(distribution)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path target = home.resolve(distribution.relativize(p).toString());
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
                }
            }
        }
        return home;
    }

    /** Removes {@code home} and everything in it, links without following them. */
    static void delete(Path home) throws IOException {
        if (!Files.exists(home, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(home, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
