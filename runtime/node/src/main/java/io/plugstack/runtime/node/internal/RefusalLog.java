package io.plugstack.runtime.node.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.plugstack.api.slurm.SlurmLog;

/**
 * Refusals (and other lines) a peer can cause as fast as it connects, logged so that it cannot flood the
 * log: the first of a uid in a window is one line with its reason, the rest are counted and summarised in
 * one line when the window ends ("user.sock: uid 1003: 41822 more connections refused in the last 60 s").
 */
final class RefusalLog implements AutoCloseable {

    static final long WINDOW_SECONDS = 60;

    private final String socket;
    private final SlurmLog log;
    /** What the summary counts: "connections refused", "connections closed on a bad frame". */
    private final String counted;
    private final long windowNanos;
    private final Map<Long, long[]> windows = new HashMap<>(); // uid -> {window start (nanos), refusals since the first}
    private final ScheduledExecutorService flusher;

    RefusalLog(String socket, SlurmLog log) {
        this(socket, log, TimeUnit.SECONDS.toNanos(WINDOW_SECONDS));
    }

    RefusalLog(String socket, SlurmLog log, long windowNanos) {
        this(socket, log, windowNanos, "connections refused");
    }

    RefusalLog(String socket, SlurmLog log, long windowNanos, String counted) {
        this.counted = counted;
        this.socket = socket;
        this.log = log;
        this.windowNanos = windowNanos;
        this.flusher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "plugstack-refusals-" + socket);
            t.setDaemon(true);
            return t;
        });
        long period = Math.max(1, TimeUnit.NANOSECONDS.toMillis(windowNanos) / 4);
        flusher.scheduleAtFixedRate(() -> flush(false), period, period, TimeUnit.MILLISECONDS);
    }

    /** One refusal of {@code uid} for {@code why}: logged when it opens the uid's window, else counted. */
    void refused(long uid, String why) {
        note(uid, "node: " + socket + ": refused a connection of uid " + uid + ": " + why);
    }

    /** {@code line}, about a connection of {@code uid}: logged when it opens the uid's window, else counted. */
    void note(long uid, String line) {
        boolean first;
        synchronized (this) {
            long now = System.nanoTime();
            long[] w = windows.get(uid);
            if (w != null && now - w[0] >= windowNanos) {
                summarise(uid, w);
                w = null;
            }
            first = w == null;
            if (first) {
                windows.put(uid, new long[] {now, 0});
            } else {
                w[1]++;
            }
        }
        if (first) {
            log.error(line);
        }
    }

    /** Ends the windows that are over (all of them when {@code all}), with their summary lines. */
    synchronized void flush(boolean all) {
        long now = System.nanoTime();
        windows.entrySet().removeIf(e -> {
            if (!all && now - e.getValue()[0] < windowNanos) {
                return false;
            }
            summarise(e.getKey(), e.getValue());
            return true;
        });
    }

    private void summarise(long uid, long[] w) {
        if (w[1] > 0) {
            long ms = TimeUnit.NANOSECONDS.toMillis(windowNanos);
            log.error("node: " + socket + ": uid " + uid + ": " + w[1] + " more " + counted + " in the last "
                    + (ms >= 1000 ? ms / 1000 + " s" : ms + " ms"));
        }
    }

    @Override
    public void close() {
        flusher.shutdownNow();
        flush(true);
    }
}
