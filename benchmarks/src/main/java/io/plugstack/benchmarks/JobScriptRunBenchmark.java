package io.plugstack.benchmarks;

import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.runtime.spank.conf.PlugstackConf;
import io.plugstack.runtime.spank.options.StackOptions;
import io.plugstack.runtime.spank.JobFacts;
import io.plugstack.runtime.spank.stack.PluginResolver;
import io.plugstack.runtime.spank.stack.SpankHandle;
import io.plugstack.runtime.spank.stack.SpankStack;

/**
 * One SPANK prolog as the simulated slurmd runs it (SlurmdDaemon.jobScript): a JOB_SCRIPT stack whose
 * plugin, the shipped demo bundle, is defined in a fresh class space, then job_prolog, then close. The
 * plugstack.conf read is timed too: the runtime reads it once per job launch, so this is a per-job cost. A plain harness: every run is timed with nanoTime, and heap, metaspace and
 * class counts are sampled after 1 000 and after all runs, to show that the spaces are collected.
 */
final class JobScriptRunBenchmark {
    static final double TARGET_US = 2_000;
    /** The anchor: Slurm spawns a slurmstepd per prolog/epilog, about 7 ms here. */
    static final double SLURMSTEPD_US = 7_000;

    private final Path conf;
    private final PluginResolver resolver;
    private final DroppingLog log = new DroppingLog();
    private final SlurmVersion release = SlurmVersion.builtFor();
    private final JobFacts job = JobFacts.job(1000, 1000, 4242).build();

    private JobScriptRunBenchmark(Path conf, PluginResolver resolver) {
        this.conf = conf;
        this.resolver = resolver;
    }

    private void once() {
        Map<String, String> env = new LinkedHashMap<>(Map.of("SLURM_JOB_ID", "4242", "SLURM_JOB_UID", "1000",
                "SLURM_JOB_GID", "1000"));
        StackOptions opts = new StackOptions(SpankContext.JOB_SCRIPT, log, env, Set.of());
        PlugstackConf.Result read = PlugstackConf.read(conf, log);
        SpankStack.Build b = SpankStack.build(SpankContext.JOB_SCRIPT, read.entries(), resolver, io.plugstack.runtime.spank.JobPluginVersions.NONE, opts, log);
        if (!read.ok() || !b.ok() || b.stack().plugins().isEmpty()) {
            throw new IllegalStateException("job_script stack not built: " + b.failure());
        }
        try (SpankStack s = b.stack()) {
            SpankHandle h = new SpankHandle(SpankContext.JOB_SCRIPT, release, log, opts, env, new LinkedHashMap<>());
            h.job(job);
            if (!s.call(SpankCallback.JOB_PROLOG, h).ok() || log.printed() != 0) {
                throw new IllegalStateException("job_prolog failed");
            }
        }
    }

    /** @param total job_script runs in all; the last min(10 000, total / 2) are the timed ones */
    static void run(int total) throws Exception {
        Path jar = demoJar();
        Path tmp = Files.createTempDirectory("plugstack-jobscript");
        try {
            Path conf = Files.writeString(tmp.resolve("plugstack.conf"), "required demo\n");
            FreshJarResolver resolver = new FreshJarResolver(jar, JobScriptRunBenchmark.class.getClassLoader());
            WeakReference<Class<?>> first = checkFresh(resolver);
            JobScriptRunBenchmark bench = new JobScriptRunBenchmark(conf, resolver);
            int timed = Math.min(10_000, total / 2);
            int early = Math.min(1_000, total - timed);
            for (int i = 0; i < early; i++) {
                bench.once();
            }
            Footprint before = Footprint.sample();
            for (int i = early; i < total - timed; i++) {
                bench.once();
            }
            double[] us = new double[timed];
            for (int i = 0; i < timed; i++) {
                long t0 = System.nanoTime();
                bench.once();
                us[i] = (System.nanoTime() - t0) / 1e3;
            }
            Footprint after = Footprint.sample();
            Stats s = Stats.of(us);
            System.out.println("job_script run in a fresh class space (" + jar.getFileName() + ", last " + timed
                    + " of " + total + " runs; GC " + ManagementFactory.getGarbageCollectorMXBeans().stream()
                    .map(g -> g.getName()).toList() + ")");
            System.out.println(s.line("job_prolog run, fresh class space", "µs")
                    + String.format("   p99 %.1f   median/target(2 ms) %.3f   slurmstepd(~7 ms)/median %.0fx",
                            s.percentile(99), s.median() / TARGET_US, SLURMSTEPD_US / s.median()));
            System.out.println(before.compare(after, early, total)
                    + "\n  first run's plugin class unloaded: " + (first.get() == null ? "yes" : "NO (pinned)"));
        } finally {
            Homes.delete(tmp);
        }
    }

    private static Path demoJar() throws Exception {
        return Homes.demoJar(Homes.dist());
    }

    /** Two resolves give two classes, neither from our loader: the spaces really are fresh. */
    private static WeakReference<Class<?>> checkFresh(FreshJarResolver r) throws Exception {
        PluginResolver.Loaded a = r.resolve(r.name, SpankContext.JOB_SCRIPT, io.plugstack.runtime.spank.JobPluginVersions.NONE).loaded();
        PluginResolver.Loaded b = r.resolve(r.name, SpankContext.JOB_SCRIPT, io.plugstack.runtime.spank.JobPluginVersions.NONE).loaded();
        Class<?> ca = a.plugin().getClass();
        if (ca == b.plugin().getClass() || ca.getClassLoader() == JobScriptRunBenchmark.class.getClassLoader()) {
            throw new IllegalStateException("job_script plugin classes are not fresh: " + ca.getClassLoader());
        }
        a.release().close();
        b.release().close();
        return new WeakReference<>(ca);
    }

    /** Heap and metaspace after full GCs (lowest of three), and the class counts. */
    record Footprint(long heap, long metaspace, int loaded, long unloaded) {
        static Footprint sample() throws InterruptedException {
            long heap = Long.MAX_VALUE;
            for (int i = 0; i < 3; i++) {
                System.gc();
                Thread.sleep(100);
                heap = Math.min(heap, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
            }
            long meta = ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getName().equals("Metaspace"))
                    .mapToLong(p -> p.getUsage().getUsed()).sum();
            ClassLoadingMXBean c = ManagementFactory.getClassLoadingMXBean();
            return new Footprint(heap, meta, c.getLoadedClassCount(), c.getUnloadedClassCount());
        }

        String compare(Footprint after, int early, int total) {
            return String.format("  heap used after GC: %.1f MB after %,d runs, %.1f MB after %,d (%+.1f KB)%n"
                    + "  metaspace used: %.1f MB -> %.1f MB (%+.1f KB)%n"
                    + "  classes loaded: %,d -> %,d (%+d); unloaded meanwhile: %,d",
                    heap / 1e6, early, after.heap / 1e6, total, (after.heap - heap) / 1e3,
                    metaspace / 1e6, after.metaspace / 1e6, (after.metaspace - metaspace) / 1e3,
                    loaded, after.loaded, after.loaded - loaded, after.unloaded - unloaded);
        }
    }
}
