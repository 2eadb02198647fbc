package io.plugstack.runtime.node.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.PrivateDirectory;

/**
 * The directory holding the daemon's sockets. Whoever can write to it can replace {@code root.sock} or
 * {@code ctld.sock} with a socket of their own, and slurmstepd or slurmctld would then talk to them: so
 * it must be root's (or the daemon user's), writable by nobody else, a real directory, and every directory
 * above it must pass private-tmp's base rule ({@link PrivateDirectory#checkBase}: root's, not writable by
 * others unless sticky, links resolved). A directory that fails is refused with one line; the daemon never
 * chowns or chmods someone else's directory into shape.
 */
final class SocketDirectory {

    static final String MODE = "rwxr-xr-x";

    private SocketDirectory() {
    }

    /**
     * Makes {@code dir} if it is missing (mode 0755) and checks it; a directory of the daemon's own gets
     * mode 0755 (users must reach user.sock).
     *
     * @return {@code dir}
     * @throws IOException one line: the directory and why it is refused
     */
    static Path prepare(Path dir) throws IOException {
        try {
            Path parent = dir.toAbsolutePath().getParent();
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                Path existing = parent;
                while (existing != null && !Files.exists(existing)) {
                    existing = existing.getParent();
                }
                if (existing != null) {
                    PrivateDirectory.checkBase(existing); // nothing is made under a directory that fails
                }
                Files.createDirectories(dir);
            }
            if (parent != null) {
                PrivateDirectory.checkBase(parent);
            }
            Map<String, Object> a = Files.readAttributes(dir, "unix:uid,mode,isDirectory,isSymbolicLink", LinkOption.NOFOLLOW_LINKS);
            if ((Boolean) a.get("isSymbolicLink")) {
                throw new IOException("a symbolic link");
            }
            if (!(Boolean) a.get("isDirectory")) {
                throw new IOException("not a directory");
            }
            long owner = ((Number) a.get("uid")).longValue();
            long self = OnBehalfOf.thisProcess().uid();
            if (owner != 0 && owner != self) {
                throw new IOException("owned by uid " + owner + ", not by root" + (self == 0 ? "" : " or uid " + self));
            }
            if (owner == self) {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(MODE));
            } else if ((((Number) a.get("mode")).intValue() & 022) != 0) {
                throw new IOException("writable by group or others (mode " + Integer.toOctalString(((Number) a.get("mode")).intValue() & 07777) + ")");
            }
            return dir;
        } catch (IOException e) {
            throw new IOException("socket directory " + dir + ": " + e.getMessage()
                    + "; refused: whoever can write there could put a socket of their own in place of the daemon's", e);
        }
    }
}
