package io.plugstack.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.openjdk.jmh.results.RunResult;

/**
 * Runs {@link LuaJobSubmitBenchmark} with 1 and 2 threads and prints the median submissions per second
 * and the per-call time, against the anchor: a real slurmctld 22.05.8 (Debian 12's slurm-wlm) on this
 * machine running the same policy.lua through its job_submit/lua, where the plugin added
 * {@value #SLURMCTLD_PLUGIN_US} µs to the server-side time of each REQUEST_SUBMIT_BATCH_JOB (sdiag
 * ave_time with JobSubmitPlugins=lua minus without, 3×400 sbatch each), i.e. about
 * 1e6/{@value #SLURMCTLD_PLUGIN_US} plugin calls per second.
 */
final class LuaJobSubmitFigures {
    static final double SLURMCTLD_PLUGIN_US = 800;

    private LuaJobSubmitFigures() {
    }

    static void run(int iterations) throws Exception {
        String bench = Pattern.quote(LuaJobSubmitBenchmark.class.getName()) + "\\.submit$";
        System.out.println("job_submit/lua, policy.lua (routing, time limit, log_user), Lua 5.4 (JMH: 1 fork, 3x1 s warm-up, "
                + iterations + "x1 s measured; median of iterations, all threads; "
                + Runtime.getRuntime().availableProcessors() + " cores)");
        List<RunResult> results = new ArrayList<>();
        for (int threads : new int[] {1, 2}) {
            results.addAll(JobSubmitFigures.jmh(bench, threads, null, iterations));
        }
        double anchorPerS = 1e6 / SLURMCTLD_PLUGIN_US;
        for (RunResult r : results) {
            int threads = r.getParams().getThreads();
            double[] perS = r.getBenchmarkResults().stream().flatMap(b -> b.getIterationResults().stream())
                    .mapToDouble(i -> i.getPrimaryResult().getScore()).toArray();
            Stats s = Stats.of(perS);
            System.out.println(String.format("  %d thr: median %,.0f submissions/s   %,.0f ns/call   x%,.0f of slurmctld's"
                    + " job_submit/lua (%,.0f calls/s)", threads, s.median(), 1e9 / s.median(), s.median() / anchorPerS,
                    anchorPerS));
        }
    }
}
