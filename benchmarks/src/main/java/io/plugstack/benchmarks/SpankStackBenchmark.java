package io.plugstack.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.spank.conf.StackEntry;
import io.plugstack.runtime.spank.options.StackOptions;
import io.plugstack.runtime.spank.CallResult;
import io.plugstack.runtime.spank.JobFacts;
import io.plugstack.runtime.spank.stack.PluginResolver;
import io.plugstack.runtime.spank.stack.SpankHandle;
import io.plugstack.runtime.spank.stack.SpankStack;
import io.plugstack.runtime.spank.TaskFacts;

/**
 * One {@code SpankStack.call} over a remote-context stack of N required plugins, built in-process
 * (no framework: the stack never sees one). Time per op is per callback for the whole stack;
 * {@link StackFigures} divides by N.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SpankStackBenchmark {

    @Param({"1", "4", "16"})
    public int plugins;

    @Param({"init", "task_init"})
    public String callback;

    private SpankStack stack;
    private SpankHandle handle;
    private SpankCallback cb;

    @Setup
    public void setUp() {
        DroppingLog log = new DroppingLog();
        List<StackEntry> entries = new ArrayList<>();
        for (int i = 0; i < plugins; i++) {
            entries.add(new StackEntry(true, "p" + i, List.of(), Path.of("/etc/slurm/plugstack.conf"), i + 1));
        }
        // the live, long-lived instances a remote stack resolves to; nothing to release
        PluginResolver resolver = (ref, ctx, job) -> {
            SpankPlugin p = StackPlugins.nth(Integer.parseInt(ref.substring(1)));
            return PluginResolver.Resolution.of(new PluginResolver.Loaded(ref, ref + ".jar", "1.0.0", p, () -> { }));
        };
        StackOptions options = new StackOptions(SpankContext.REMOTE, log, Map.of(), Set.of());
        SpankStack.Build b = SpankStack.build(SpankContext.REMOTE, entries, resolver, io.plugstack.runtime.spank.JobPluginVersions.NONE, options, log);
        if (!b.ok() || b.stack().plugins().size() != plugins) {
            throw new IllegalStateException("stack not built: " + b.failure());
        }
        stack = b.stack();
        Map<String, String> env = new LinkedHashMap<>(Map.of("SLURM_JOB_ID", "4242", "HOME", "/home/u"));
        handle = new SpankHandle(SpankContext.REMOTE, SlurmVersion.builtFor(), log, options, env, Map.of());
        handle.job(new JobFacts(1000, 1000, 4242, 0, 1, 0, 1, 1, 2, List.of("/bin/true"), List.of(), 1, "0-1", 1024,
                "0-1", 1024, 0, 0, JobFacts.NOT_AN_ARRAY_TASK, true, List.of(0L))); // every fact set, as in a real step
        handle.tasks(List.of(new TaskFacts(0, 0, 4243, null, List.of("/bin/true"))));
        cb = callback.equals("init") ? SpankCallback.INIT : SpankCallback.TASK_INIT;
        handle.currentTask(cb == SpankCallback.TASK_INIT ? 0 : -1);
        CallResult r = stack.call(cb, handle);
        if (!r.ok() || log.printed() != 0) {
            throw new IllegalStateException(cb + " failed on the benchmark stack: rc=" + r.rc());
        }
    }

    @Benchmark
    public CallResult call() {
        return stack.call(cb, handle);
    }

    @TearDown
    public void tearDown() {
        stack.close();
    }
}
