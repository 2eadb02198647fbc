package io.plugstack.runtime.node.internal;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

import io.plugstack.api.slurm.SlurmLog;

/** The node daemon's listening sockets (user.sock, root.sock, ctld.sock, admin.sock): made one way, served one way. */
final class UnixSockets {

    private UnixSockets() {
    }

    /** A pool of daemon threads named {@code name}, kept for the next connection (a thread's start per srun would cost). */
    static java.util.concurrent.ExecutorService threads(String name) {
        return java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Binds {@code path} (replacing a stale socket there) and sets its mode explicitly, e.g. "rw-------",
     * in a directory {@link SocketDirectory} accepts.
     */
    static ServerSocketChannel bind(Path path, String mode) throws IOException {
        SocketDirectory.prepare(path.getParent());
        Files.deleteIfExists(path);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(path));
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
        return server;
    }

    /**
     * Accepts on {@code server} (a daemon thread named {@code thread}) and runs {@code connection} for each
     * on {@code pool}, at most {@code max} at once: one more is refused at once, with a log line, rather than
     * queued behind a stuck peer. Ends when the server is closed.
     */
    static void serve(ServerSocketChannel server, String socket, int max, Executor pool, Consumer<SocketChannel> connection,
            SlurmLog log, String thread) {
        Semaphore free = new Semaphore(max);
        Thread t = new Thread(() -> {
            while (server.isOpen()) {
                try {
                    SocketChannel ch = server.accept();
                    if (!free.tryAcquire()) {
                        log.error("node: " + max + " connections already served on " + socket + "; one refused");
                        ch.close();
                        continue;
                    }
                    pool.execute(() -> {
                        try {
                            connection.accept(ch);
                        } finally {
                            free.release();
                        }
                    });
                } catch (IOException e) {
                    return; // closed
                }
            }
        }, thread);
        t.setDaemon(true);
        t.start();
    }
}
