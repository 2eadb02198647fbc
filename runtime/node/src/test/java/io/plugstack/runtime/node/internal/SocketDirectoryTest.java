package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.user.OnBehalfOf;

/**
 * The socket directory rule (issue 25): a user who owns or can write the directory could swap in a
 * root.sock of their own, so only a directory of root's (or the daemon's user), writable by nobody else,
 * under directories that pass private-tmp's base rule, is served.
 */
class SocketDirectoryTest {

    /** A uid no one on this machine has: its directories are "another user's". */
    private static final int OTHER_UID = 54_321;

    @TempDir
    Path tmp;

    @BeforeEach
    void rootOwnedParent() throws IOException {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static void asRoot() {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "needs root (CI runs as root): it chowns to another uid");
    }

    @Test
    void aMissingDirectoryIsMadeWithMode0755() throws IOException {
        Path dir = tmp.resolve("run/plugstack");
        SocketDirectory.prepare(dir);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwxr-xr-x");
    }

    @Test
    void theDaemonsOwnDirectoryWritableByOthersIsTightenedTo0755() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("sockets"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        SocketDirectory.prepare(dir);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwxr-xr-x");
    }

    @Test
    void aDirectoryAnotherUserOwnsIsRefusedAndLeftAsItWas() throws IOException {
        asRoot();
        Path dir = Files.createDirectory(tmp.resolve("hers"));
        Files.setAttribute(dir, "unix:uid", OTHER_UID);
        assertThatThrownBy(() -> SocketDirectory.prepare(dir)).isInstanceOf(IOException.class)
                .hasMessage("socket directory " + dir + ": owned by uid " + OTHER_UID + ", not by root; refused: whoever can write"
                        + " there could put a socket of their own in place of the daemon's");
        assertThat(Files.getAttribute(dir, "unix:uid")).isEqualTo(OTHER_UID);
    }

    @Test
    void aSocketDirectoryUnderADirectoryAnotherUserOwnsIsRefused() throws IOException {
        asRoot();
        Path hers = Files.createDirectory(tmp.resolve("home-of-hers"));
        Files.setAttribute(hers, "unix:uid", OTHER_UID);
        Path dir = Files.createDirectory(hers.resolve("run"));
        assertThatThrownBy(() -> SocketDirectory.prepare(dir)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("socket directory " + dir + ": " + hers + ": owned by uid " + OTHER_UID);
    }

    @Test
    void aSymbolicLinkIsRefusedNotFollowed() throws IOException {
        Path real = Files.createDirectory(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        assertThatThrownBy(() -> SocketDirectory.prepare(link)).isInstanceOf(IOException.class)
                .hasMessageContaining(link + ": a symbolic link");
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    @Test
    void aWorldWritableParentWithoutTheStickyBitIsRefused() throws IOException {
        Path open = Files.createDirectory(tmp.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path dir = open.resolve("run");
        assertThatThrownBy(() -> SocketDirectory.prepare(dir)).isInstanceOf(IOException.class)
                .hasMessageContaining(open + ": writable by group or others without the sticky bit");
        assertThat(Files.exists(dir, LinkOption.NOFOLLOW_LINKS)).as("nothing made under it").isFalse();
    }

    @Test
    void aNodeServerOnARefusedDirectoryBindsNoSocket() throws IOException {
        asRoot();
        Path dir = Files.createDirectory(tmp.resolve("taken"));
        Files.setAttribute(dir, "unix:uid", OTHER_UID);
        assertThatThrownBy(() -> UnixSockets.bind(dir.resolve(NodeServer.ROOT_SOCKET), "rw-------"))
                .hasMessageContaining("owned by uid " + OTHER_UID);
        assertThat(dir.resolve(NodeServer.ROOT_SOCKET)).doesNotExist();
    }
}
