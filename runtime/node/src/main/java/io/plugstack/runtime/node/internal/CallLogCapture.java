package io.plugstack.runtime.node.internal;

import java.util.function.Supplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import io.plugstack.api.slurm.SlurmLog;

/**
 * What a plugin logs with its {@link io.plugstack.api.plugin.PluginLog} (System.Logger, backed by
 * java.util.logging in the runtime) while it serves a real command's call goes to that command's log
 * too, as a C or Lua cli_filter's error() and info() reach the command's stderr: a handler on the root
 * logger copies records made on a thread that is inside {@link #during} to that call's sink. Records on
 * other threads are untouched; the daemon's own log keeps every record as before.
 */
final class CallLogCapture implements AutoCloseable {

    private static final java.util.logging.Formatter TEXT = new java.util.logging.SimpleFormatter();

    private final ThreadLocal<SlurmLog> sink = new ThreadLocal<>();

    /** Where a call's records go, per thread: a plugin call's own thread must see its caller's. */
    ThreadLocal<SlurmLog> sink() {
        return sink;
    }
    private final Logger root = Logger.getLogger("");
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            SlurmLog s = sink.get();
            if (s != null && r != null) {
                s.log(level(r.getLevel()), r.getMessage() == null ? "" : TEXT.formatMessage(r));
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    CallLogCapture() {
        handler.setLevel(Level.ALL);
        root.addHandler(handler);
    }

    /** Runs {@code work} with this thread's plugin records copied to {@code log}. */
    <T> T during(SlurmLog log, Supplier<T> work) {
        SlurmLog before = sink.get();
        sink.set(log);
        try {
            return work.get();
        } finally {
            if (before == null) {
                sink.remove();
            } else {
                sink.set(before);
            }
        }
    }

    static SlurmLog.Level level(Level l) {
        int v = l.intValue();
        if (v >= Level.SEVERE.intValue()) {
            return SlurmLog.Level.ERROR;
        }
        if (v >= Level.INFO.intValue()) {
            return SlurmLog.Level.INFO; // WARNING too: Slurm has no warning level in a command
        }
        if (v >= Level.FINE.intValue()) {
            return SlurmLog.Level.DEBUG;
        }
        return SlurmLog.Level.DEBUG2;
    }

    @Override
    public void close() {
        root.removeHandler(handler);
    }
}
