package io.plugstack.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

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
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.job_submit.lua.JobSubmitLuaPlugin;
import io.plugstack.lua.LuaVersion;

/**
 * Submissions per second through job_submit/lua running a realistic site policy ({@code policy.lua}:
 * partition routing by size and time, the partition's time limit, one log_user line), in the real C
 * Lua. One op is one submission: a fresh {@link JobDescriptor} as sbatch fills it (four kinds of job in
 * turn: short and long, with and without a partition), then {@code slurm_job_submit}. The plugin is
 * shared by all threads; its calls are serialised, as Slurm's are. The same script runs unchanged in
 * the slurmctld anchor.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class LuaJobSubmitBenchmark {

    @State(Scope.Benchmark)
    public static class Plugin {
        @Param({"5.4"})
        public String lua;

        JobSubmitLuaPlugin plugin;
        Path dir;
        final AtomicLong next = new AtomicLong();

        @Setup(Level.Trial)
        public void start() throws IOException {
            dir = Files.createTempDirectory("bench-lua");
            try (InputStream in = LuaJobSubmitBenchmark.class.getResourceAsStream("policy.lua")) {
                Files.write(dir.resolve("job_submit.lua"), in.readAllBytes());
            }
            Logger quiet = System.getLogger("bench.job_submit.lua"); // JUL default INFO: log_user is not logged
            plugin = new JobSubmitLuaPlugin(dir, LuaVersion.parse(lua), BenchSlurmctld.create(), "bench",
                    SlurmVersion.builtFor(), quiet);
            if (plugin.init() != 0) {
                throw new IllegalStateException("policy.lua did not load");
            }
            for (int kind = 0; kind < 4; kind++) { // every kind is accepted and routed (checked once)
                UserMessage m = new UserMessage();
                int rc = plugin.jobSubmit(request(kind), 1000, m);
                if (rc != 0 || !m.get().orElse("").startsWith("routed to ")) {
                    throw new IllegalStateException("kind " + kind + ": rc " + rc + " message " + m);
                }
            }
        }

        @TearDown(Level.Trial)
        public void stop() throws IOException {
            plugin.fini();
            Files.deleteIfExists(dir.resolve("job_submit.lua"));
            Files.deleteIfExists(dir);
        }
    }

    /** A request as sbatch sends it: a short or long job, with or without a partition. */
    static JobDescriptor request(int kind) {
        JobDescriptor d = new JobDescriptor();
        d.setNumber(JobDescField.USER_ID, 1000);
        d.setNumber(JobDescField.GROUP_ID, 1000);
        d.setName("bench");
        d.setMinNodes(1);
        d.setNumTasks(1);
        d.setTimeLimit((kind & 1) == 0 ? 10 : 120);
        if ((kind & 2) != 0) {
            d.setPartition("batch");
        }
        d.setWorkDir("/home/user");
        d.setScript("#!/bin/sh\ntrue\n");
        return d;
    }

    @Benchmark
    public int submit(Plugin p) {
        UserMessage m = new UserMessage();
        return p.plugin.jobSubmit(request((int) (p.next.getAndIncrement() & 3)), 1000, m);
    }
}
