package io.plugstack.api.user;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Test users and files: another user is a uid no account has; only root can give it files. */
final class Users {
    static final long OTHER_UID = 4242;
    static final long OTHER_GID = 4343;
    static final long STRANGER_UID = 12345;

    private Users() {
    }

    static boolean root() {
        return OnBehalfOf.thisProcess().uid() == 0;
    }

    /** The job's user for tests that make directories: another user as root, this process otherwise. */
    static OnBehalfOf jobUser() {
        return root() ? OnBehalfOf.user(OTHER_UID, OTHER_GID) : OnBehalfOf.thisProcess();
    }

    static long uid(Path p) throws IOException {
        return ((Number) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue();
    }

    static long gid(Path p) throws IOException {
        return ((Number) Files.getAttribute(p, "unix:gid", LinkOption.NOFOLLOW_LINKS)).longValue();
    }

    static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.readAttributes(p, java.nio.file.attribute.PosixFileAttributes.class,
                LinkOption.NOFOLLOW_LINKS).permissions());
    }

    /** A directory another user owns (as root), with mode rwxrwxrwx. */
    static Path strangersDirectory(Path p) throws IOException {
        Files.createDirectories(p);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxrwxrwx"));
        if (root()) {
            Files.setAttribute(p, "unix:uid", (int) STRANGER_UID);
        }
        return p;
    }

    static void chmod(Path p, String mode) throws IOException {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
    }
}
