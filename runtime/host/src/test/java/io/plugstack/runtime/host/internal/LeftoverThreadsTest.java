package io.plugstack.runtime.host.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/** A thread a plugin left running when it goes is named in the log; other threads are not. */
class LeftoverThreadsTest {

    /** A bundle whose entries are this test's classes (the "plugin"). */
    static Bundle pluginOfThisTest() {
        return (Bundle) Proxy.newProxyInstance(Bundle.class.getClassLoader(), new Class<?>[] {Bundle.class}, (p, m, a) -> {
            if (m.getName().equals("getEntry")) {
                String path = (String) a[0];
                return path.startsWith("io/plugstack/runtime/host/internal/LeftoverThreadsTest") ? new URL("file:/" + path) : null;
            }
            return null;
        });
    }

    /** The plugin's own code, looping in a thread it started. */
    static void pluginLoop(CountDownLatch inside, CountDownLatch stop) {
        inside.countDown();
        try {
            stop.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aThreadThePluginStartedAndLeftRunningIsNamedWithWhereItRuns() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch stop = new CountDownLatch(1);
        Thread t = new Thread(() -> pluginLoop(inside, stop), "plugin-poller");
        t.start();
        assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue(); // its stack holds the plugin's code from here on
        List<String> logged = new ArrayList<>();
        try {
            LeftoverThreads.report(pluginOfThisTest(), "itest.poller 1.0.0", logged::add);
        } finally {
            stop.countDown();
            t.join(5000);
        }
        assertThat(logged).singleElement().asString()
                .startsWith("plugin itest.poller 1.0.0: its thread 'plugin-poller' is still running after it was unloaded (it ends with the runtime): ");
    }

    @Test
    void threadsRunningNoneOfThePluginsCodeAreNotNamed() {
        List<String> logged = new ArrayList<>();
        LeftoverThreads.report(pluginOfThisTest(), "itest.poller 1.0.0", logged::add);
        assertThat(logged).isEmpty(); // this test's own thread is the caller, and skipped
    }
}
