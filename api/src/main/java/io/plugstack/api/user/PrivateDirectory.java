package io.plugstack.api.user;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A directory private to one user for one job (a job's TMPDIR), made and removed by a privileged process
 * in a directory other users can write to, as job_container/tmpfs does, without ever following a link and
 * without ever handing a user a directory it did not make for that very job and user.
 *
 * <pre>{@code
 * PrivateDirectory tmp = PrivateDirectory.recordedIn(home.data().resolve("private-tmp"), "private-tmp");
 * Path dir = tmp.make(Path.of("/tmp"), "slurm-7", 7, OnBehalfOf.user(uid, gid));  // prolog, then every step
 * tmp.remove(Path.of("/tmp"), "slurm-7", 7, OnBehalfOf.user(uid, gid));           // epilog
 * }</pre>
 *
 * <ul>
 * <li>the base must be safe ({@link #checkBase}): every directory from / down to it (links resolved)
 *     owned by root or this process's user, and writable by no one else unless sticky, as /tmp (1777);</li>
 * <li>{@link #make} creates the directory atomically (mkdir fails if anything is there) with mode 0700,
 *     writes a <em>record</em> of it and then hands it to the user (lchown);</li>
 * <li>something already there is accepted only when the record says this maker made exactly that
 *     directory (same device and inode) for this job and this user, and it is the user's with mode 0700
 *     (nothing already there is ever chowned). Anything else is refused in one line naming the path, its owner and whom the maker made it for
 *     (if anyone): a link, a file, the user's own pre-made directory, root's 0700 directory of another
 *     job with the same id, a directory made for another uid;</li>
 * <li>{@link #remove} deletes the recorded directory's tree through directory descriptors (openat,
 *     unlinkat with no-follow), so a link anywhere in it is removed itself and never followed; a link at
 *     its name is unlinked, anything else there is left in place; the record goes too.</li>
 * </ul>
 *
 * <h2>Why a record, and why there</h2>
 * A directory's owner and mode say nothing about who made it or for which job: root's 0700 directory may
 * be another job's (job ids repeat: a cluster's ids wrap, a test bench restarts at 1) and handing it over
 * gave a user root's files. What only this maker knows is which inode its own {@code mkdir} created, so
 * it writes that down: device, inode, job and uid, one small file per directory, in the records directory
 * given to {@link #recordedIn}. That directory must be writable by its owner only (root, or the runtime's
 * user), and every directory above it must pass {@link #checkBase}: a user can neither write a record nor
 * swap the directory. Not in the base (a user can create any name in /tmp first, records included), and not
 * inside the made directory (the user owns it and could write a record there). Records are files, not
 * memory, because the calls come from different processes and sessions (a prolog, each step) and the
 * runtime may restart between them. The device and inode are what the kernel names the directory by:
 * a user can replace a path, not an inode of root's. One lock (a JVM monitor and an fcntl lock on
 * {@code .lock} in the records directory) covers each make and remove, so two steps starting at once see
 * either nothing or a directory with its record.
 *
 * <p>Order: mkdir (root's, 0700, nobody else can touch it), record, then lchown; a directory already there
 * is never chowned. A crash between record and lchown leaves root's directory recorded for the user: later
 * makes refuse it (an inode number can be reused, so root's directory under a recorded number proves
 * nothing) and the job's remove deletes it by its record. A crash between mkdir and record (or a record
 * the disk lost: records are not fsynced) leaves a directory nobody recorded: it is refused, the safe
 * side, until an admin removes it. What a user can arrange without root is inode reuse under a record
 * left by a job whose remove never ran: making a directory of their own that gets the recorded inode. That
 * gives them their own directory for their own job, nothing of anyone else's.
 */
public final class PrivateDirectory {

    /** The mode of a private directory. */
    public static final Set<PosixFilePermission> MODE_0700 = PosixFilePermissions.fromString("rwx------");
    /** How deep a tree {@link #remove} goes before it refuses (a job can nest directories without end). */
    static final int MAX_DEPTH = 512;
    /** The lock file in the records directory (records are named by the directory's path, "%2F..."). */
    static final String LOCK = ".lock";
    /** How long a make or remove waits for another one to finish. */
    static final long LOCK_WAIT_MS = 10_000;
    /** A record is one short line; anything longer is not one. */
    private static final int RECORD_MAX = 512;
    /** One make or remove at a time in this JVM (fcntl locks do not exclude threads of one process). */
    private static final Object JVM_LOCK = new Object();

    private final Path records;
    private final String maker;

    private PrivateDirectory(Path records, String maker) {
        this.records = records;
        this.maker = maker;
    }

    /**
     * Directories made by {@code maker}, recorded in {@code records}. Nothing is read or made until
     * {@link #make} or {@link #remove}: then the records directory is made (mode 0700) if it is missing,
     * and it must be owned by root or this process's user, writable by no one else, with every directory
     * above it passing {@link #checkBase}.
     *
     * @param records a directory only root (or the runtime's user) writes, e.g. {@code <home>/data/private-tmp}
     * @param maker   who makes the directories, one word, as messages name it (e.g. {@code private-tmp})
     * @return the maker's directories
     * @throws IllegalArgumentException when {@code records} is not absolute or {@code maker} is not one word
     */
    public static PrivateDirectory recordedIn(Path records, String maker) {
        Objects.requireNonNull(records, "records");
        if (!records.isAbsolute()) {
            throw new IllegalArgumentException("records directory " + records + " must be an absolute path");
        }
        if (maker == null || maker.isBlank() || maker.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("maker \"" + maker + "\" must be one word");
        }
        return new PrivateDirectory(records, maker);
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
        return checkTree(base, false);
    }

    /**
     * Makes {@code base/name} private to {@code user} for job {@code job}: mode 0700, owned by the user and
     * the user's group, recorded as made for that job and user. When something is already there it is
     * accepted only if it is the directory this maker made and recorded for the same job and user (the
     * prolog made it, a step finds it), and it is the user's with mode 0700; otherwise nothing there is
     * changed, followed or chowned.
     *
     * @param base the directory holding private directories ({@link #checkBase})
     * @param name one path element
     * @param job  the job it is for
     * @param user the user it is for
     * @return the directory (under the base's real path)
     * @throws IOException an unsafe base or records directory, or one line naming the path that is already
     *                     there, its owner and whom this maker made it for, if anyone
     */
    public Path make(Path base, String name, long job, OnBehalfOf user) throws IOException {
        Path dir = checkBase(base).resolve(singleName(name));
        Path recordsDir = recordsDirectory();
        return locked(recordsDir, () -> {
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(MODE_0700));
            } catch (FileAlreadyExistsException e) {
                return accept(dir, job, user, Record.read(recordsDir, dir));
            }
            // ours from here: this process's, 0700, in a base where nobody else can rename or remove it
            Files.getFileAttributeView(dir, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .setPermissions(MODE_0700); // the umask may have taken bits away
            Entry made = Entry.of(dir);
            try {
                new Record(job, user.uid(), made.dev(), made.ino()).write(recordsDir, dir);
            } catch (IOException e) {
                Files.deleteIfExists(dir); // unrecorded, it would be refused forever: empty and never handed over
                throw e;
            }
            handOver(dir, user);
            return dir;
        });
    }

    /** Something is at {@code dir} already: accepted only as what this maker recorded for this job and user. */
    private Path accept(Path dir, long job, OnBehalfOf user, Optional<Record> record) throws IOException {
        Entry there;
        try {
            there = Entry.of(dir);
        } catch (NoSuchFileException e) {
            throw new IOException(dir + ": removed while it was being made; refused", e);
        }
        String refused = dir + ": already exists and is not a private directory for uid " + user.uid() + " made by " + maker
                + " for job " + job + ": " + there.describe();
        if (there.isLink()) {
            throw new IOException(refused + "; refused, not followed");
        }
        if (!there.isDirectory()) {
            throw new IOException(refused + "; refused");
        }
        if (record.isEmpty()) {
            throw new IOException(refused + ", which " + maker + " did not make; refused");
        }
        Record r = record.get();
        if (!r.isFor(job, user.uid())) {
            throw new IOException(refused + ", which " + maker + " made for job " + r.job() + " of uid " + r.uid() + "; refused");
        }
        if (!r.identifies(there)) {
            throw new IOException(refused + ", in place of the one " + maker + " made; refused");
        }
        if (there.uid() != user.uid()) {
            // never handed over (stopped between record and lchown), or another inode under the recorded number:
            // either way not proven the user's; the epilog removes it by its record
            throw new IOException(refused + ", not the user's; refused");
        }
        if (!there.permissions().equals(MODE_0700)) {
            throw new IOException(refused + ", no longer rwx------; refused");
        }
        return dir;
    }

    /**
     * Removes {@code base/name}, and its record, when it is the directory this maker recorded for job
     * {@code job} and {@code user}; nothing there is fine. The tree is removed through directory descriptors:
     * links in it are unlinked and never followed, however the job (or anyone else) changes it meanwhile. A
     * link at {@code base/name} itself is unlinked, never followed. Anything else there (a directory this
     * maker did not make for this job and user, a file) is not the job's: it is left in place, with its
     * record if it has one, and refused.
     *
     * @param base the directory holding private directories ({@link #checkBase})
     * @param name one path element
     * @param job  the job it was made for
     * @param user the user it was made for
     * @throws IOException an unsafe base or records directory, or naming the path that could not be
     *                     removed, or was left in place, and why
     */
    public void remove(Path base, String name, long job, OnBehalfOf user) throws IOException {
        Path real = checkBase(base);
        Path entry = Path.of(singleName(name));
        Path dir = real.resolve(entry);
        Path recordsDir = recordsDirectory();
        locked(recordsDir, () -> {
            Optional<Record> record = Record.read(recordsDir, dir);
            boolean ours = record.isPresent() && record.get().isFor(job, user.uid());
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(real)) {
                SecureDirectoryStream<Path> parent = secure(stream, real);
                Entry there;
                try {
                    there = Entry.of(dir);
                } catch (NoSuchFileException e) {
                    there = null; // gone already
                }
                if (there != null && there.isLink()) {
                    parent.deleteFile(entry);
                } else if (there != null) {
                    String notOurs = dir + ": " + there.describe() + ", not the directory " + maker + " made for job " + job
                            + " of uid " + user.uid();
                    if (!ours) {
                        throw new IOException(notOurs + (record.isEmpty() ? " (" + maker + " did not make it)"
                                : " (" + maker + " made it for job " + record.get().job() + " of uid " + record.get().uid() + ")")
                                + "; left in place");
                    }
                    if (!there.isDirectory() || !record.get().identifies(there)) {
                        Record.delete(recordsDir, dir); // the recorded one is gone
                        throw new IOException(notOurs + " (that one is gone); left in place");
                    }
                    removeTree(parent, entry, dir, there);
                }
            }
            if (ours) {
                Record.delete(recordsDir, dir);
            }
            return null;
        });
    }

    /**
     * Makes {@code base/name} private to {@code user}: mode 0700, owned by the user and the user's group.
     * Nothing is recorded, so nothing already there can be told from a directory someone else made: it is
     * refused, whatever it is.
     *
     * @param base the directory holding private directories ({@link #checkBase})
     * @param name one path element
     * @param user the user it is for
     * @return the directory
     * @throws IOException naming the path: an unsafe base, or anything already there
     * @deprecated a job's directory is made more than once (its prolog, then each step): use
     *             {@link #recordedIn}{@code (records, maker).}{@link #make(Path, String, long, OnBehalfOf) make}, which
     *             accepts again exactly the directory it made for the job and user. Earlier, this method
     *             accepted any directory of root or the user with mode 0700, and handed root's to the user.
     */
    @Deprecated
    public static Path make(Path base, String name, OnBehalfOf user) throws IOException {
        Path dir = checkBase(base).resolve(singleName(name));
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(MODE_0700));
        } catch (FileAlreadyExistsException e) {
            throw new IOException(dir + ": already exists: " + Entry.of(dir).describe() + "; refused", e);
        }
        Files.getFileAttributeView(dir, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).setPermissions(MODE_0700);
        handOver(dir, user);
        return dir;
    }

    /**
     * Removes {@code base/name} and everything in it when {@code user} owns it, or unlinks it when it is a
     * link (never followed); nothing there is fine. Anything else (root's or another user's) is left in place
     * and refused.
     *
     * @param base the directory holding private directories ({@link #checkBase})
     * @param name one path element
     * @param user the user it was made for
     * @throws IOException naming the path that could not be removed, or was left in place
     * @deprecated use {@link #recordedIn}{@code (records, maker).}{@link #remove(Path, String, long, OnBehalfOf)
     *             remove}, which removes exactly the directory it made for the job and user. Earlier, this
     *             method also removed root's directories, another job's among them.
     */
    @Deprecated
    public static void remove(Path base, String name, OnBehalfOf user) throws IOException {
        Path real = checkBase(base);
        Path entry = Path.of(singleName(name));
        Path dir = real.resolve(entry);
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(real)) {
            SecureDirectoryStream<Path> parent = secure(stream, real);
            Entry there = Entry.of(dir);
            if (there.isLink()) {
                parent.deleteFile(entry);
            } else if (there.uid() != user.uid()) {
                throw new IOException(dir + ": owned by uid " + there.uid() + ", not by uid " + user.uid() + "; left in place");
            } else if (there.isDirectory()) {
                removeTree(parent, entry, dir, there);
            } else {
                parent.deleteFile(entry);
            }
        } catch (NoSuchFileException e) {
            // nothing there
        }
    }

    private static void handOver(Path dir, OnBehalfOf user) throws IOException {
        if (Entry.of(dir).uid() != user.uid()) {
            Files.setAttribute(dir, "unix:uid", (int) user.uid(), LinkOption.NOFOLLOW_LINKS); // lchown
        }
        if ((((Number) Files.getAttribute(dir, "unix:gid", LinkOption.NOFOLLOW_LINKS)).intValue() & 0xffffffffL) != user.gid()) {
            Files.setAttribute(dir, "unix:gid", (int) user.gid(), LinkOption.NOFOLLOW_LINKS);
        }
    }

    private static SecureDirectoryStream<Path> secure(DirectoryStream<Path> stream, Path real) throws IOException {
        if (!(stream instanceof SecureDirectoryStream<Path> dir)) {
            throw new IOException(real + ": this platform cannot remove a tree without following links");
        }
        return dir;
    }

    /**
     * Removes the directory {@code name} of {@code parent}, which must still be {@code expected} (the entry
     * checked by path): it is opened without following links and compared by device and inode first.
     */
    private static void removeTree(SecureDirectoryStream<Path> parent, Path name, Path shown, Entry expected) throws IOException {
        try (SecureDirectoryStream<Path> dir = parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
            if (!expected.fileKey().equals(dir.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey())) {
                throw new IOException(shown + ": replaced while being removed; left in place");
            }
            for (Path p : dir) {
                Path n = p.getFileName();
                removeEntry(dir, n, shown.resolve(n), 1);
            }
        } catch (FileSystemException e) {
            if (!isLink(parent, name)) {
                throw e;
            }
            parent.deleteFile(name); // swapped for a link between the look and the open: unlinked, never followed
            return;
        }
        parent.deleteDirectory(name);
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
        try {
            return parent.getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .readAttributes().isSymbolicLink();
        } catch (NoSuchFileException e) {
            return false;
        }
    }

    private static String singleName(String name) throws IOException {
        if (name.isEmpty() || name.equals(".") || name.equals("..") || name.indexOf('/') >= 0 || name.indexOf('\0') >= 0) {
            throw new IOException("\"" + name + "\": not a single directory name");
        }
        return name;
    }

    /**
     * {@code path}'s real path, after checking it and every directory above it: owned by root or this
     * process, not writable by group or others unless sticky; {@code privateTop}: {@code path} itself not
     * writable by group or others at all (a sticky directory still lets anyone create a name in it).
     */
    private static Path checkTree(Path path, boolean privateTop) throws IOException {
        if (!path.isAbsolute()) {
            throw new IOException(path + ": must be an absolute path");
        }
        Path real = path.toRealPath();
        long self = OnBehalfOf.thisProcess().uid();
        for (Path p = real; p != null; p = p.getParent()) {
            Stat st = stat(p); // one stat per level: this runs in every job's every step
            if (!st.isDirectory()) {
                throw new IOException(p + ": not a directory");
            }
            if (st.uid() != 0 && st.uid() != self) {
                throw new IOException(p + ": owned by uid " + st.uid() + ", not by root" + (p.equals(real) ? "" : " (above " + real + ")"));
            }
            if (privateTop && p.equals(real) && (st.mode() & 022) != 0) {
                throw new IOException(p + ": writable by group or others (mode " + PosixFilePermissions.toString(st.permissions())
                        + "); records must be writable by their owner only");
            }
            if ((st.mode() & 022) != 0 && (st.mode() & 01000) == 0) {
                throw new IOException(p + ": writable by group or others without the sticky bit (mode "
                        + PosixFilePermissions.toString(st.permissions()) + ")");
            }
        }
        return real;
    }

    /** The records directory, made (0700) if missing, checked: its real path. */
    private Path recordsDirectory() throws IOException {
        try {
            Files.createDirectory(records, PosixFilePermissions.asFileAttribute(MODE_0700));
        } catch (FileAlreadyExistsException e) {
            // checked below, whatever it is
        } catch (NoSuchFileException e) {
            throw new IOException(records + ": cannot make the records directory: " + records.getParent() + " does not exist", e);
        }
        return checkTree(records, true);
    }

    private interface Work<T> {
        T run() throws IOException;
    }

    /** Runs {@code work} holding the records directory's lock, against this JVM's threads and other processes. */
    private static <T> T locked(Path recordsDir, Work<T> work) throws IOException {
        synchronized (JVM_LOCK) {
            Path lockFile = recordsDir.resolve(LOCK);
            try (FileChannel channel = FileChannel.open(lockFile, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                    FileLock lock = lock(channel, lockFile)) {
                return work.run();
            }
        }
    }

    private static FileLock lock(FileChannel channel, Path lockFile) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LOCK_WAIT_MS);
        while (true) {
            try {
                FileLock lock = channel.tryLock();
                if (lock != null) {
                    return lock;
                }
            } catch (OverlappingFileLockException e) {
                // held in this JVM through another copy of this class (another class loader): wait as for a process
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IOException(lockFile + ": still locked after " + LOCK_WAIT_MS + " ms by another make or remove");
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted waiting for " + lockFile);
            }
        }
    }

    /**
     * What the maker wrote when it made a directory: the job and uid it was for and the directory's device
     * and inode. One file per directory in the records directory, named by the directory's real path
     * (URL-encoded: {@code %2Ftmp%2Fslurm-7}), one line: {@code job=7 uid=1000 dev=65024 ino=260072}.
     */
    private record Record(long job, long uid, long dev, long ino) {

        boolean isFor(long job, long uid) {
            return this.job == job && this.uid == uid;
        }

        boolean identifies(Entry e) {
            return dev == e.dev() && ino == e.ino();
        }

        static Path file(Path recordsDir, Path dir) throws IOException {
            String name = URLEncoder.encode(dir.toString(), StandardCharsets.UTF_8);
            if (name.length() > 255) {
                throw new IOException(dir + ": path too long to record");
            }
            return recordsDir.resolve(name);
        }

        static Optional<Record> read(Path recordsDir, Path dir) throws IOException {
            Path file = file(recordsDir, dir);
            ByteBuffer buf = ByteBuffer.allocate(RECORD_MAX + 1);
            Set<OpenOption> read = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
            try (SeekableByteChannel in = Files.newByteChannel(file, read)) {
                while (buf.hasRemaining() && in.read(buf) > 0) {
                    // until full or at the end
                }
            } catch (NoSuchFileException e) {
                return Optional.empty();
            }
            String line = new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8).strip();
            Map<String, Long> fields = new HashMap<>();
            try {
                for (String f : line.split(" ")) {
                    int eq = f.indexOf('=');
                    fields.put(f.substring(0, Math.max(eq, 0)), Long.parseLong(f.substring(eq + 1)));
                }
            } catch (NumberFormatException e) {
                fields.clear();
            }
            if (buf.position() > RECORD_MAX || !fields.keySet().equals(Set.of("job", "uid", "dev", "ino"))) {
                throw new IOException(file + ": not a record of " + dir + " (\"job=N uid=N dev=N ino=N\"); refused");
            }
            return Optional.of(new Record(fields.get("job"), fields.get("uid"), fields.get("dev"), fields.get("ino")));
        }

        /** Written whole or not at all: a new file renamed over the old one. */
        void write(Path recordsDir, Path dir) throws IOException {
            Path file = file(recordsDir, dir);
            Path next = Files.createTempFile(recordsDir, ".new-", "", PosixFilePermissions.asFileAttribute(
                    EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE)));
            try {
                Files.writeString(next, "job=" + job + " uid=" + uid + " dev=" + dev + " ino=" + ino + "\n", StandardCharsets.UTF_8);
                Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(next);
            }
        }

        static void delete(Path recordsDir, Path dir) throws IOException {
            Files.deleteIfExists(file(recordsDir, dir));
        }
    }

    /** What one lstat says of a directory entry. */
    private record Entry(int mode, long uid, long dev, long ino, Object fileKey) {

        static Entry of(Path p) throws IOException {
            Map<String, Object> a = Files.readAttributes(p, "unix:mode,uid,dev,ino,fileKey", LinkOption.NOFOLLOW_LINKS);
            return new Entry(((Number) a.get("mode")).intValue(), ((Number) a.get("uid")).intValue() & 0xffffffffL,
                    ((Number) a.get("dev")).longValue(), ((Number) a.get("ino")).longValue(), a.get("fileKey"));
        }

        boolean isLink() {
            return (mode & 0170000) == 0120000;
        }

        boolean isDirectory() {
            return (mode & 0170000) == 0040000;
        }

        Set<PosixFilePermission> permissions() {
            return new Stat(mode, uid).permissions();
        }

        /** "a directory of uid 0, mode rwx------" */
        String describe() {
            if (isLink()) {
                return "a symbolic link of uid " + uid;
            }
            return (isDirectory() ? "a directory" : "a file") + " of uid " + uid + ", mode " + PosixFilePermissions.toString(permissions())
                    + (isDirectory() ? "" : " (not a directory)");
        }
    }

    /** A file's mode bits and owner, from one lstat. */
    private record Stat(int mode, long uid) {
        boolean isDirectory() {
            return (mode & 0170000) == 0040000;
        }

        Set<PosixFilePermission> permissions() {
            Set<PosixFilePermission> perms = EnumSet.noneOf(PosixFilePermission.class);
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
        Map<String, Object> a = Files.readAttributes(p, "unix:mode,uid", LinkOption.NOFOLLOW_LINKS);
        return new Stat(((Number) a.get("mode")).intValue(), ((Number) a.get("uid")).intValue() & 0xffffffffL);
    }
}
