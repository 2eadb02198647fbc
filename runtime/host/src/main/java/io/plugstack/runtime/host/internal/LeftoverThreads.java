package io.plugstack.runtime.host.internal;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import org.osgi.framework.Bundle;

/**
 * Threads a plugin started and left running when it goes (its bundle stopped, updated or
 * uninstalled): Java cannot stop them, so each is named in the log, with where it runs; they end with
 * the runtime (which exits on stop, so a non-daemon one cannot hold it). A thread is the plugin's when
 * a frame of its stack is a class of the plugin's bundle.
 */
final class LeftoverThreads {

    private LeftoverThreads() {
    }

    static void report(Bundle bundle, String who, Consumer<String> log) {
        Thread self = Thread.currentThread();
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            if (t == self || !t.isAlive()) {
                continue;
            }
            boolean ours = Arrays.stream(e.getValue()).anyMatch(f -> isClassOf(bundle, f.getClassName()));
            if (ours) {
                log.accept("plugin " + who + ": its " + (t.isDaemon() ? "daemon " : "") + "thread '" + t.getName()
                        + "' is still running after it was unloaded (it ends with the runtime): "
                        + Arrays.stream(e.getValue()).limit(3).map(StackTraceElement::toString).collect(Collectors.joining(" < ")));
            }
        }
    }

    private static boolean isClassOf(Bundle bundle, String className) {
        try {
            int nested = className.indexOf('$');
            String outer = nested < 0 ? className : className.substring(0, nested);
            return bundle.getEntry(outer.replace('.', '/') + ".class") != null;
        } catch (IllegalStateException gone) {
            return false; // uninstalled meanwhile
        }
    }
}
