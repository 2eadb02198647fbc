package io.plugstack.runtime.node.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Copies the bytes of every relayed connection ({@link RoleRelay}) on one thread: a held connection costs
 * two registered channels and no thread, so a user holding hundreds of connections cannot grow the root
 * role by a thread stack each (about 100 KB resident apiece). A pair ends, both channels closed, when
 * either end closes or fails, as a pair of blocking pumps would end.
 *
 * <p>Each direction reads into one shared buffer and writes what it can at once; only a destination that
 * is not ready keeps the rest, in a buffer of that direction's own, and its source is not read again
 * until the rest went (the kernel's socket buffers hold back a fast sender, not our heap).
 */
final class RelayPumps implements AutoCloseable {

    /** The most one read takes from a source. */
    static final int CHUNK = 16 * 1024;

    private final Selector selector;
    private final Queue<Pair> added = new ConcurrentLinkedQueue<>();
    private final ByteBuffer shared = ByteBuffer.allocateDirect(CHUNK);
    private final Thread thread;
    private volatile boolean closed;

    RelayPumps(String name) throws IOException {
        selector = Selector.open();
        thread = new Thread(null, this::loop, name, UnixSockets.SMALL_STACK);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Relays {@code a} and {@code b} both ways until one ends; then closes both and runs {@code ended}
     * (on the pumps' thread: keep it short). Both must be connected and in blocking mode; from here on they
     * belong to the pumps.
     */
    void relay(SocketChannel a, SocketChannel b, Runnable ended) {
        Pair p = new Pair(a, b, ended);
        if (closed) {
            p.end();
            return;
        }
        added.add(p);
        selector.wakeup();
        if (closed) { // close() may have drained the queue before our add
            drainAdded();
        }
    }

    private void loop() {
        try {
            while (!closed) {
                selector.select();
                for (Pair p; (p = added.poll()) != null;) {
                    p.register();
                }
                for (SelectionKey k : selector.selectedKeys()) {
                    ((Direction) k.attachment()).ready(k);
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException | ClosedSelectorException e) {
            // closed: every pair ends below
        } finally {
            endAll();
        }
    }

    private void endAll() {
        try {
            for (SelectionKey k : selector.keys()) {
                ((Direction) k.attachment()).pair.end();
            }
        } catch (ClosedSelectorException e) {
            // keys are gone with it; their channels were closed by close()
        }
        drainAdded();
    }

    private void drainAdded() {
        for (Pair p; (p = added.poll()) != null;) {
            p.end();
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        selector.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        selector.close();
        drainAdded();
    }

    /** One connection's two ends. */
    private final class Pair {
        final Direction aToB;
        final Direction bToA;
        private final Runnable ended;
        private boolean over;

        Pair(SocketChannel a, SocketChannel b, Runnable ended) {
            this.ended = ended;
            aToB = new Direction(this, a, b);
            bToA = new Direction(this, b, a);
        }

        void register() {
            try {
                aToB.from.configureBlocking(false);
                bToA.from.configureBlocking(false);
                // one key per channel: the key of a channel serves its reads (its outgoing direction) and its writes (the other's)
                aToB.key = aToB.from.register(selector, SelectionKey.OP_READ, aToB);
                bToA.key = bToA.from.register(selector, SelectionKey.OP_READ, bToA);
            } catch (IOException | RuntimeException e) {
                end();
            }
        }

        synchronized void end() {
            if (over) {
                return;
            }
            over = true;
            UnixSockets.closeQuietly(aToB.from);
            UnixSockets.closeQuietly(bToA.from); // closing a channel cancels its key
            ended.run();
        }
    }

    /** Bytes from {@code from} to {@code to}; its key is {@code from}'s. */
    private final class Direction {
        final Pair pair;
        final SocketChannel from;
        final SocketChannel to;
        SelectionKey key;
        /** What {@code to} did not take yet; null when nothing waits. */
        ByteBuffer rest;

        Direction(Pair pair, SocketChannel from, SocketChannel to) {
            this.pair = pair;
            this.from = from;
            this.to = to;
        }

        private Direction reverse() {
            return pair.aToB == this ? pair.bToA : pair.aToB;
        }

        /** {@code from}'s key fired: it can be read (this direction) or written (the reverse direction's rest). */
        void ready(SelectionKey k) {
            try {
                if (k.isValid() && k.isWritable()) {
                    reverse().flushRest();
                }
                if (k.isValid() && k.isReadable()) {
                    copy();
                }
            } catch (IOException | RuntimeException e) {
                pair.end(); // one end went: the peer is done, or the role stopped
            }
        }

        private void copy() throws IOException {
            shared.clear();
            int n = from.read(shared);
            if (n < 0) {
                pair.end();
                return;
            }
            shared.flip();
            to.write(shared);
            if (shared.hasRemaining()) {
                rest = ByteBuffer.allocate(shared.remaining()).put(shared).flip();
                key.interestOps(key.interestOps() & ~SelectionKey.OP_READ); // read on once the rest went
                reverse().key.interestOps(reverse().key.interestOps() | SelectionKey.OP_WRITE);
            }
        }

        /** Writes the rest to {@code to} (whose key is the reverse direction's); once it went, reads {@code from} again. */
        private void flushRest() throws IOException {
            if (rest == null) {
                return;
            }
            to.write(rest);
            if (!rest.hasRemaining()) {
                rest = null;
                SelectionKey toKey = reverse().key;
                toKey.interestOps(toKey.interestOps() & ~SelectionKey.OP_WRITE);
                key.interestOps(key.interestOps() | SelectionKey.OP_READ);
            }
        }
    }
}
