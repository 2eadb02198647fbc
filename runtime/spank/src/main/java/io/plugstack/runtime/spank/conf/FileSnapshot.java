package io.plugstack.runtime.spank.conf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;

/**
 * Reads one configuration file whole, so that a stack never mixes two versions of it.
 *
 * <p>The file is opened once and read to end of file in one go. Its identity and stamp (file
 * key, i.e. device + inode, size, modification time and, where the file system reports it,
 * change time) are taken before and after the read; if they differ, or if the bytes read do not
 * add up to the size, the read is retried, up to {@link #ATTEMPTS} times with a short pause.
 *
 * <p>Guaranteed: a file replaced by rename (write a temporary file, then {@code mv} it over the
 * old one, as {@code sed -i}, {@code install} and most configuration tools do) is seen either
 * wholly old or wholly new. A file rewritten in place is seen whole when the writer finished
 * before the read or changed the stamp during it.
 * Not guaranteed: an editor that truncates and rewrites in place, slowly, can be caught between
 * two writes; the stamp is then stable during our read and that half-written state is what we
 * read (as Slurm itself would). Same-size rewrites within the file system's timestamp
 * granularity are not detected either. If the file keeps changing through every attempt, the
 * last read is used. Edit plugstack.conf by atomic rename.
 *
 * <p>Only regular files (links followed) and directories are opened: a FIFO would block the open
 * until a writer comes, a device such as /dev/zero never ends, a socket cannot be opened; they are
 * {@link Refused} after a stat, before any open. A regular file larger than {@link #MAX_BYTES} is
 * refused as well, so that a stray huge file cannot exhaust the runtime's memory. Slurm itself opens
 * them all (and hangs, or reads without end); this is a deliberate deviation. A file swapped for a
 * FIFO between the stat and the open is not caught.
 */
final class FileSnapshot {

    /** Reads of one file before giving up and using the last one. */
    static final int ATTEMPTS = 5;
    private static final long PAUSE_MILLIS = 10;
    /** The largest file read: 1 MiB, some thousand times a real plugstack.conf. */
    static final int MAX_BYTES = 1 << 20;

    /** A file that is not read: not a regular file, or larger than {@link #MAX_BYTES}. */
    static final class Refused extends IOException {
        Refused(String why) {
            super(why);
        }
    }

    /** A hook run between the read and the second stamp; tests use it to edit the file mid-read. */
    interface Interference {
        void afterRead(int attempt) throws IOException;
    }

    private FileSnapshot() {
    }

    /**
     * The file's bytes. A directory reads as empty (Slurm's {@code fgets} fails on it at once); a
     * read error after a successful open ends the content there, as {@code fgets} returning NULL
     * ends Slurm's loop.
     *
     * @throws IOException when the file cannot be opened (NoSuchFileException when missing), or is
     *                     {@link Refused}
     */
    static byte[] read(Path file) throws IOException {
        return read(file, attempt -> { });
    }

    static byte[] read(Path file, Interference interference) throws IOException {
        if (isDirectory(file)) {
            return new byte[0];
        }
        byte[] last = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                Stamp before = Stamp.of(file);
                if (before != null && before.directory()) {
                    return new byte[0];
                }
                long size = channel.size();
                byte[] bytes = readAll(channel, size);
                if (bytes != null && bytes.length > MAX_BYTES) {
                    throw tooLarge(Math.max(bytes.length, channel.size())); // it grew since the stat
                }
                interference.afterRead(attempt);
                if (bytes == null) {
                    return last != null ? last : new byte[0];
                }
                last = bytes;
                if (before != null && before.equals(Stamp.of(file)) && bytes.length == size
                        && channel.size() == size) {
                    return bytes;
                }
            }
            pause();
        }
        return last;
    }

    /**
     * Whether {@code file} is a directory (true: it reads as empty, as for Slurm, whose fgets fails on
     * it at once); false for a regular file of at most {@link #MAX_BYTES}. Anything else is refused
     * without being opened.
     *
     * @throws NoSuchFileException when it does not exist (a dangling link included)
     * @throws Refused             when it is neither, or too large
     */
    private static boolean isDirectory(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        if (a.isDirectory()) {
            return true;
        }
        if (!a.isRegularFile()) {
            throw new Refused("is not a regular file (" + kind(file) + ")");
        }
        if (a.size() > MAX_BYTES) {
            throw tooLarge(a.size());
        }
        return false;
    }

    private static Refused tooLarge(long size) {
        return new Refused("is larger than " + (MAX_BYTES >> 20) + " MiB (" + size + " bytes)");
    }

    /** What a file that is neither regular nor a directory is, from its st_mode's type bits. */
    private static String kind(Path file) {
        try {
            return switch ((Integer) Files.getAttribute(file, "unix:mode") & 0170000) {
                case 0010000 -> "a FIFO";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (UnsupportedOperationException | IllegalArgumentException | IOException e) {
            return "a special file";
        }
    }

    /** All bytes to end of file, at most one past {@link #MAX_BYTES}; on a read error, those read before it (null if none). */
    private static byte[] readAll(FileChannel channel, long sizeHint) {
        ByteBuffer buf = ByteBuffer.allocate((int) Math.min(Math.max(sizeHint + 1, 256), MAX_BYTES + 1));
        try {
            while (channel.read(buf) >= 0) {
                if (!buf.hasRemaining()) {
                    if (buf.capacity() > MAX_BYTES) {
                        break; // one byte past the limit is enough to refuse it
                    }
                    ByteBuffer bigger = ByteBuffer.allocate((int) Math.min(2L * buf.capacity(), MAX_BYTES + 1));
                    buf.flip();
                    bigger.put(buf);
                    buf = bigger;
                }
            }
        } catch (IOException e) {
            if (buf.position() == 0) {
                return null;
            }
        }
        return Arrays.copyOf(buf.array(), buf.position());
    }

    /** What identifies one version of the file; null from {@link #of} when it cannot be stat'ed. */
    private record Stamp(boolean directory, Object key, long size, FileTime mtime, Object ctime) {
        static Stamp of(Path file) {
            try {
                BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
                Object ctime;
                try {
                    ctime = Files.getAttribute(file, "unix:ctime");
                } catch (UnsupportedOperationException | IllegalArgumentException | IOException e) {
                    ctime = null;
                }
                return new Stamp(a.isDirectory(), a.fileKey(), a.size(), a.lastModifiedTime(), ctime);
            } catch (IOException e) {
                return null;
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

}
