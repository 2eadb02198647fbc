package io.plugstack.gogo.internal;

import java.io.PrintStream;
import java.lang.reflect.Method;

import org.apache.felix.service.threadio.ThreadIO;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.runtime.host.catalog.PluginCallGuard;
import io.plugstack.runtime.host.catalog.PluginCatalog;

/**
 * What a plugin prints (its log lines through java.util.logging's console handler, System.out) while
 * it serves a shell command reaches that command's console, as a plugin's lines reach srun's or
 * sbatch's terminal in Slurm: Gogo binds System.out and System.err per thread (ThreadIO), and plugin
 * calls run on the catalog's own threads, so the command thread's streams are bound there for the call.
 */
@Component(immediate = true)
public final class ShellStreamsInPluginCalls {

    @Activate
    public ShellStreamsInPluginCalls(@Reference PluginCatalog catalog, @Reference ThreadIO threadIO) {
        catalog.calls().propagate(() -> {
            PrintStream out = current(System.out);
            PrintStream err = current(System.err);
            if (out == null && err == null) {
                return () -> () -> { }; // not a shell command's thread
            }
            return () -> {
                threadIO.setStreams(System.in, out != null ? out : System.out, err != null ? err : System.err);
                return threadIO::close;
            };
        });
    }

    /** The stream Gogo's per-thread System.out/err stands for in this thread, or null when it is not Gogo's. */
    private static PrintStream current(PrintStream system) {
        try {
            Method m = system.getClass().getMethod("getCurrent");
            Object s = m.invoke(system);
            return s instanceof PrintStream p && p != system ? p : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
