package io.plugstack.itest;

import static io.plugstack.itest.LuaPluginsIT.script;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A job_submit.lua or cli_filter.lua that runs for ever or grows without bound is stopped by the call
 * limits (issue 14): its call fails as a Lua runtime error with its plugin's rule for that (job_submit/lua
 * up to 25.11 and cli_filter/lua: logged, the request goes on) and the next request is served. The
 * runtime restarts once with a 32 MB Lua memory limit and a malformed cli_filter time limit (whose
 * default, 2000 ms, then applies). The plugins' log is read from java.util.logging (after a restart in
 * the same JVM it no longer reaches the shell's console). Every command is bounded: without the limits
 * the runaway call never returns.
 */
class LuaLimitsIT extends BenchRuntime {

    static final String MALFORMED = "two-seconds";
    static final long BOUND_S = 60;
    /** Every record the runtime logs through java.util.logging (plugins' System.Logger), from the restart on. */
    static final List<String> logged = new CopyOnWriteArrayList<>();
    static final Handler CAPTURE = new Handler() {
        private final SimpleFormatter text = new SimpleFormatter();

        @Override
        public void publish(LogRecord r) {
            logged.add(r.getLoggerName() + " " + r.getLevel() + " " + text.formatMessage(r));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    static final ExecutorService commands = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "lua-limits-it-command");
        t.setDaemon(true); // a command stuck in a script that was not stopped must not keep the JVM
        return t;
    });

    static final String JOB_SUBMIT_OTHERS = "function slurm_job_modify(job_desc, job_rec, part_list, modify_uid) return slurm.SUCCESS end\n";
    static final String CLI_FILTER_OTHERS = "function slurm_cli_setup_defaults(o) return slurm.SUCCESS end\n"
            + "function slurm_cli_post_submit(offset, jobid, stepid) return slurm.SUCCESS end\n";

    @BeforeAll
    static void restartWithLimits() throws Exception {
        Logger.getLogger("").addHandler(CAPTURE);
        Properties limits = new Properties();
        limits.setProperty("plugstack.lua.memory.mb", "32");
        limits.setProperty("plugstack.clifilter.call.timeout.ms", MALFORMED);
        runtime.close();
        runtime = PlugstackRuntime.start(runtime.home(), limits);
        shell = runtime.shell();
    }

    @AfterAll
    static void stopCapturing() {
        Logger.getLogger("").removeHandler(CAPTURE);
        commands.shutdownNow();
    }

    /** Where this test's records start in {@link #logged}. */
    int mark;

    @BeforeEach
    void markTheLog() {
        mark = logged.size();
    }

    /** Whether this test's records include one containing {@code text}. */
    boolean logs(String text) {
        return logged.subList(mark, logged.size()).stream().anyMatch(l -> l.contains(text));
    }

    @AfterEach
    void noLuaChain() throws Exception {
        slurmConf("JobSubmitPlugins=", "CliFilterPlugins=");
        bounded(() -> runUntil("srun -J after true", String::isEmpty));
    }

    /** {@code command}'s answer, failing the test when there is none within {@value #BOUND_S} s. */
    static String bounded(Callable<String> command) throws Exception {
        Future<String> answer = commands.submit(command);
        try {
            return answer.get(BOUND_S, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw new AssertionError("no answer within " + BOUND_S + " s: the script was not stopped", e);
        }
    }

    static String bounded(String command) throws Exception {
        return bounded(() -> run(command));
    }

    /**
     * Runs {@code command} until two answers in a row come from one Lua state, its {@code counter} going
     * k then k+1: the configuration change that added the plugin reactivates it, with a fresh state,
     * about when the first calls arrive.
     */
    static String settled(String command, String counter) throws Exception {
        Pattern count = Pattern.compile(Pattern.quote(counter) + " (\\d+)");
        int[] last = {0};
        return bounded(() -> runUntil(command, o -> {
            Matcher m = count.matcher(o);
            int k = m.find() ? Integer.parseInt(m.group(1)) : 0;
            boolean sameState = last[0] > 0 && k == last[0] + 1;
            last[0] = k;
            return sameState;
        }));
    }

    Path job(String name) throws Exception {
        return Files.writeString(dir.resolve(name + ".sh"), "#!/bin/sh\ntrue\n");
    }

    @Test
    void aJobSubmitLuaLoopingForEverIsStoppedAtItsTimeLimitAcceptedAsOnAnyRuntimeErrorAndTheNextSubmissionIsServed()
            throws Exception {
        script("job_submit.lua", "function slurm_job_submit(job_desc, part_list, submit_uid)\n"
                + "  if job_desc.name == 'spin' then while true do end end\n  return slurm.SUCCESS\nend\n" + JOB_SUBMIT_OTHERS);
        slurmConf("JobSubmitPlugins=lua");
        Path job = job("spin");
        String stopped = "job_submit.lua:2: slurm_job_submit exceeded its time limit of 2000 ms (plugstack.jobsubmit.call.timeout.ms)";
        String out = bounded(() -> runUntil("sbatch -J spin -o " + dir.resolve("spin.out") + " " + job, o -> logs(stopped)));
        assertThat(out).startsWith("Submitted batch job "); // JSL-13: logged and accepted, until 25.11
        assertThat(bounded("sbatch -J fine -o " + dir.resolve("fine.out") + " " + job)).startsWith("Submitted batch job ");
    }

    @Test
    void aCliFilterLuaLoopingForEverIsStoppedAtItsTimeLimitAndTheCommandGoesOnInSrunAndSbatch() throws Exception {
        script("cli_filter.lua", "function slurm_cli_pre_submit(o, offset)\n"
                + "  if o['job-name'] == 'spin' then while true do end end\n  return slurm.SUCCESS\nend\n" + CLI_FILTER_OTHERS);
        slurmConf("CliFilterPlugins=lua");
        String stopped = "cli_filter.lua:2: slurm_cli_pre_submit exceeded its time limit of 2000 ms (plugstack.clifilter.call.timeout.ms)";
        // CLI-42: a runtime error is logged (by the command, where cli_filter runs) and counts as success, so the command runs
        Path script = runtime.home().resolve("etc/cli_filter.lua");
        String error = "error: cli_filter_p_pre_submit/lua: " + script + ": " + script.getParent() + "/" + stopped;
        assertThat(bounded(() -> runUntil("srun -J spin echo ran", o -> o.contains(error))))
                .isEqualTo("srun: " + error + "\nran\n");
        assertThat(bounded("srun -J fine echo next")).isEqualTo("next\n");
        Path job = job("clispin");
        assertThat(bounded("sbatch -J spin -o " + dir.resolve("clispin.out") + " " + job))
                .as("sbatch's pre_submit stopped").startsWith("sbatch: " + error + "\nSubmitted batch job ");
        assertThat(bounded("sbatch -J fine -o " + dir.resolve("clifine.out") + " " + job)).startsWith("Submitted batch job ");
    }

    @Test
    void aJobSubmitLuaGrowingWithoutBoundIsStoppedAtTheMemoryLimitAndTheNextSubmissionMeetsAFreshState() throws Exception {
        // it stops by itself at 1 GB (32 times the limit) only so that a runtime without limits survives this test
        script("job_submit.lua", "calls = 0\nfunction slurm_job_submit(job_desc, part_list, submit_uid)\n"
                + "  calls = calls + 1\n  slurm.log_user('call ' .. calls)\n"
                + "  if job_desc.name == 'hog' then\n    hoard = {}\n"
                + "    while collectgarbage('count') < 1024 * 1024 do hoard[#hoard + 1] = {} end\n  end\n"
                + "  return slurm.SUCCESS\nend\n" + JOB_SUBMIT_OTHERS);
        slurmConf("JobSubmitPlugins=lua");
        Path job = job("hog");
        settled("sbatch -J first -o " + dir.resolve("first.out") + " " + job, "sbatch: call");
        assertThat(bounded("sbatch -J hog -o " + dir.resolve("hog.out") + " " + job)).contains("Submitted batch job");
        assertThat(logs("job_submit.lua:7: slurm_job_submit exceeded the Lua memory limit of 32 MB, using ")).isTrue();
        assertThat(logs("Lua state over its memory limit of 32 MB: thrown away")).isTrue();
        // loaded again: the script's globals start over, the hoard is gone
        assertThat(bounded("sbatch -J after -o " + dir.resolve("after.out") + " " + job)).contains("sbatch: call 1")
                .contains("Submitted batch job");
    }

    @Test
    void aWellBehavedScriptRunsUnderTheLimitsUnaffected() throws Exception {
        script("job_submit.lua", "kept = {}\nfunction slurm_job_submit(job_desc, part_list, submit_uid)\n"
                + "  local sum = 0 for i = 1, 300000 do sum = sum + #tostring(i) end\n" // work and garbage, well within both
                + "  kept[#kept + 1] = string.rep('k', 1024 * 1024)\n"
                + "  slurm.log_user('kept ' .. #kept .. ' sum ' .. sum .. ' hooked ' .. tostring(debug.gethook() ~= nil))\n"
                + "  return slurm.SUCCESS\nend\n" + JOB_SUBMIT_OTHERS);
        slurmConf("JobSubmitPlugins=lua");
        Path job = job("calm");
        // one state serves call after call (nothing thrown away), each running to its end with the hook in place
        assertThat(settled("sbatch -J calm -o " + dir.resolve("calm.out") + " " + job, "sbatch: kept"))
                .containsPattern("sbatch: kept \\d+ sum 1688895 hooked true").contains("Submitted batch job");
        assertThat(logs("limit")).isFalse();
    }

    @Test
    void aMalformedLimitIsReportedOnceNamingItsPropertyAndTheDefaultApplies() throws Exception {
        script("cli_filter.lua", "function slurm_cli_pre_submit(o, offset) return slurm.SUCCESS end\n" + CLI_FILTER_OTHERS);
        slurmConf("CliFilterPlugins=lua");
        String report = "cli_filter/lua: framework property plugstack.clifilter.call.timeout.ms=" + MALFORMED
                + " is not a whole number >= 0; using 2000";
        PlugstackRuntime.await(() -> {
            try {
                bounded("srun -J probe true");
            } catch (Exception e) {
                return false;
            }
            return logged.stream().anyMatch(l -> l.contains(report));
        }, "cli_filter/lua to report " + MALFORMED);
        bounded("srun -J again true");
        assertThat(logged.stream().filter(l -> l.contains("plugstack.clifilter.call.timeout.ms"))).hasSize(1);
    }
}
