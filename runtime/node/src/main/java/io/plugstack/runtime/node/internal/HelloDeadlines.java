package io.plugstack.runtime.node.internal;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Connections that have not said HELLO yet, closed when their deadline passes, so a peer that connects
 * and says nothing never holds its slot for ever. One sweeper looks a few times per deadline; a
 * connection only enters and leaves a map, with no timer work on the job-launch path.
 */
final class HelloDeadlines implements AutoCloseable {

    private final long nanos;
    private final Map<SocketChannel, Long> waiting = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "plugstack-node-hello-deadlines");
        t.setDaemon(true);
        return t;
    });

    HelloDeadlines(long millis) {
        this.nanos = TimeUnit.MILLISECONDS.toNanos(millis);
        long period = Math.max(10, Math.min(250, millis / 4));
        sweeper.scheduleAtFixedRate(this::sweep, period, period, TimeUnit.MILLISECONDS);
    }

    /** {@code ch} must say HELLO (or ATTACH) within the deadline. */
    void start(SocketChannel ch) {
        waiting.put(ch, System.nanoTime() + nanos);
    }

    /** {@code ch} spoke (or ended) in time. */
    void met(SocketChannel ch) {
        waiting.remove(ch);
    }

    private void sweep() {
        long now = System.nanoTime();
        waiting.entrySet().removeIf(e -> {
            if (now - e.getValue() < 0) {
                return false;
            }
            try {
                e.getKey().close();
            } catch (IOException ignored) {
                // already closed
            }
            return true;
        });
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
    }
}
