package io.plugstack.lua;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.UnixUsers;

/**
 * Unprivileged users for the tests of scripts acting for a user: made with useradd when missing (so
 * running again, or beside another build making the same user, is fine) and left in place. Acting for
 * another user needs root: the tests that do are skipped elsewhere.
 */
public final class LuaTestUsers {

    /** The command's user of the cli_filter tests. */
    public static final String USER = "plugstacklua";
    /** A system user, the SlurmUser of the job_submit tests. */
    public static final String SLURM_USER = "plugstackslurm";

    private LuaTestUsers() {
    }

    /** Skips the test unless this process is root. */
    public static void assumeRoot() {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "acting for another user needs root (CI is root)");
    }

    /** The user {@code name} (made when missing: a system user when {@code system}), as its uid and primary gid. */
    public static OnBehalfOf ensure(String name, boolean system) throws IOException, InterruptedException {
        if (UnixUsers.uidOf(name).isEmpty()) {
            Process p = new ProcessBuilder(system ? List.of("useradd", "--system", "--no-create-home", "--shell", "/bin/sh", name)
                    : List.of("useradd", "--no-create-home", "--shell", "/bin/sh", name)).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || (p.exitValue() != 0 && UnixUsers.uidOf(name).isEmpty())) {
                throw new IOException("useradd " + name + " failed: " + out); // made meanwhile by another build: fine
            }
        }
        long uid = UnixUsers.uidOf(name).orElseThrow();
        return OnBehalfOf.user(uid, UnixUsers.byUid(uid).orElseThrow().gid());
    }

    /** {@code dir} and what it holds reachable by everyone (JUnit's temporary directories are 0700). */
    public static Path open(Path dir) throws IOException {
        return mode(dir, "rwxr-xr-x");
    }

    /** A directory only root can enter, in {@code parent}. */
    public static Path rootOnly(Path parent, String name) throws IOException {
        return mode(Files.createDirectories(parent.resolve(name)), "rwx------");
    }

    /** A directory of {@code user}'s, in {@code parent}. */
    public static Path ownedBy(Path parent, String name, OnBehalfOf user) throws IOException {
        Path d = open(Files.createDirectories(parent.resolve(name)));
        Files.setAttribute(d, "unix:uid", (int) user.uid());
        Files.setAttribute(d, "unix:gid", (int) user.gid());
        return d;
    }

    public static Path mode(Path p, String mode) throws IOException {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
        return p;
    }

    /** The owner's uid of {@code p} itself (not of what a link names). */
    public static long owner(Path p) throws IOException {
        return ((Number) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue();
    }
}
