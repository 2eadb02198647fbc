package io.plugstack.runtime.launcher;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * One runtime per home: an OS file lock on {@code <home>/data/runtime.lock}, taken before anything
 * touches the home (the bundle cache, the sockets) and held while the runtime runs. The OS drops it
 * when the process dies, however it dies (SIGKILL included), so a crash never blocks the next start;
 * the file itself stays and only says which PID held it last.
 */
final class HomeLock implements AutoCloseable {

    static final String FILE = "runtime.lock";

    /**
     * The locks this JVM holds, by lock file. A POSIX lock belongs to the process, and closing any
     * channel on the file drops it: a second attempt in this JVM must never open the file at all.
     */
    private static final Map<Path, HomeLock> HELD = new HashMap<>();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private HomeLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Locks the home whose state folder is {@code dataDir} and writes this process's PID into the lock
     * file; a home another runtime holds is refused with {@link HomeInUseException} naming its PID.
     */
    static synchronized HomeLock acquire(Path home, Path dataDir) throws IOException {
        Path file = dataDir.resolve(FILE);
        try {
            Files.createDirectories(dataDir);
            file = dataDir.toRealPath().resolve(FILE);
            if (HELD.containsKey(file)) {
                throw new HomeInUseException(home, ProcessHandle.current().pid());
            }
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            try {
                FileLock lock = channel.tryLock();
                if (lock == null) {
                    throw new HomeInUseException(home, holder(file));
                }
                channel.truncate(0);
                channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
                HomeLock held = new HomeLock(file, channel, lock);
                HELD.put(file, held);
                return held;
            } catch (IOException | RuntimeException e) {
                channel.close(); // drops the lock if it was taken
                throw e;
            }
        } catch (IOException e) {
            throw new IOException("cannot lock the home " + home + " (" + file + "): " + e, e);
        }
    }

    /**
     * The PID the holder wrote; -1 if it cannot be read. A holder writes it just after locking, so an
     * empty file is read again for up to a second.
     */
    private static long holder(Path file) {
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                String text = Files.readString(file, StandardCharsets.US_ASCII).trim();
                if (!text.isEmpty()) {
                    return Long.parseLong(text);
                }
                Thread.sleep(50);
            } catch (IOException | NumberFormatException e) {
                return -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
        return -1;
    }

    /** Lets another runtime have the home (the PID stays in the file: it names the last holder). */
    @Override
    public void close() throws IOException {
        synchronized (HomeLock.class) {
            if (HELD.remove(file, this)) {
                lock.release();
                channel.close();
            }
        }
    }
}
