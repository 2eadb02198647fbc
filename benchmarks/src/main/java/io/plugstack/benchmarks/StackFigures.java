package io.plugstack.benchmarks;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs {@link SpankStackBenchmark} through JMH's Runner (so the run script's class path is all it
 * needs) and prints, per stack size and callback, the median over measurement iterations divided by
 * the plugin count: the stack's cost per callback per plugin (target under 2 µs).
 */
final class StackFigures {
    static final double TARGET_NS = 2_000;

    private StackFigures() {
    }

    static void run() throws Exception {
        // modest settings: 6 forks of 8 s on a 2-core machine; -Djmh.verbose=NORMAL shows JMH's own output
        Options o = new OptionsBuilder().include(Pattern.quote(SpankStackBenchmark.class.getName()))
                .forks(1).warmupIterations(3).measurementIterations(5)
                .warmupTime(TimeValue.seconds(1)).measurementTime(TimeValue.seconds(1))
                .addProfiler(GCProfiler.class)
                .verbosity(VerboseMode.valueOf(System.getProperty("jmh.verbose", "SILENT")))
                .build();
        System.out.println("SpankStack.call per plugin (JMH: 1 fork, 3x1 s warm-up, 5x1 s measured; median of iterations)");
        Collection<RunResult> results = new Runner(o).run();
        List<RunResult> sorted = results.stream().sorted(Comparator
                .comparing((RunResult r) -> r.getParams().getParam("callback"))
                .thenComparingInt(r -> Integer.parseInt(r.getParams().getParam("plugins")))).toList();
        for (RunResult r : sorted) {
            BenchmarkParams p = r.getParams();
            int n = Integer.parseInt(p.getParam("plugins"));
            double[] perPlugin = r.getBenchmarkResults().stream().flatMap(b -> b.getIterationResults().stream())
                    .mapToDouble(i -> i.getPrimaryResult().getScore()).map(ns -> ns / n).toArray();
            Stats s = Stats.of(perPlugin);
            Result<?> alloc = r.getSecondaryResults().get("gc.alloc.rate.norm");
            System.out.println(s.line(String.format("%s x%d, per plugin", p.getParam("callback"), n), "ns")
                    + String.format("   median/target %.3f   alloc %.0f B/plugin",
                            s.median() / TARGET_NS, alloc == null ? Double.NaN : alloc.getScore() / n));
        }
    }
}
