package io.plugstack.api.user;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OnBehalfOfTest {

    private static final String SECRET = "root:$6$secret-hash:19000:0:99999:7:::";

    @TempDir
    Path dir;

    private final OnBehalfOf other = OnBehalfOf.user(Users.OTHER_UID, Users.OTHER_GID);

    @Test
    void thisProcessRunsCommandsAsTheyAre() throws Exception {
        OnBehalfOf self = OnBehalfOf.user(OnBehalfOf.thisProcess().uid(), OnBehalfOf.thisProcess().gid());
        assertThat(self.isThisProcess()).isTrue();
        assertThat(self.command(List.of("id", "-u"))).containsExactly("id", "-u");
    }

    @Test
    void asRootAnotherUsersCommandRunsWithTheirIds() throws Exception {
        assumeTrue(Users.root(), "only root can become another user");
        Process p = new ProcessBuilder(other.command(List.of("/bin/sh", "-c", "id -u; id -g; id -G"))).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isZero();
        assertThat(out.split("\n")).containsExactly("4242", "4343", "4343");
    }

    @Test
    void inTheUsersProcessAProgramRunsInItsDirectoryWithExactlyItsEnvironment() throws Exception {
        OnBehalfOf self = OnBehalfOf.thisProcess().in(dir, java.util.Map.of("PROJECT", "p1", "PATH", "/usr/bin:/bin"));
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "pwd; env | sort");
        pb.environment().put("FROM_THE_BUILDER", "x");
        Process p = self.start(pb);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isZero();
        assertThat(out).startsWith(dir.toRealPath() + "\n").contains("PROJECT=p1\n").doesNotContain("FROM_THE_BUILDER");
    }

    @Test
    void withoutAKnownProcessAProgramRunsAsTheBuilderSays() throws Exception {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "pwd; echo $FROM_THE_BUILDER").directory(dir.toFile());
        pb.environment().put("FROM_THE_BUILDER", "x");
        Process p = OnBehalfOf.thisProcess().start(pb);
        p.getOutputStream().close();
        assertThat(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(dir.toRealPath() + "\nx\n");
        assertThat(p.waitFor()).isZero();
    }

    /**
     * As root, the user's program reads the context block once it is the user: one that never reads it (a user
     * stopped it) loses its start after a while; the root thread handing it over is never held for ever.
     */
    @Test
    void aProgramThatNeverReadsTheUsersContextIsGivenUpOn() throws Exception {
        assumeTrue(Users.root(), "only root starts another user's program");
        Users.chmod(dir, "rwxr-xr-x");
        Path deaf = Files.writeString(dir.resolve("deaf.sh"), "#!/bin/sh\nexec sleep 60\n");
        Users.chmod(deaf, "rwxr-xr-x");
        String before = System.getProperty(OnBehalfOf.MONITOR_CLIENT_PROPERTY);
        System.setProperty(OnBehalfOf.MONITOR_CLIENT_PROPERTY, deaf.toString());
        try {
            java.util.Map<String, String> big = new java.util.LinkedHashMap<>();
            big.put("BIG", "x".repeat(300_000)); // more than a pipe holds
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> other.in(Path.of("/"), big).start(new ProcessBuilder("true")))
                    .hasMessageContaining("it read none of them in " + OnBehalfOf.HELPER_SECONDS + " s");
            assertThat((System.nanoTime() - t0) / 1_000_000_000).isLessThan(OnBehalfOf.HELPER_SECONDS + 20);
        } finally {
            if (before == null) {
                System.clearProperty(OnBehalfOf.MONITOR_CLIENT_PROPERTY);
            } else {
                System.setProperty(OnBehalfOf.MONITOR_CLIENT_PROPERTY, before);
            }
        }
    }

    @Test
    void aProcessWorkingDirectoryMustBeAbsolute() {
        assertThatThrownBy(() -> other.in(Path.of("relative"), java.util.Map.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("relative");
    }

    /** PROTOCOL.md, "The monitor": what plugstack-run --context and --exec read first on their stdin. */
    @Test
    void theContextBlockIsTheDirectoryThenTheEntries() throws Exception {
        byte[] block = other.in(Path.of("/w"), new java.util.LinkedHashMap<>(java.util.Map.of("A", "1"))).contextBlock();
        assertThat(java.util.HexFormat.of().formatHex(block)).isEqualTo("00000002" + "2f77" + "00000001" + "00000003" + "413d31");
    }

    @Test
    void theContextBlockLeavesOutEntriesPastItsLimits() {
        java.util.Map<String, String> many = new java.util.LinkedHashMap<>();
        for (int i = 0; i < OnBehalfOf.MAX_BLOCK_ENTRIES + 10; i++) {
            many.put("V" + i, "x");
        }
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(other.in(Path.of("/"), many).contextBlock());
        b.position(4 + 1);
        assertThat(b.getInt()).isEqualTo(OnBehalfOf.MAX_BLOCK_ENTRIES);
        java.util.Map<String, String> big = new java.util.LinkedHashMap<>();
        big.put("A", "a".repeat(OnBehalfOf.MAX_BLOCK / 2));
        big.put("B", "b".repeat(OnBehalfOf.MAX_BLOCK / 2));
        big.put("C", "c");
        byte[] cut = other.in(Path.of("/"), big).contextBlock();
        assertThat(cut.length).isLessThanOrEqualTo(OnBehalfOf.MAX_BLOCK);
        assertThat(java.nio.ByteBuffer.wrap(cut).getInt(5)).isEqualTo(1); // A fits, B would pass the limit: the cut is there
    }

    @Test
    void aPlainUserCannotActForAnother() {
        assumeFalse(Users.root(), "root can act for anyone");
        assertThatThrownBy(() -> other.command(List.of("true"))).hasMessageContaining("cannot act for uid 4242 (only root can)");
    }

    @Test
    void aLinkToAFileTheUserCannotReadIsRefusedAndNothingIsRead() throws Exception {
        Path secret = Files.writeString(dir.resolve("shadow"), SECRET);
        Path defaults = Files.createSymbolicLink(dir.resolve("defaults"), secret);
        if (Users.root()) {
            Users.chmod(dir, "rwxr-xr-x"); // the other user may look in; the file itself stays root's only
            Users.chmod(secret, "rw-------");
            assertThatThrownBy(() -> other.readFile(defaults, 4096))
                    .hasMessage(defaults + ": Permission denied (as uid 4242)");
        } else {
            Users.chmod(secret, "---------");
            assertThatThrownBy(() -> OnBehalfOf.thisProcess().readFile(defaults, 4096))
                    .hasMessage(defaults + ": Permission denied");
        }
    }

    @Test
    void aFileTheUserCanReadIsReadAsTheUser() throws Exception {
        Path file = Files.writeString(dir.resolve("defaults"), "time=10\n");
        OnBehalfOf user = Users.root() ? other : OnBehalfOf.thisProcess();
        Users.chmod(dir, "rwxr-xr-x");
        Users.chmod(file, "rw-r--r--");
        assertThat(new String(user.readFile(file, 4096), StandardCharsets.UTF_8)).isEqualTo("time=10\n");
    }

    @Test
    void aMissingFileIsNoSuchFile() {
        OnBehalfOf user = Users.root() ? other : OnBehalfOf.thisProcess();
        assertThatThrownBy(() -> user.readFile(dir.resolve("none"), 4096)).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void aFifoIsNotReadAndNothingBlocks() throws Exception {
        Path fifo = dir.resolve("fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        Users.chmod(dir, "rwxr-xr-x");
        OnBehalfOf user = Users.root() ? other : OnBehalfOf.thisProcess();
        assertThatThrownBy(() -> user.readFile(fifo, 4096)).hasMessageContaining("not a regular file");
    }

    @Test
    void aFileLargerThanTheLimitIsRefused() throws Exception {
        Path big = Files.write(dir.resolve("big"), new byte[5000]);
        Users.chmod(dir, "rwxr-xr-x");
        Users.chmod(big, "rw-r--r--");
        OnBehalfOf user = Users.root() ? other : OnBehalfOf.thisProcess();
        assertThatThrownBy(() -> user.readFile(big, 4096)).hasMessage(big + ": larger than 4096 bytes");
    }

    @Test
    void asRootAFileIsCreatedAsTheUserWhereTheUserMayWrite() throws Exception {
        assumeTrue(Users.root(), "only root can become another user");
        Path theirs = Files.createDirectory(dir.resolve("theirs"));
        Users.chmod(dir, "rwxr-xr-x");
        Files.setAttribute(theirs, "unix:uid", (int) Users.OTHER_UID);
        Path out = theirs.resolve("job.out");
        try (OutputStream o = other.createFile(out)) {
            o.write("hello\n".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(out).hasContent("hello");
        assertThat(Users.uid(out)).isEqualTo(Users.OTHER_UID);
    }

    @Test
    void asRootAFileWhereTheUserMayNotWriteIsRefused() throws Exception {
        assumeTrue(Users.root(), "only root can become another user");
        Users.chmod(dir, "rwxr-xr-x");
        Path out = dir.resolve("job.out");
        assertThatThrownBy(() -> other.createFile(out)).hasMessage(out + ": Permission denied (as uid 4242)");
        assertThat(out).doesNotExist();
    }
}
