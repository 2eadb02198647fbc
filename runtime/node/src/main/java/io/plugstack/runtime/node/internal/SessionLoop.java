package io.plugstack.runtime.node.internal;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

import io.plugstack.runtime.node.wire.Wire;

/**
 * Serves a session's frames one at a time (CALL → DONE, CLI_CALL → CLI_RESULT) without a thread waiting
 * for the next one: a pending srun holds its sessions for minutes, and a thread blocked in read keeps
 * about 100 KB of stack resident, so 512 held sessions of one user grew the user role by 60 MB.
 *
 * <p>A session's thread (the one that opened it, then the one that answered a frame) waits {@link #LINGER_MS} for the next (a process's callbacks
 * mostly follow one another closely, and a thread's hand-over costs more than this wait); a session
 * silent longer is parked on one selector thread and resumed on a pool thread when its peer writes or
 * closes.
 */
final class SessionLoop implements AutoCloseable {

    /** How long a thread that answered a frame waits for the session's next one before it parks it. */
    static final long LINGER_MS = 20;

    /** What a session does with one frame: answer it (or throw to end the session). */
    interface Frames {
        void serve(Wire.Frame frame) throws IOException;
    }

    private final Executor workers;
    private final Selector idle;
    private final Queue<Session> parking = new ConcurrentLinkedQueue<>();
    /** Parked sessions, counted as they go in and out: one moving from the queue to the selector is still parked. */
    private final java.util.concurrent.atomic.AtomicInteger parkedNow = new java.util.concurrent.atomic.AtomicInteger();
    private final Thread thread;
    private volatile boolean closed;
    private static final ThreadLocal<Selector> LINGER = ThreadLocal.withInitial(() -> {
        try {
            return Selector.open();
        } catch (IOException e) {
            throw new IllegalStateException("cannot open a selector: " + e.getMessage(), e);
        }
    });

    SessionLoop(String name, Executor workers) throws IOException {
        this.workers = workers;
        this.idle = Selector.open();
        this.thread = new Thread(null, this::loop, name, UnixSockets.SMALL_STACK);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Serves {@code ch}'s frames with {@code frames} from now on, on this thread first; returns when the
     * session ended or was parked. {@code end} runs once, when the peer closed ({@code null}) or a frame
     * failed (the exception); {@code ch} is closed before. The caller gives {@code ch} up.
     */
    void serve(SocketChannel ch, DataInputStream in, int max, Frames frames, Consumer<Throwable> end) {
        run(new Session(ch, in, max, frames, end), false);
    }

    /** @param ready the peer wrote (or closed) already: read at once */
    private void run(Session s, boolean ready) {
        try {
            if (ready) {
                s.ch.configureBlocking(true);
            }
            for (;;) {
                if (!ready && !readableSoon(s.ch)) {
                    park(s);
                    return;
                }
                s.frames.serve(Wire.read(s.in, s.max));
                ready = false;
            }
        } catch (EOFException e) {
            s.end(null);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            s.end(e);
        }
    }

    /** Whether {@code ch} has bytes (or its end) within {@link #LINGER_MS}; it is in blocking mode again when true. */
    private static boolean readableSoon(SocketChannel ch) throws IOException {
        Selector s = LINGER.get();
        ch.configureBlocking(false);
        SelectionKey k = ch.register(s, SelectionKey.OP_READ);
        int n;
        try {
            n = s.select(LINGER_MS);
        } finally {
            k.cancel();
            s.selectedKeys().clear();
            s.selectNow(); // deregisters it, so it may be parked elsewhere or go blocking
            s.selectedKeys().clear();
        }
        if (n > 0) {
            ch.configureBlocking(true);
            return true;
        }
        return false;
    }

    private void park(Session s) {
        if (closed) {
            s.end(null);
            return;
        }
        parkedNow.incrementAndGet();
        parking.add(s);
        idle.wakeup();
        if (closed) {
            drain();
        }
    }

    private void loop() {
        List<Session> ready = new ArrayList<>();
        try {
            while (!closed) {
                idle.select();
                for (Session s; (s = parking.poll()) != null;) {
                    try {
                        s.ch.register(idle, SelectionKey.OP_READ, s);
                    } catch (IOException | RuntimeException e) {
                        parkedNow.decrementAndGet();
                        endOnWorker(s, e);
                    }
                }
                for (SelectionKey k : idle.selectedKeys()) {
                    k.cancel();
                    parkedNow.decrementAndGet();
                    ready.add((Session) k.attachment());
                }
                idle.selectedKeys().clear();
                if (ready.isEmpty()) {
                    continue;
                }
                idle.selectNow(); // deregisters the ready ones before a worker makes them blocking
                for (Session s : ready) {
                    resume(s);
                }
                ready.clear();
            }
        } catch (IOException | ClosedSelectorException e) {
            // closing
        } finally {
            endAll();
        }
    }

    private void resume(Session s) {
        onWorker(() -> run(s, true), () -> s.end(null)); // no worker: the daemon is stopping
    }

    /** A session's end runs its owner's clean-up (plugin code may run there): on a worker, not this small-stack thread. */
    private void endOnWorker(Session s, Throwable why) {
        onWorker(() -> s.end(why), () -> s.end(why));
    }

    private void onWorker(Runnable task, Runnable noWorker) {
        try {
            workers.execute(task);
        } catch (RejectedExecutionException e) {
            noWorker.run();
        }
    }

    private void endAll() {
        try {
            for (SelectionKey k : idle.keys()) {
                if (!k.isValid()) {
                    continue; // a ready one, handed to a worker already
                }
                parkedNow.decrementAndGet();
                endOnWorker((Session) k.attachment(), null);
            }
        } catch (ClosedSelectorException e) {
            // gone with it
        }
        drain();
    }

    private void drain() {
        for (Session s; (s = parking.poll()) != null;) {
            parkedNow.decrementAndGet();
            endOnWorker(s, null);
        }
    }

    /** Sessions parked now (tests, and what a held session costs). */
    int parked() {
        return parkedNow.get();
    }

    @Override
    public void close() throws IOException {
        closed = true;
        idle.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        idle.close();
        drain();
    }

    private static final class Session {
        final SocketChannel ch;
        final DataInputStream in;
        final int max;
        final Frames frames;
        private final Consumer<Throwable> end;
        private boolean ended;

        Session(SocketChannel ch, DataInputStream in, int max, Frames frames, Consumer<Throwable> end) {
            this.ch = ch;
            this.in = in;
            this.max = max;
            this.frames = frames;
            this.end = end;
        }

        synchronized void end(Throwable why) {
            if (ended) {
                return;
            }
            ended = true;
            UnixSockets.closeQuietly(ch);
            end.accept(why);
        }
    }
}
