package io.plugstack.runtime.host.internal;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.plugstack.api.plugin.FrameworkProperty;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCallGuard;

/**
 * The catalog's {@link PluginCallGuard}: each call runs on a pooled thread and the caller waits at
 * most its family's limit ({@link PluginFamily#callTimeoutProperty()}). A call that overruns is left
 * running on its thread, interrupted, and reported with where it is stuck; after
 * {@value #DEFAULT_OVERRUNS} overruns (property {@value #OVERRUNS_PROPERTY}) its plugin is marked
 * FAILED.
 */
final class PluginCallLimits implements PluginCallGuard {

    static final String OVERRUNS_PROPERTY = "plugstack.call.overruns.before.failed";
    static final int DEFAULT_OVERRUNS = 3;

    private final Map<PluginFamily, Duration> limits = new EnumMap<>(PluginFamily.class);
    private final int overrunsBeforeFailed;
    private final ConcurrentMap<String, AtomicInteger> overruns = new ConcurrentHashMap<>();
    private final List<ThreadContext> carried = new CopyOnWriteArrayList<>();
    private final BiConsumer<String, String> markFailed;
    private final Consumer<String> log;
    private final AtomicInteger threads = new AtomicInteger();
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "plugin-call-" + threads.incrementAndGet());
        t.setDaemon(true); // a plugin stuck for ever must not keep the runtime from stopping
        return t;
    });

    /**
     * @param properties the framework properties
     * @param markFailed marks the plugin ({@code symbolicName@version}) failed, with why
     * @param log        error lines
     */
    PluginCallLimits(Function<String, String> properties, BiConsumer<String, String> markFailed, Consumer<String> log) {
        this.markFailed = markFailed;
        this.log = log;
        for (PluginFamily f : PluginFamily.values()) { // each family's own property and default
            limits.put(f, Duration.ofMillis(FrameworkProperty.wholeNumber(properties, f.callTimeoutProperty(), f.defaultCallTimeoutMs(), log)));
        }
        this.overrunsBeforeFailed = (int) FrameworkProperty.wholeNumber(properties, OVERRUNS_PROPERTY, DEFAULT_OVERRUNS, log);
    }

    @Override
    public Duration limit(PluginFamily family) {
        return limits.get(family);
    }

    @Override
    public void propagate(ThreadContext context) {
        carried.add(context);
    }

    @Override
    public <T> Outcome<T> call(PluginFamily family, String plugin, String callback, Callable<T> body) {
        Duration limit = limits.get(family);
        if (limit.isZero()) {
            return DIRECT.call(family, plugin, callback, body);
        }
        List<ThreadContext.Binder> binders = carried.stream().map(ThreadContext::capture).toList();
        AtomicReference<Thread> runner = new AtomicReference<>();
        Future<T> f = pool.submit(() -> {
            Thread me = Thread.currentThread();
            String name = me.getName();
            runner.set(me);
            me.setName(name + " " + plugin + " " + callback + "()"); // a thread dump says whose call it is
            List<Runnable> unbinders = binders.stream().map(ThreadContext.Binder::bind).toList();
            try {
                return body.call();
            } finally {
                unbinders.forEach(Runnable::run);
                me.setName(name);
            }
        });
        try {
            return Outcome.returned(f.get(limit.toMillis(), TimeUnit.MILLISECONDS));
        } catch (ExecutionException e) {
            return Outcome.threw(e.getCause());
        } catch (TimeoutException e) {
            overran(plugin, callback, limit, runner.get());
            f.cancel(true); // interrupted: a plugin blocked in sleep or I/O may still return
            return Outcome.failed("did not return within " + limit.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(true);
            return Outcome.failed("interrupted while waiting for it");
        }
    }

    private void overran(String plugin, String callback, Duration limit, Thread stuck) {
        String where = stuck == null ? "not started yet (no free thread?)"
                : "thread '" + stuck.getName() + "' left running at " + Arrays.stream(stuck.getStackTrace()).limit(4)
                        .map(StackTraceElement::toString).collect(Collectors.joining(" < "));
        int n = overruns.computeIfAbsent(plugin, k -> new AtomicInteger()).incrementAndGet();
        log.accept("plugin " + plugin + ": " + callback + "() did not return within " + limit.toMillis() + " ms (overrun " + n
                + " of " + overrunsBeforeFailed + "): " + where);
        if (overrunsBeforeFailed > 0 && n == overrunsBeforeFailed) {
            markFailed.accept(plugin, "FAILED: overran its " + limit.toMillis() + " ms limit " + n + " times (last in " + callback
                    + "()); redeploy it to use it again");
        }
    }

    /** Stops the pool: threads still stuck in plugin code are daemons and die with the JVM. */
    void close() {
        pool.shutdownNow();
    }
}
