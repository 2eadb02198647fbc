package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One bad plugin never takes the runtime down (issue 14): plugin code that calls System.exit,
 * Runtime.exit or Runtime.halt, or overflows its stack, fails the callback it is in, named, and
 * the runtime (this test's own JVM: the runtime runs in it) and the next jobs carry on. Real
 * plugin bundles built for the test, in the real Felix of the distribution.
 */
class ContainmentIT extends BenchRuntime {

    static long jobSubmitPlugin;

    @BeforeAll
    static void deployExitingPlugins() throws Exception {
        awaitReady(runtime.deploy(fixtures.plugin("itest.exiting", "exiting").build()).getBundleId());
        deployJobSubmitPlugin();
    }

    private static void deployJobSubmitPlugin() throws Exception {
        jobSubmitPlugin = runtime.deploy(fixtures.plugin("itest.jsexit", "jsexit").header("Slurm-Plugin-Type", "job_submit/exiting")
                .header("Slurm-Plugin-Name", "exiting").build()).getBundleId();
        awaitReady(jobSubmitPlugin);
    }

    @AfterEach
    void noChainNoStack() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("JobSubmitPlugins=");
        runUntil("srun -J after true", String::isEmpty);
    }

    @Test
    void aSpankPluginCallingSystemExitFailsItsInitNamedAndTheNextJobRuns() throws Exception {
        runtime.plugstackConf("required exiting exit");
        assertThat(run("srun true")).contains("spank: exiting: init() threw")
                .contains("System.exit(3) refused: a plugin cannot stop the Plugstack runtime")
                .contains("srun: error: Plug-in initialization failed").endsWith("srun: exit code 1");
        runtime.plugstackConf("# empty");
        assertThat(run("srun echo still-here")).contains("still-here").doesNotContain("exit code");
    }

    @Test
    void anOptionalSpankPluginCallingRuntimeHaltIsIgnoredAsAnyOptionalFailure() throws Exception {
        runtime.plugstackConf("optional exiting halt");
        assertThat(run("srun echo ran")).contains("ran").contains("Runtime.halt(4) refused").doesNotContain("exit code");
    }

    @Test
    void aStackOverflowInAPluginCallFailsThatCallOnly() throws Exception {
        runtime.plugstackConf("required exiting recurse");
        assertThat(run("srun true")).contains("spank: exiting: init() threw java.lang.StackOverflowError")
                .endsWith("srun: exit code 1");
        runtime.plugstackConf("optional exiting fine");
        assertThat(run("srun echo ran")).contains("ran").doesNotContain("exit code");
    }

    @Test
    void anOutOfMemoryErrorInAPluginCallFailsThatCallOnly() throws Exception {
        runtime.plugstackConf("required exiting oom");
        assertThat(run("srun true")).contains("spank: exiting: init() threw java.lang.OutOfMemoryError")
                .endsWith("srun: exit code 1");
        runtime.plugstackConf("# empty");
        assertThat(run("srun echo ran")).contains("ran").doesNotContain("exit code");
    }

    @Test
    void aJobSubmitPluginCallingSystemExitRejectsThatSubmissionNamingItselfAndTheNextIsServed() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("JobSubmitPlugins=exiting");
        Path job = Files.writeString(dir.resolve("contained.sh"), "#!/bin/sh\ntrue\n");
        String out = runUntil("sbatch -J exit " + job, o -> o.contains("exiting"));
        assertThat(out).contains("job_submit/exiting: internal error").contains("System.exit(1) refused").contains("exit code 1");
        assertThat(run("sbatch -J halt " + job)).contains("Runtime.halt(1) refused").contains("exit code 1");
        assertThat(run("sbatch -J fine -o " + dir.resolve("fine.out") + " " + job)).startsWith("Submitted batch job ");
    }

    @Test
    void aLuaScriptCallingOsExitGetsALuaErrorAndJobSubmitLuasRuleForIt() throws Exception {
        runtime.plugstackConf("# empty");
        Path script = runtime.home().resolve("etc").resolve("job_submit.lua");
        FileTime before = Files.getLastModifiedTime(script);
        Files.writeString(script, "function slurm_job_submit(job_desc, part_list, submit_uid)\n"
                + "  if job_desc.name == 'bye' then os.exit(1) end\n"
                + "  if job_desc.name == 'catch' then local ok, err = pcall(os.exit, 1); slurm.log_user(tostring(err)); return slurm.ERROR end\n"
                + "  return slurm.SUCCESS\nend\n"
                + "function slurm_job_modify(job_desc, job_rec, part_list, modify_uid) return slurm.SUCCESS end\n");
        Files.setLastModifiedTime(script, FileTime.fromMillis(Math.max(before.toMillis(), System.currentTimeMillis()) + 2000));
        slurmConf("JobSubmitPlugins=lua");
        Path job = Files.writeString(dir.resolve("lua-exit.sh"), "#!/bin/sh\ntrue\n");
        // the error os.exit raises, as the script itself sees it
        assertThat(runUntil("sbatch -J catch " + job, o -> o.contains("os.exit"))).contains("os.exit refused: a plugin cannot stop the Plugstack runtime");
        // uncaught: a Lua runtime error in slurm_job_submit, which job_submit/lua logs and lets the job through
        assertThat(run("sbatch -J bye -o " + dir.resolve("bye.out") + " " + job)).startsWith("Submitted batch job ");
        assertThat(run("sbatch -J fine -o " + dir.resolve("fine2.out") + " " + job)).startsWith("Submitted batch job ");
    }

    @Test
    void aSpankPluginThatHangsFailsItsCallbackAtSpanksTimeLimitNamingItself() throws Exception {
        runtime.plugstackConf("required exiting hang");
        assertThat(run("srun true")).contains("spank: exiting: init() did not return within 8000 ms")
                .contains("srun: error: Plug-in initialization failed").endsWith("srun: exit code 1");
        runtime.plugstackConf("# empty");
        assertThat(run("srun echo next")).contains("next").doesNotContain("exit code");
    }

    @Test
    void aHungJobSubmitPluginRejectsItsSubmissionAtTheLimitServesOthersMeanwhileAndIsMarkedFailedAfterThreeOverruns() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("JobSubmitPlugins=exiting");
        Path job = Files.writeString(dir.resolve("hang.sh"), "#!/bin/sh\ntrue\n");
        runUntil("sbatch -J exit " + job, o -> o.contains("System.exit(1) refused")); // the chain is in effect
        Shell other = runtime.shell(); // another user's session, submitting while the first hangs
        java.util.concurrent.CompletableFuture<String> hung = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return other.runPrinting("sbatch -J hang " + job);
            } catch (Exception e) {
                return e.toString();
            }
        });
        assertThat(run("sbatch -J fine -o " + dir.resolve("h1.out") + " " + job)).startsWith("Submitted batch job ");
        assertThat(hung.get(60, java.util.concurrent.TimeUnit.SECONDS))
                .contains("job_submit/exiting: did not return within 2000 ms").contains("exit code 1");
        assertThat(shell.run("plugstack:plugin " + jobSubmitPlugin)).doesNotContain("FAILED");
        run("sbatch -J hang " + job);
        run("sbatch -J hang " + job); // the third overrun
        assertThat(shell.run("plugstack:plugin " + jobSubmitPlugin)).contains("FAILED").contains("redeploy it to use it again");
        assertThat(run("sbatch -J fine " + job)).contains("exiting is not loaded").contains("exit code 1");

        deployJobSubmitPlugin(); // redeployed: in use again
        assertThat(run("sbatch -J fine -o " + dir.resolve("h2.out") + " " + job)).startsWith("Submitted batch job ");
    }
}
