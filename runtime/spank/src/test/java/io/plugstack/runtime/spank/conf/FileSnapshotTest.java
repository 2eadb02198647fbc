package io.plugstack.runtime.spank.conf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A launch sees one version of a file, whole. */
class FileSnapshotTest {

    @TempDir
    Path dir;

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void missingFileThrowsNoSuchFile() {
        assertThrows(NoSuchFileException.class, () -> FileSnapshot.read(dir.resolve("none")));
    }

    @Test
    void fileChangedDuringTheReadIsReadAgain() throws IOException {
        Path f = Files.write(dir.resolve("p.conf"), utf8("required old\n"));
        List<Integer> attempts = new ArrayList<>();
        byte[] got = FileSnapshot.read(f, attempt -> {
            attempts.add(attempt);
            if (attempt == 1) { // an editor appends while we read
                Files.write(f, utf8("required new\n"), StandardOpenOption.APPEND);
            }
        });
        assertEquals(List.of(1, 2), attempts);
        assertArrayEquals(utf8("required old\nrequired new\n"), got);
    }

    @Test
    void fileReplacedByRenameDuringTheReadIsReadAgainWhole() throws IOException {
        Path f = Files.write(dir.resolve("p.conf"), utf8("required old\n"));
        byte[] got = FileSnapshot.read(f, attempt -> {
            if (attempt == 1) {
                Path tmp = Files.write(dir.resolve("p.conf.tmp"), utf8("required new\n"));
                Files.move(tmp, f, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
        });
        assertArrayEquals(utf8("required new\n"), got);
    }

    @Test
    void fileThatKeepsChangingIsReadABoundedNumberOfTimes() throws IOException {
        Path f = Files.write(dir.resolve("p.conf"), utf8("x\n"));
        List<Integer> attempts = new ArrayList<>();
        byte[] got = FileSnapshot.read(f, attempt -> {
            attempts.add(attempt);
            Files.write(f, utf8("x\n"), StandardOpenOption.APPEND);
        });
        assertEquals(FileSnapshot.ATTEMPTS, attempts.size());
        assertArrayEquals(utf8("x\n".repeat(FileSnapshot.ATTEMPTS)), got, "the last read is used");
    }

    @Test
    void unchangedFileIsReadOnce() throws IOException {
        Path f = Files.write(dir.resolve("p.conf"), utf8("required a\n"));
        List<Integer> attempts = new ArrayList<>();
        assertArrayEquals(utf8("required a\n"), FileSnapshot.read(f, attempts::add));
        assertEquals(List.of(1), attempts);
    }

    @Test
    void directoryReadsAsEmpty() throws IOException {
        assertArrayEquals(new byte[0], FileSnapshot.read(Files.createDirectory(dir.resolve("d"))));
    }
}
