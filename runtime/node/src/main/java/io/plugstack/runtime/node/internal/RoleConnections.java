package io.plugstack.runtime.node.internal;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The root role's connections to a child role's role.sock, each believed only when the role's uid serves it
 * ({@link RoleAdmin#servedBy}). A few are kept ready: a user's srun then waits for no connect, and no accept and
 * thread hand-over in the role, before its HELLO goes on (about 0.2 ms of a relayed session's start). A kept one
 * the role closed (it restarted) is noticed when taken and a new one is made.
 */
final class RoleConnections implements AutoCloseable {

    /** How long a connection waits for the role (starting, or restarting after a crash) before it is refused. */
    static final long ROLE_WAIT_MS = 10_000;
    /** Connections kept ready. */
    static final int SPARES = 4;

    private final Path roleSocket;
    private final long roleUid;
    private final Executor refills;
    private final BlockingQueue<SocketChannel> spares = new ArrayBlockingQueue<>(SPARES);
    private final AtomicBoolean refilling = new AtomicBoolean();
    private volatile boolean closed;

    RoleConnections(Path roleSocket, long roleUid, Executor refills) {
        this.roleSocket = roleSocket;
        this.roleUid = roleUid;
        this.refills = refills;
    }

    /** A connection to the role, blocking: a kept one when there is a live one, else a new one (waited for up to {@link #ROLE_WAIT_MS}). */
    SocketChannel take() throws IOException {
        for (SocketChannel s; (s = spares.poll()) != null;) {
            if (alive(s)) {
                refill();
                return s;
            }
            UnixSockets.closeQuietly(s);
        }
        SocketChannel ch = connect(System.currentTimeMillis() + ROLE_WAIT_MS);
        refill();
        return ch;
    }

    /** Tops the kept connections up, on one refill at a time; a role that does not answer leaves them empty. */
    private void refill() {
        if (closed || spares.remainingCapacity() == 0 || !refilling.compareAndSet(false, true)) {
            return;
        }
        try {
            refills.execute(() -> {
                try {
                    while (!closed && spares.remainingCapacity() > 0) {
                        SocketChannel s = connect(0);
                        if (closed || !spares.offer(s)) {
                            UnixSockets.closeQuietly(s);
                            return;
                        }
                    }
                } catch (IOException e) {
                    // the role is not there (yet): the next take() connects itself and refills again
                } finally {
                    refilling.set(false);
                }
            });
        } catch (RuntimeException e) { // no thread for it: the next take() tries again
            refilling.set(false);
        }
    }

    /** Connects, trying again every 50 ms until {@code end} (0: once). */
    private SocketChannel connect(long end) throws IOException {
        for (;;) {
            SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                ch.connect(UnixDomainSocketAddress.of(roleSocket));
            } catch (IOException e) {
                ch.close();
                if (System.currentTimeMillis() > end) {
                    throw new IOException("the role at " + roleSocket + " does not answer: " + e.getMessage());
                }
                sleep();
                continue;
            }
            return RoleAdmin.servedBy(ch, roleUid, roleSocket);
        }
    }

    /** A kept connection the role has not closed: the role writes nothing before the header, so anything readable is its end. */
    private static boolean alive(SocketChannel s) {
        try {
            s.configureBlocking(false);
            int n = s.read(ByteBuffer.allocate(1));
            s.configureBlocking(true);
            return n == 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static void sleep() throws IOException {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the role");
        }
    }

    @Override
    public void close() {
        closed = true;
        for (SocketChannel s; (s = spares.poll()) != null;) {
            UnixSockets.closeQuietly(s);
        }
    }
}
