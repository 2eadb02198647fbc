package io.plugstack.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs {@link JobSubmitBenchmark} through JMH's Runner, with 1 and 2 threads, and prints each
 * configuration's median over the measurement iterations in submissions per second (all threads
 * together), against the target (1 000 000/s) and against a real slurmctld on this machine (about
 * 240 sbatch/s end to end).
 */
final class JobSubmitFigures {
    static final double TARGET_PER_S = 1_000_000;
    static final double SLURMCTLD_PER_S = 240;

    private JobSubmitFigures() {
    }

    /** {@code iterations}: measured 1 s iterations per configuration (the median is over these). */
    static void run(int iterations) throws Exception {
        String bench = Pattern.quote(JobSubmitBenchmark.class.getName()) + "\\.";
        System.out.println("job_submit chain: " + SamplePlugins.LIST + " (throttle on, jobs_per_user_per_hour="
                + JobSubmitBenchmark.THROTTLE_LIMIT + ")");
        System.out.println("  jobs in turn: " + String.join(", ", JobSubmitBenchmark.kinds()) + "; "
                + BenchSlurmctld.USERS + " users");
        System.out.println("  (JMH Throughput: 1 fork, 3x1 s warm-up, " + iterations
                + "x1 s measured; median of iterations, all threads; " + Runtime.getRuntime().availableProcessors()
                + " cores)");
        List<RunResult> results = new ArrayList<>();
        for (int threads : new int[] {1, 2}) {
            // the chain with logging off and at info; the request alone with it off
            results.addAll(jmh(bench + "submit$", threads, null, iterations));
            String others = "descriptorOnly" + (threads == 1 ? "|loggingPluginAlone" : "");
            results.addAll(jmh(bench + "(" + others + ")$", threads, "off", iterations));
        }
        for (RunResult r : results) {
            BenchmarkParams p = r.getParams();
            String method = p.getBenchmark().substring(p.getBenchmark().lastIndexOf('.') + 1);
            String logging = p.getParam("logging");
            String what = switch (method) {
                case "submit" -> "submit via JobSubmitChain, log " + logging;
                case "loggingPluginAlone" -> "job_submit/logging alone, log " + logging;
                default -> "JobDescriptor alone";
            };
            double[] perS = r.getBenchmarkResults().stream().flatMap(b -> b.getIterationResults().stream())
                    .mapToDouble(i -> i.getPrimaryResult().getScore()).toArray();
            Stats s = Stats.of(perS);
            Result<?> alloc = r.getSecondaryResults().get("gc.alloc.rate.norm");
            Stats k = Stats.of(Arrays.stream(perS).map(v -> v / 1_000).toArray());
            System.out.println(k.line(String.format("%-36s %d thr", what, p.getThreads()), "k/s")
                    + String.format("   %6.0f ns/op/thread   x%.3f of 1M/s   x%,.0f of slurmctld 240/s   alloc %.0f B/op",
                            p.getThreads() * 1e9 / s.median(), s.median() / TARGET_PER_S, s.median() / SLURMCTLD_PER_S,
                            alloc == null ? Double.NaN : alloc.getScore()));
        }
    }

    static Collection<RunResult> jmh(String include, int threads, String logging, int iterations)
            throws Exception {
        ChainedOptionsBuilder o = new OptionsBuilder().include(include)
                .forks(1).threads(threads).shouldFailOnError(true) // a failed set-up check stops the run
                .warmupIterations(3).measurementIterations(iterations)
                .warmupTime(TimeValue.seconds(1)).measurementTime(TimeValue.seconds(1))
                .addProfiler(GCProfiler.class)
                .verbosity(VerboseMode.valueOf(System.getProperty("jmh.verbose", "SILENT")));
        if (logging != null) {
            o = o.param("logging", logging);
        }
        return new Runner(o.build()).run();
    }
}
