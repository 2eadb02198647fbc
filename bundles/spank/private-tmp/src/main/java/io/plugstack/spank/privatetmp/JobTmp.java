package io.plugstack.spank.privatetmp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** The job's private directory: where it is, making it (mode 0700, owned by the job's user), removing it. */
final class JobTmp {
    private JobTmp() {
    }

    /** {@code <base>/slurm-<jobid>}; base from the plugin's {@code base=} argument, /tmp by default. */
    static Path directory(List<String> args, long jobId) {
        Path base = Path.of("/tmp");
        for (String a : args) {
            if (a.startsWith("base=") && a.length() > 5) {
                base = Path.of(a.substring(5));
            } else {
                throw new IllegalArgumentException("unknown argument \"" + a + "\" (expected base=<dir>)");
            }
        }
        if (!base.isAbsolute()) {
            throw new IllegalArgumentException("base=" + base + " must be an absolute path");
        }
        return base.resolve("slurm-" + jobId);
    }

    static void create(Path dir, long uid) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
        Object owner = Files.getAttribute(dir, "unix:uid");
        if (((Number) owner).longValue() != uid) {
            Files.setAttribute(dir, "unix:uid", (int) uid); // only root can: slurmd's prolog runs as root
        }
    }

    static void remove(Path dir) throws IOException {
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
