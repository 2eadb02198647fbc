package io.plugstack.api.user;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * A directory private to one user (a job's TMPDIR), made and removed by a privileged process in a
 * directory other users can write to, as job_container/tmpfs does, without ever following a link:
 * <ul>
 * <li>the base must be safe ({@link #checkBase}): every directory from / down to it (links resolved)
 *     owned by root or this process's user, and writable by no one else unless sticky, as /tmp (1777);</li>
 * <li>{@link #make} creates the directory atomically (mkdir fails if anything is there) with mode 0700,
 *     then hands it to the user with lchown; something already there is accepted only if it is a real
 *     directory (not a link) owned by root or the user with mode 0700, else refused naming the path;</li>
 * <li>{@link #remove} deletes the tree through directory descriptors (openat, unlinkat with no-follow):
 *     a link anywhere in it, or put at its name, is removed itself and never followed.</li>
 * </ul>
 */
public final class PrivateDirectory {

    /** The mode of a private directory. */
    public static final Set<PosixFilePermission> MODE_0700 = PosixFilePermissions.fromString("rwx------");
    /** How deep a tree {@link #remove} goes before it refuses (a job can nest directories without end). */
    static final int MAX_DEPTH = 512;

    private PrivateDirectory() {
    }

    /**
     * Checks that {@code base} may hold users' private directories: absolute, and it and every directory
     * above it owned by root (or this process) and not writable by group or others without the sticky bit.
     *
     * @param base the directory that will hold them
     * @return its real path
     * @throws IOException naming the directory that fails and why
     */
    public static Path checkBase(Path base) throws IOException {
        if (!base.isAbsolute()) {
            throw new IOException(base + ": must be an absolute path");
        }
        Path real = base.toRealPath();
        long self = OnBehalfOf.thisProcess().uid();
        for (Path p = real; p != null; p = p.getParent()) {
            Stat st = stat(p); // one stat per level: this runs in every job's first step
            if (!st.isDirectory()) {
                throw new IOException(p + ": not a directory");
            }
            if (st.uid() != 0 && st.uid() != self) {
                throw new IOException(p + ": owned by uid " + st.uid() + ", not by root" + (p.equals(real) ? "" : " (above " + real + ")"));
            }
            if ((st.mode() & 022) != 0 && (st.mode() & 01000) == 0) {
                throw new IOException(p + ": writable by group or others without the sticky bit (mode "
                        + PosixFilePermissions.toString(st.permissions()) + ")");
            }
        }
        return real;
    }

    /**
     * Makes {@code base/name} private to {@code user}: mode 0700, owned by the user and the user's group.
     *
     * @param base the directory holding private directories ({@link #checkBase})
     * @param name one path element
     * @param user the user it is for
     * @return the directory
     * @throws IOException naming the path: an unsafe base, or something there that is not a private
     *                     directory of the user (a link, another user's directory, another mode)
     */
    public static Path make(Path base, String name, OnBehalfOf user) throws IOException {
        Path dir = checkBase(base).resolve(singleName(name));
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(MODE_0700));
            PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
            view.setPermissions(MODE_0700); // the umask may have taken bits away
            handOver(dir, user);
            return dir;
        } catch (FileAlreadyExistsException e) {
            return accept(dir, user);
        }
    }

    /** Something is at {@code dir} already: accepted only as a private directory of root or the user. */
    private static Path accept(Path dir, OnBehalfOf user) throws IOException {
        PosixFileAttributes a = attributes(dir);
        long owner = ownerUid(dir);
        String refused = dir + ": already exists and is not a private directory for uid " + user.uid() + ": ";
        if (a.isSymbolicLink()) {
            throw new IOException(refused + "a symbolic link; refused, not followed");
        }
        if (!a.isDirectory()) {
            throw new IOException(refused + "not a directory; refused");
        }
        if (owner != 0 && owner != user.uid()) {
            throw new IOException(refused + "owned by uid " + owner + "; refused");
        }
        if (!a.permissions().equals(MODE_0700)) {
            throw new IOException(refused + "mode " + PosixFilePermissions.toString(a.permissions()) + ", not rwx------; refused");
        }
        if (owner != user.uid()) {
            handOver(dir, user); // root's own, made earlier for this job (a prolog, or a step before a crash)
        }
        return dir;
    }

    private static void handOver(Path dir, OnBehalfOf user) throws IOException {
        if (ownerUid(dir) != user.uid()) {
            Files.setAttribute(dir, "unix:uid", (int) user.uid(), LinkOption.NOFOLLOW_LINKS); // lchown
        }
        if ((((Number) Files.getAttribute(dir, "unix:gid", LinkOption.NOFOLLOW_LINKS)).intValue() & 0xffffffffL) != user.gid()) {
            Files.setAttribute(dir, "unix:gid", (int) user.gid(), LinkOption.NOFOLLOW_LINKS);
        }
    }

    /**
     * Removes {@code base/name} and everything in it when it belongs to root or {@code user}; nothing
     * there is fine. Links in the tree, and a link at {@code base/name} itself, are unlinked and never
     * followed, however the job (or anyone else) changes the tree meanwhile. Another user's file or
     * directory there is not the job's: it is left in place and refused.
     *
     * @param base the directory holding private directories ({@link #checkBase})
     * @param name one path element
     * @param user the user it was made for
     * @throws IOException naming the path that could not be removed, or was left in place
     */
    public static void remove(Path base, String name, OnBehalfOf user) throws IOException {
        Path real = checkBase(base);
        Path entry = Path.of(singleName(name));
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(real)) {
            if (!(stream instanceof SecureDirectoryStream<Path> dir)) {
                throw new IOException(real + ": this platform cannot remove a tree without following links");
            }
            PosixFileAttributes a = dir.getFileAttributeView(entry, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .readAttributes();
            long owner = ownerUid(real.resolve(entry));
            if (!a.isSymbolicLink() && owner != 0 && owner != user.uid()) {
                throw new IOException(real.resolve(entry) + ": owned by uid " + owner + ", not by uid " + user.uid()
                        + "; left in place");
            }
            removeEntry(dir, entry, real.resolve(entry), 0);
        } catch (NoSuchFileException e) {
            // nothing there
        }
    }

    private static void removeEntry(SecureDirectoryStream<Path> parent, Path name, Path shown, int depth) throws IOException {
        PosixFileAttributes a;
        try {
            a = parent.getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).readAttributes();
        } catch (NoSuchFileException e) {
            return;
        }
        if (a.isDirectory()) {
            if (depth >= MAX_DEPTH) {
                throw new IOException(shown + ": more than " + MAX_DEPTH + " directories deep; left in place");
            }
            try (SecureDirectoryStream<Path> child = parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
                for (Path p : child) {
                    Path n = p.getFileName();
                    removeEntry(child, n, shown.resolve(n), depth + 1);
                }
            } catch (FileSystemException e) {
                if (!isLink(parent, name)) {
                    throw e;
                }
                // swapped for a link between the look and the open: unlink it below, never follow it
                parent.deleteFile(name);
                return;
            }
            parent.deleteDirectory(name);
        } else {
            parent.deleteFile(name);
        }
    }

    private static boolean isLink(SecureDirectoryStream<Path> parent, Path name) throws IOException {
        return parent.getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .readAttributes().isSymbolicLink();
    }

    private static String singleName(String name) throws IOException {
        if (name.isEmpty() || name.equals(".") || name.equals("..") || name.indexOf('/') >= 0 || name.indexOf('\0') >= 0) {
            throw new IOException("\"" + name + "\": not a single directory name");
        }
        return name;
    }

    /** A file's mode bits and owner, from one lstat. */
    private record Stat(int mode, long uid) {
        boolean isDirectory() {
            return (mode & 0170000) == 0040000;
        }

        Set<PosixFilePermission> permissions() {
            Set<PosixFilePermission> perms = java.util.EnumSet.noneOf(PosixFilePermission.class);
            PosixFilePermission[] bits = PosixFilePermission.values(); // OWNER_READ ... OTHERS_EXECUTE, high bit first
            for (int i = 0; i < bits.length; i++) {
                if ((mode & (0400 >> i)) != 0) {
                    perms.add(bits[i]);
                }
            }
            return perms;
        }
    }

    private static Stat stat(Path p) throws IOException {
        java.util.Map<String, Object> a = Files.readAttributes(p, "unix:mode,uid", LinkOption.NOFOLLOW_LINKS);
        return new Stat(((Number) a.get("mode")).intValue(), ((Number) a.get("uid")).intValue() & 0xffffffffL);
    }

    private static PosixFileAttributes attributes(Path p) throws IOException {
        return Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    }

    private static long ownerUid(Path p) throws IOException {
        return ((Number) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS)).intValue() & 0xffffffffL;
    }

}
