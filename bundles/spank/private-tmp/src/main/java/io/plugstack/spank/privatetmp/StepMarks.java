package io.plugstack.spank.privatetmp;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Which of a job's steps run on this node, and whether its prolog ran, so that without job_epilog (the
 * bridge built without job_script callbacks, which slurmd then never calls) the job's directory still goes
 * when its last step ends. One empty file per mark, in a directory beside the records ({@code <records>.steps},
 * as only root writes), and one lock for the sequences that must not interleave: a step's mark and make,
 * and a step's unmark, check and remove.
 */
final class StepMarks {

    private final Path dir;

    StepMarks(Path records) {
        this.dir = records.resolveSibling(records.getFileName() + ".steps");
    }

    /** Runs {@code work} holding the marks' lock (a file lock: steps are separate processes on a real node). */
    <T> T locked(IoWork<T> work) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        try (FileChannel lock = FileChannel.open(dir.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = lock.lock()) {
            return work.run();
        }
    }

    interface IoWork<T> {
        T run() throws IOException;
    }

    /** The job's prolog made its directory: its epilog removes it, not its last step. */
    void prolog(long job) throws IOException {
        touch("job" + job + ".prolog");
    }

    void stepBegins(long job, long step) throws IOException {
        touch("job" + job + ".step" + Long.toUnsignedString(step));
    }

    /** The step ends; true when it was the job's last one here and no prolog ran (its directory is the steps' to remove). */
    boolean stepEndsLast(long job, long step) throws IOException {
        Files.deleteIfExists(dir.resolve("job" + job + ".step" + Long.toUnsignedString(step)));
        if (Files.exists(dir.resolve("job" + job + ".prolog"))) {
            return false;
        }
        try (DirectoryStream<Path> left = Files.newDirectoryStream(dir, "job" + job + ".step*")) {
            return !left.iterator().hasNext();
        }
    }

    /** The job has ended (its epilog): no mark of it stays. */
    void forget(long job) throws IOException {
        try (DirectoryStream<Path> marks = Files.newDirectoryStream(dir, "job" + job + ".*")) {
            for (Path m : marks) {
                Files.deleteIfExists(m);
            }
        }
    }

    private void touch(String name) throws IOException {
        Path p = dir.resolve(name);
        if (!Files.exists(p)) {
            Files.createFile(p);
        }
    }
}
