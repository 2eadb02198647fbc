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
import java.util.function.Consumer;

import io.plugstack.api.slurm.SlurmLog;

/** The node daemon's listening sockets (user.sock, root.sock, ctld.sock, admin.sock): made one way, served one way. */
final class UnixSockets {

    private UnixSockets() {
    }

    /** A pool of daemon threads named {@code name}, kept for the next connection (a thread's start per srun would cost). */
    static java.util.concurrent.ExecutorService threads(String name) {
        return threads(name, 0);
    }

    /** A relay thread only copies bytes: a small stack lets thousands of held connections cost little. */
    static final long SMALL_STACK = 256 * 1024;

    /** {@link #threads(String)} with stacks of {@code stackSize} bytes (0: the JVM's default). */
    static java.util.concurrent.ExecutorService threads(String name, long stackSize) {
        return java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(null, r, name, stackSize);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Connections the kernel queues before they are accepted (the kernel caps it at net.core.somaxconn): a
     * burst of sruns, or one user's connect flood, waits there instead of being refused with EAGAIN.
     */
    static final int BACKLOG = 4096;

    /**
     * Binds {@code path} (replacing a stale socket there) and sets its mode explicitly, e.g. "rw-------",
     * in a directory {@link SocketDirectory} accepts.
     */
    static ServerSocketChannel bind(Path path, String mode) throws IOException {
        SocketDirectory.prepare(path.getParent());
        Files.deleteIfExists(path);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(path), BACKLOG);
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
        return server;
    }

    /** How long thread starts may fail without a break before the daemon gives up and exits, so its service manager restarts it. */
    static volatile java.time.Duration cannotServeAfter = java.time.Duration.ofSeconds(30);
    /** What giving up does (a test replaces it). */
    static volatile Runnable cannotServe = () -> System.exit(70); // EX_SOFTWARE: systemd's Restart=always starts it again

    /**
     * Accepts on {@code server} (a daemon thread named {@code thread}) and runs {@code connection} for each
     * on {@code pool} within {@code limits} (per peer uid by SO_PEERCRED, {@link Admission}): one more is
     * refused at once, answered with {@code refusal}'s bytes for its reason when given, rather than queued
     * behind a stuck peer; refusals are logged without flooding ({@link RefusalLog}). Nothing a connection
     * does, nor a failure to start its thread, ends the loop; thread starts failing for
     * {@link #cannotServeAfter} on end run {@link #cannotServe}. Ends when the server is closed.
     *
     * @param privileged a uid besides root that the per-uid share does not limit and that may use root's reserve (-1: none)
     */
    static void serve(ServerSocketChannel server, String socket, Admission.Limits limits, long privileged, Executor pool,
            Consumer<SocketChannel> connection, java.util.function.Function<String, byte[]> refusal, SlurmLog log, String thread) {
        serveKept(server, socket, limits, privileged, pool, (ch, release) -> {
            try {
                connection.accept(ch);
            } finally {
                release.run();
            }
        }, refusal, log, thread);
    }

    /** A connection's handler that may keep the connection after it returns (handed to {@link RelayPumps}). */
    interface Kept {
        /** Serves {@code ch}; {@code release} gives its place in the limits back, once the connection ended (running it again does nothing). */
        void accept(SocketChannel ch, Runnable release);
    }

    /**
     * As {@link #serve}, for a handler that may keep its connection beyond its call: the connection counts
     * against the limits until the handler runs the release it was given (or throws).
     */
    static void serveKept(ServerSocketChannel server, String socket, Admission.Limits limits, long privileged, Executor pool,
            Kept connection, java.util.function.Function<String, byte[]> refusal, SlurmLog log, String thread) {
        Admission admission = new Admission(limits, privileged);
        RefusalLog refusals = new RefusalLog(socket, log);
        long[] failingSince = {0};
        Thread t = new Thread(() -> {
            try {
                while (server.isOpen()) {
                    try {
                        SocketChannel ch;
                        try {
                            ch = server.accept();
                        } catch (java.nio.channels.ClosedChannelException closed) {
                            return;
                        }
                        admit(ch, admission, refusals, pool, connection, refusal, failingSince, socket, log);
                    } catch (Throwable e) { // out of file descriptors or memory, even while refusing: wait a little, never stop
                        try {
                            refusals.refused(-1, "accept failed: " + e);
                        } catch (Throwable ignored) {
                            // nothing left to log with
                        }
                        pause();
                    }
                }
            } finally {
                refusals.close();
            }
        }, thread);
        t.setDaemon(true);
        t.start();
    }

    private static void admit(SocketChannel ch, Admission admission, RefusalLog refusals, Executor pool, Kept connection,
            java.util.function.Function<String, byte[]> refusal, long[] failingSince, String socket, SlurmLog log) {
        long uid = -1;
        try {
            uid = peerUid(ch);
            String why = admission.admit(uid);
            if (why != null) {
                refusals.refused(uid, why);
                refuse(ch, refusal == null ? null : refusal.apply(why));
                return;
            }
            long held = uid;
            java.util.concurrent.atomic.AtomicBoolean released = new java.util.concurrent.atomic.AtomicBoolean();
            Runnable release = () -> {
                if (released.compareAndSet(false, true)) {
                    admission.release(held);
                }
            };
            try {
                pool.execute(() -> {
                    try {
                        connection.accept(ch, release);
                    } catch (Throwable e) {
                        release.run();
                        throw e;
                    }
                });
                failingSince[0] = 0;
            } catch (Throwable e) { // no thread for it (RejectedExecutionException, OutOfMemoryError): refused, and counted
                release.run();
                refusals.refused(uid, "cannot start a thread: " + e);
                closeQuietly(ch);
                long now = System.nanoTime();
                if (failingSince[0] == 0) {
                    failingSince[0] = now;
                } else if (now - failingSince[0] >= cannotServeAfter.toNanos()) {
                    log.error("node: " + socket + ": no thread could be started for " + cannotServeAfter.toSeconds() + " s (" + e
                            + "); exiting so that the service manager starts the daemon again");
                    cannotServe.run();
                    failingSince[0] = 0;
                }
            }
        } catch (Throwable e) { // SO_PEERCRED unreadable, or anything else: this connection only
            refusals.refused(uid, String.valueOf(e));
            closeQuietly(ch);
        }
    }

    /** Refused connections left open a moment, so the peer can still send its first frame and read why. */
    private static final java.util.concurrent.ScheduledExecutorService LINGER = java.util.concurrent.Executors
            .newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "plugstack-refused-linger");
                t.setDaemon(true);
                return t;
            });
    private static final java.util.concurrent.atomic.AtomicInteger LINGERING = new java.util.concurrent.atomic.AtomicInteger();
    /** At most this many refused connections linger at once (a flood of them is closed at once). */
    static final int MAX_LINGERING = 1024;
    static final long LINGER_MS = 1000;

    /** Peers by SO_PEERCRED's principals: the accept loop and the relay must not read /etc/passwd and /etc/group per connection. */
    private static final java.util.Map<java.util.List<java.security.Principal>, io.plugstack.api.user.OnBehalfOf> PEERS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** The peer's user and group by SO_PEERCRED, looked up once per pair (at most 4096 remembered; then each time). */
    static io.plugstack.api.user.OnBehalfOf peer(SocketChannel ch) throws IOException {
        jdk.net.UnixDomainPrincipal p = ch.getOption(jdk.net.ExtendedSocketOptions.SO_PEERCRED);
        java.util.List<java.security.Principal> key = java.util.List.of(p.user(), p.group());
        io.plugstack.api.user.OnBehalfOf who = PEERS.get(key);
        if (who == null) {
            who = io.plugstack.api.user.OnBehalfOf.peerOf(ch);
            if (PEERS.size() < 4096) {
                PEERS.put(key, who);
            }
        }
        return who;
    }

    /** The peer's uid ({@link #peer}). */
    static long peerUid(SocketChannel ch) throws IOException {
        return peer(ch).uid();
    }

    /**
     * Sends {@code answer} (when any) and closes: a refused peer sees why. A fresh connection's send buffer is
     * empty, so a small answer never blocks the accept loop. Our side stops sending at once but stays open
     * for {@value #LINGER_MS} ms (bounded in number), so a peer that writes its first frame only now (the
     * bridge sends HELLO before it reads) is not cut off by a broken pipe before it reads the answer.
     */
    private static void refuse(SocketChannel ch, byte[] answer) {
        try {
            if (answer != null) {
                ch.configureBlocking(false);
                ch.write(java.nio.ByteBuffer.wrap(answer));
                ch.shutdownOutput();
                if (LINGERING.incrementAndGet() <= MAX_LINGERING) {
                    LINGER.schedule(() -> {
                        LINGERING.decrementAndGet();
                        try {
                            ch.read(java.nio.ByteBuffer.allocate(64 * 1024)); // what it sent: a close with it unread would be a reset
                        } catch (IOException | RuntimeException e) {
                            // gone
                        }
                        closeQuietly(ch);
                    }, LINGER_MS, java.util.concurrent.TimeUnit.MILLISECONDS);
                    return;
                }
                LINGERING.decrementAndGet();
            }
        } catch (IOException | RuntimeException e) {
            // the peer went already
        }
        closeQuietly(ch);
    }

    /** Closes {@code ch}, which may be closed already. */
    static void closeQuietly(SocketChannel ch) {
        try {
            ch.close();
        } catch (IOException e) {
            // already closed
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
