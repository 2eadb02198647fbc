package io.plugstack.runtime.host.catalog;

import java.time.Duration;
import java.util.concurrent.Callable;

import org.osgi.annotation.versioning.ProviderType;

import io.plugstack.api.plugin.PluginFamily;

/**
 * Runs one plugin call for an engine (a SPANK callback or option, a job_submit or cli_filter hook)
 * so that a bad plugin fails that call and nothing else: whatever it throws (an Error included: a
 * refused System.exit, a StackOverflowError) and a call that does not return within its family's
 * time limit become a failure the engine turns into Slurm's outcome for that callback. The caller
 * gets its answer at the limit at the latest, so one hung plugin holds no other job or submission;
 * the stuck thread is reported, and a plugin that overruns repeatedly is marked FAILED until it is
 * redeployed (the next lower version that loads takes over, as when an init fails).
 */
@ProviderType
public interface PluginCallGuard {

    /**
     * What one call gave: its value, or why it failed ("threw ...", "did not return within ... ms"),
     * and what it threw when it threw.
     */
    record Outcome<T>(T value, String failure, Throwable thrown) {
        public static <T> Outcome<T> returned(T value) {
            return new Outcome<>(value, null, null);
        }

        public static <T> Outcome<T> threw(Throwable thrown) {
            return new Outcome<>(null, "threw " + thrown, thrown);
        }

        public static <T> Outcome<T> failed(String why) {
            return new Outcome<>(null, why, null);
        }

        public boolean ok() {
            return failure == null;
        }
    }

    /** How the guard names a plugin in {@link #call}: its symbolic name and version ({@code itest.evil@1.0.0}). */
    static String plugin(String symbolicName, Object version) {
        return symbolicName + "@" + version;
    }

    /**
     * Calls {@code body}, the plugin {@code plugin} ({@link #plugin(String, Object)}, how the catalog
     * knows it) doing {@code callback}, within {@code family}'s limit.
     */
    <T> Outcome<T> call(PluginFamily family, String plugin, String callback, Callable<T> body);

    /** The time limit of one call of {@code family}'s plugins; zero: none. */
    Duration limit(PluginFamily family);

    /**
     * Something the calling thread holds that the thread running a plugin call must hold too (the
     * request a Slurmctld view serves, where a shell command's output goes).
     */
    @FunctionalInterface
    interface ThreadContext {
        /** In the calling thread: what binds the same state in the call's thread (and returns what unbinds it). */
        Binder capture();

        @FunctionalInterface
        interface Binder {
            /** In the call's thread, before the call; the result is run after it. */
            Runnable bind();
        }
    }

    /** Carries {@code context} into every call's thread. */
    void propagate(ThreadContext context);

    /** Carries {@code local}'s value of the calling thread into the call's thread, and clears it after. */
    default void propagate(ThreadLocal<?> local) {
        @SuppressWarnings("unchecked")
        ThreadLocal<Object> l = (ThreadLocal<Object>) local;
        propagate(() -> {
            Object value = l.get();
            return () -> {
                l.set(value);
                return l::remove;
            };
        });
    }

    /** In the caller's thread with no limit (engines driven outside a framework: tests, benchmarks). */
    PluginCallGuard DIRECT = new PluginCallGuard() {
        @Override
        public <T> Outcome<T> call(PluginFamily family, String plugin, String callback, Callable<T> body) {
            try {
                return Outcome.returned(body.call());
            } catch (Exception | Error e) {
                return Outcome.threw(e);
            }
        }

        @Override
        public Duration limit(PluginFamily family) {
            return Duration.ZERO;
        }

        @Override
        public void propagate(ThreadContext context) {
            // same thread
        }
    };
}
