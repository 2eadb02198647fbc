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

    @BeforeAll
    static void deployExitingPlugins() throws Exception {
        awaitReady(runtime.deploy(fixtures.plugin("itest.exiting", "exiting").build()).getBundleId());
        awaitReady(runtime.deploy(fixtures.plugin("itest.jsexit", "jsexit").header("Slurm-Plugin-Type", "job_submit/exiting")
                .header("Slurm-Plugin-Name", "exiting").build()).getBundleId());
    }

    private static void awaitReady(long id) throws InterruptedException {
        PlugstackRuntime.await(() -> {
            try {
                return shell.run("plugstack:plugin " + id).contains("status           READY");
            } catch (Exception e) {
                return false;
            }
        }, "plugin " + id + " to be READY");
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
        assertThat(run("srun true")).contains("spank: itest.exiting: init() threw")
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
        assertThat(run("srun true")).contains("spank: itest.exiting: init() threw java.lang.StackOverflowError")
                .endsWith("srun: exit code 1");
        runtime.plugstackConf("optional exiting fine");
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
    void aLuaScriptCallingOsExitFailsItsCallAsALuaErrorAndTheControllerCarriesOn() throws Exception {
        runtime.plugstackConf("# empty");
        Path script = runtime.home().resolve("etc").resolve("job_submit.lua");
        FileTime before = Files.getLastModifiedTime(script);
        Files.writeString(script, "function slurm_job_submit(job_desc, part_list, submit_uid)\n"
                + "  if job_desc.name == 'bye' then os.exit(1) end\n  return slurm.SUCCESS\nend\n"
                + "function slurm_job_modify(job_desc, job_rec, part_list, modify_uid) return slurm.SUCCESS end\n");
        Files.setLastModifiedTime(script, FileTime.fromMillis(Math.max(before.toMillis(), System.currentTimeMillis()) + 2000));
        slurmConf("JobSubmitPlugins=lua");
        Path job = Files.writeString(dir.resolve("lua-exit.sh"), "#!/bin/sh\ntrue\n");
        String out = runUntil("sbatch -J bye -o " + dir.resolve("bye.out") + " " + job, o -> o.contains("os.exit"));
        assertThat(out).contains("os.exit refused: a plugin cannot stop the Plugstack runtime");
        assertThat(run("sbatch -J fine -o " + dir.resolve("fine2.out") + " " + job)).startsWith("Submitted batch job ");
    }
}
