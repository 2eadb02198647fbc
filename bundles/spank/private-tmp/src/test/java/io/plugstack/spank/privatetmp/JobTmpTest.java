package io.plugstack.spank.privatetmp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobTmpTest {

    @TempDir
    Path base;

    private long myUid() throws Exception {
        return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
    }

    @Test
    void directoryIsSlurmJobIdUnderBase() {
        assertThat(JobTmp.directory(List.of("base=" + base), 42)).isEqualTo(base.resolve("slurm-42"));
        assertThat(JobTmp.directory(List.of(), 7)).isEqualTo(Path.of("/tmp/slurm-7"));
    }

    @Test
    void createdDirectoryIsPrivateToTheJobUser() throws Exception {
        Path dir = base.resolve("slurm-1");
        JobTmp.create(dir, myUid());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
    }

    @Test
    void removeDeletesTheDirectoryWithItsContent() throws Exception {
        Path dir = base.resolve("slurm-2");
        JobTmp.create(dir, myUid());
        Files.createDirectories(dir.resolve("a/b"));
        Files.writeString(dir.resolve("a/b/file"), "x");
        JobTmp.remove(dir);
        assertThat(dir).doesNotExist();
    }

    @Test
    void relativeBaseIsRefused() {
        assertThatThrownBy(() -> JobTmp.directory(List.of("base=tmp"), 1)).hasMessageContaining("must be an absolute path");
    }

    @Test
    void unknownArgumentIsRefused() {
        assertThatThrownBy(() -> JobTmp.directory(List.of("size=1G"), 1)).hasMessageContaining("unknown argument");
    }
}
