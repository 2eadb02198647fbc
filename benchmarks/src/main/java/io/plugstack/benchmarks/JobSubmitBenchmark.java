package io.plugstack.benchmarks;

import io.plugstack.api.slurm.SlurmLog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.job_submit.logging.LoggingPlugin;
import io.plugstack.job_submit.throttle.ThrottlePlugin;
import io.plugstack.runtime.host.catalog.FixedCatalog;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;

/**
 * Submissions per second through the chain of Slurm's seven sample job_submit plugins
 * ({@link SamplePlugins#LIST}), real instances sharing one {@link BenchSlurmctld}. One op is one
 * submission: a fresh {@link JobDescriptor} filled in as sbatch fills it (four kinds of job in turn, with
 * and without a partition), then the chain. {@code submit} calls the runtime's job_submit chain through
 * its public façade ({@link JobSubmitChain#over}), over the host's {@link FixedCatalog} of those plugins;
 * {@code descriptorOnly} is the request alone, the part of an op that is not the chain;
 * {@code loggingPluginAlone} is job_submit/logging's call alone.
 *
 * <p>The plugin instances are shared by all benchmark threads, as slurmctld shares them; throttle is
 * enabled with jobs_per_user_per_hour = {@link #THROTTLE_LIMIT}, which no run reaches, so its counting
 * (synchronized, a map per user) runs on every submission and never rejects (checked).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class JobSubmitBenchmark {

    static final int THROTTLE_LIMIT = Integer.MAX_VALUE;

    /** The chain: seven plugins, the logging set-up, and the runtime's JobSubmitChain over them. */
    @State(Scope.Benchmark)
    public static class Chain {
        /** off: java.util.logging at OFF; info: JUL's default INFO, lines formatted and dropped. */
        @Param({"off", "info"})
        public String logging;

        List<JobSubmitPlugin> plugins;
        JobSubmitPlugin loggingPlugin;
        JobSubmitChain real;
        SamplePlugins.FormattingSink sink;

        @Setup(Level.Trial)
        public void setUp() {
            sink = SamplePlugins.configureLogging(logging);
            plugins = SamplePlugins.chain(BenchSlurmctld.create(), THROTTLE_LIMIT);
            loggingPlugin = plugins.stream().filter(p -> p instanceof LoggingPlugin).findFirst().orElseThrow();
            Map<String, JobSubmitPlugin> byName = new LinkedHashMap<>();
            String[] names = SamplePlugins.LIST.split(",");
            for (int i = 0; i < names.length; i++) {
                byName.put(names[i], plugins.get(i));
            }
            real = JobSubmitChain.over(new FixedCatalog(PluginFamily.JOB_SUBMIT, byName), () -> SamplePlugins.LIST,
                    new DroppingLog());
            checkThrottleCounts();
            // one of each kind through the chain: accepted, and changed as the plugins should change it
            for (int kind = 0; kind < Requests.KINDS; kind++) {
                JobDescriptor d = Requests.sbatch(kind, BenchSlurmctld.FIRST_UID);
                check(kind, real.submit(d, d.userId()).rc(), d);
            }
            long lines = sink.records.sum();
            if (logging.equals("off") ? lines != 0 : lines < Requests.KINDS) {
                throw new IllegalStateException("logging " + logging + " but " + lines + " records reached the handler");
            }
        }

        private static void check(int kind, int rc, JobDescriptor d) {
            boolean ok = rc == 0 && d.siteFactor() == NoVal.NO_VAL && d.partition() != null
                    && d.comment() != null && d.comment().startsWith("stdout=")
                    && d.environment().orElseThrow().get(Requests.ENV.size() + (d.account() != null ? 1 : 0))
                            .equals("PBS_QUEUE=" + d.partition())
                    && (Requests.PARTITION[kind] != null || d.partition().equals("debug,batch,gpu,long"));
            if (!ok) {
                throw new IllegalStateException("kind " + kind + ": rc " + rc + ", " + d);
            }
        }

        /** Throttle is really on: a second instance with a limit of 1 refuses a user's second job. */
        private static void checkThrottleCounts() {
            ThrottlePlugin t = new ThrottlePlugin(SamplePlugins.throttleConfig(1));
            JobDescriptor d = Requests.sbatch(0, BenchSlurmctld.FIRST_UID);
            int first = t.jobSubmit(d, d.userId(), new UserMessage());
            int second = t.jobSubmit(d, d.userId(), new UserMessage());
            if (first != 0 || second != SlurmErrno.ESLURM_ACCOUNTING_POLICY.code()) {
                throw new IllegalStateException("throttle does not count: " + first + ", " + second);
            }
        }
    }

    /** One thread's submissions: which kind of job and which user comes next; refusals are counted. */
    @State(Scope.Thread)
    public static class Requests {
        static final int KINDS = 4;
        // sbatch -J NAME -t TIME [-p PARTITION] -n TASKS -N NODES [-A ACCOUNT] [--mem / --mem-per-cpu]
        //        [--dependency=...] [-o ...] script.sh
        static final String[] NAME = {"sim", "prep", "post", "scan"};
        static final long[] TIME = {60, 30, 120, 10};
        static final String[] PARTITION = {"batch", null, "gpu", null};
        static final long[] TASKS = {4, 1, 8, 2};
        static final long[] NODES = {1, 1, 2, 1};
        static final String[] ACCOUNT = {"physics", null, "physics", null};
        static final String[] DEPENDENCY = {null, null, "afterok:4242", null};
        static final String[] STDOUT = {null, null, null, "scan-%j.out"};
        static final String SCRIPT = "#!/bin/bash\n#SBATCH --job-name=sim\nsrun ./simulate input.dat\n";
        /** A login shell's environment, as sbatch sends it (--export=ALL). */
        static final List<String> ENV = IntStream.range(0, 32).mapToObj(i -> "VAR" + i + "=value" + i).toList();
        static final List<String> ARGV = List.of("/home/u/job.sh");

        long n;
        long refused;
        /** For loggingPluginAlone, which only reads the request. */
        final JobDescriptor prepared = sbatch(0, BenchSlurmctld.FIRST_UID);
        final UserMessage message = new UserMessage();

        JobDescriptor next() {
            long i = n++;
            return sbatch((int) (i & (KINDS - 1)), BenchSlurmctld.FIRST_UID + ((i >>> 2) % BenchSlurmctld.USERS));
        }

        static JobDescriptor sbatch(int kind, long uid) {
            JobDescriptor d = new JobDescriptor();
            d.setNumber(JobDescField.USER_ID, uid);
            d.setNumber(JobDescField.GROUP_ID, 100);
            d.setString(JobDescField.USER_NAME, "u" + uid);
            d.setName(NAME[kind]);
            d.setTimeLimit(TIME[kind]);
            if (PARTITION[kind] != null) {
                d.setPartition(PARTITION[kind]);
            }
            d.setNumTasks(TASKS[kind]);
            d.setMinNodes(NODES[kind]);
            if (ACCOUNT[kind] != null) {
                d.setAccount(ACCOUNT[kind]);
            }
            if (kind == 0) {
                d.setMinMemPerNode(4_000);
            } else if (kind == 3) {
                d.setMinMemPerCpu(1_000);
            }
            if (DEPENDENCY[kind] != null) {
                d.setDependency(DEPENDENCY[kind]);
            }
            if (STDOUT[kind] != null) {
                d.setStdOut(STDOUT[kind]);
            }
            d.setWorkDir("/home/u");
            d.setScript(SCRIPT);
            d.setList(JobDescField.ARGV, ARGV);
            d.setList(JobDescField.ENVIRONMENT, ENV);
            return d;
        }

        @TearDown(Level.Trial)
        public void checkNoneRefused() {
            if (refused != 0) {
                throw new IllegalStateException(refused + " of " + n + " submissions refused (throttle limit reached?)");
            }
        }
    }

    @Benchmark
    public JobSubmitChain.Result submit(Chain chain, Requests requests) {
        JobDescriptor d = requests.next();
        JobSubmitChain.Result r = chain.real.submit(d, d.userId());
        if (r.rc() != 0) {
            requests.refused++;
        }
        return r;
    }

    @Benchmark
    public JobDescriptor descriptorOnly(Requests requests) {
        return requests.next();
    }

    /**
     * job_submit/logging's jobSubmit alone on a prepared request: with logging off, what it costs to
     * build the line that SlurmLog then drops (the plugin concatenates before isLoggable is asked).
     */
    @Benchmark
    public int loggingPluginAlone(Chain chain, Requests requests) {
        return chain.loggingPlugin.jobSubmit(requests.prepared, requests.prepared.userId(), requests.message);
    }

    /** The kinds of job in the order one thread submits them (for the report). */
    static List<String> kinds() {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < Requests.KINDS; k++) {
            out.add(Requests.NAME[k] + (Requests.PARTITION[k] == null ? " (no -p)" : " -p " + Requests.PARTITION[k]));
        }
        return out;
    }
}
