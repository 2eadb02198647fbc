package io.plugstack.runtime.spank.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import fixture.plugin.FixturePlugin;
import io.plugstack.api.spank.SpankPlugin;

/**
 * Timing harness, not part of the default run: {@code mvn -B -q test -Pbenchmark}. One run = open a
 * space + define and instantiate the plugin class + job_prolog (which also defines Greeting and reads a
 * resource) + close. Prints to stdout and to target/fresh-space-benchmark.txt.
 */
@Tag("benchmark")
class FreshClassSpaceBenchmarkTest {

    private static final ClassLoader PARENT = FreshClassSpaceBenchmarkTest.class.getClassLoader();

    @TempDir
    Path dir;

    private PluginJar jar;
    private Set<String> own;
    private final StringBuilder report = new StringBuilder();

    private int oneRun() throws ReflectiveOperationException {
        Map<String, String> env = new HashMap<>(4);
        try (FreshClassSpace space = FreshClassSpace.open(jar, own, PARENT)) {
            SpankPlugin plugin = space.newInstance(FixtureJar.PLUGIN, SpankPlugin.class);
            plugin.jobProlog(RecordingSpank.create(env), List.of());
        }
        return env.get(FixturePlugin.STATIC_RUNS).length();
    }

    @Test
    void oneFreshSpaceRunIsCheapAndMemoryStaysFlat() throws Exception {
        jar = PluginJar.read(FixtureJar.build(dir));
        own = PrivatePackages.of(jar);
        ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();

        for (int i = 0; i < 20_000; i++) {
            oneRun();
        }
        long[] nanos = new long[10_000];
        for (int i = 0; i < nanos.length; i++) {
            long t0 = System.nanoTime();
            oneRun();
            nanos[i] = System.nanoTime() - t0;
        }
        Arrays.sort(nanos);
        double median = nanos[nanos.length / 2] / 1e6;
        double p90 = nanos[nanos.length * 9 / 10] / 1e6;
        double p99 = nanos[nanos.length * 99 / 100] / 1e6;
        line("runtime: %s %s, %s", System.getProperty("java.vm.name"), System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments());
        line("one run over %d runs after 20000 warm-up: median %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms",
                nanos.length, median, p90, p99, nanos[nanos.length - 1] / 1e6);

        // Memory phase (after the 30 000 runs above): heap and metaspace after 1 000 and after 100 000 more runs.
        long[] at1k = null;
        int done = 0;
        for (int target : new int[] {1_000, 100_000}) {
            for (; done < target; done++) {
                oneRun();
            }
            long[] m = settledMemory();
            line("memory phase, after %,7d runs: heap used %6.1f MiB, metaspace used %5.1f MiB, classes loaded now %,d"
                    + " (total loaded %,d, unloaded %,d)", target, m[0] / 1048576.0, m[1] / 1048576.0,
                    classes.getLoadedClassCount(), classes.getTotalLoadedClassCount(), classes.getUnloadedClassCount());
            if (at1k == null) {
                at1k = m;
            } else {
                line("growth 1k -> 100k runs: heap %+.1f MiB, metaspace %+.1f MiB",
                        (m[0] - at1k[0]) / 1048576.0, (m[1] - at1k[1]) / 1048576.0);
                assertTrue(m[0] - at1k[0] < 16L << 20, "heap grew by more than 16 MiB");
                assertTrue(m[1] - at1k[1] < 8L << 20, "metaspace grew by more than 8 MiB");
            }
        }
        Files.writeString(Path.of("target", "fresh-space-benchmark.txt"), report);
        assertEquals(1, oneRun());
        assertTrue(median < 2.0, "median run " + median + " ms, target < 2 ms");
    }

    /** Heap used and metaspace used after full collections (which also unload the dropped classes). */
    private static long[] settledMemory() throws InterruptedException {
        long heap = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
            Runtime rt = Runtime.getRuntime();
            heap = Math.min(heap, rt.totalMemory() - rt.freeMemory());
        }
        long meta = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getName().equals("Metaspace")) {
                meta = pool.getUsage().getUsed();
            }
        }
        return new long[] {heap, meta};
    }

    private void line(String format, Object... args) throws IOException {
        String s = String.format(format, args);
        System.out.println("[fresh-space benchmark] " + s);
        report.append(s).append('\n');
    }
}
