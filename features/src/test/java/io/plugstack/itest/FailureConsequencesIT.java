package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * spank.8's Errors table end to end, with Slurm's test7.24/test_147_2 plugin: a required plugin
 * failing one callback in one context, and what happens to the command, the node and the job.
 */
class FailureConsequencesIT extends BenchRuntime {

    /** sinfo's compact node state (%t): idle, alloc, drain. */
    private static String sinfoState() throws Exception {
        return shell.runPrinting("sinfo -h -o '%t'").lines().findFirst().orElseThrow().strip();
    }

    private static long submit(String... conf) throws Exception {
        runtime.plugstackConf(conf);
        Path script = Files.writeString(dir.resolve("fail.sh"), "#!/bin/sh\necho ran\n");
        String printed = run("sbatch -o " + dir.resolve("fail.out") + " " + script);
        assertThat(printed).startsWith("Submitted batch job ");
        return Long.parseLong(printed.trim().substring("Submitted batch job ".length()));
    }

    @Test
    void srunLocalInitFailureStopsSrunWithSlurmsMessages() throws Exception {
        runtime.plugstackConf("required failing init local");
        assertThat(run("srun true")).contains("Found (init,local)")
                .contains("srun: error: spank: required plugin failing: init() failed with rc=-3000")
                .contains("srun: error: Plug-in initialization failed").endsWith("srun: exit code 1");
    }

    @Test
    void optionalPluginFailureIsIgnored() throws Exception {
        runtime.plugstackConf("optional failing init local");
        assertThat(run("srun echo still-ran")).contains("still-ran").doesNotContain("exit code");
    }

    @Test
    void srunInitPostOptFailureSaysPostOptionProcessingFailed() throws Exception {
        runtime.plugstackConf("required failing init_post_opt local");
        assertThat(run("srun true")).contains("srun: error: Plugin stack post-option processing failed.");
    }

    @Test
    void srunLocalUserInitFailureFailsTheJob() throws Exception {
        runtime.plugstackConf("required failing local_user_init local");
        assertThat(run("srun true")).contains("srun: error: Failure in local plugin stack").endsWith("srun: exit code 1");
        assertThat(jobRecord(lastJobId())).contains("FAILED");
    }

    @Test
    void srunRemoteTaskInitFailureFailsTheJobButNotTheNode() throws Exception {
        runtime.plugstackConf("required failing task_init remote");
        assertThat(run("srun true")).contains("Found (task_init,remote)").contains("exit code 1");
        assertThat(jobRecord(lastJobId())).contains("FAILED");
        assertThat(sinfoState()).isEqualTo("idle");
    }

    /** mgr.c: spank_user failing starts no task (and runs spank_fini); spank.8 rates it as failing neither srun nor the job. */
    @Test
    void srunRemoteUserInitFailureStartsNoTaskButFailsNeitherSrunNorTheJob() throws Exception {
        Path log = dir.resolve("user-init-fails.log");
        runtime.plugstackConf("required demo " + log, "required failing user_init remote");
        assertThat(run("srun echo fine")).doesNotContain("fine").doesNotContain("exit code");
        assertThat(jobRecord(lastJobId())).contains("COMPLETED");
        assertThat(lines(log)).contains("user_init remote", "exit remote").noneMatch(l -> l.startsWith("task_"));
    }

    /** plugstack.c: in slurmstepd init_post_opt is part of spank_init, so its failure ends the step before spank_fini is set up. */
    @Test
    void remoteInitPostOptFailureEndsTheStepWithoutRemoteExit() throws Exception {
        Path log = dir.resolve("init-post-opt-fails.log");
        runtime.plugstackConf("required demo " + log, "required failing init_post_opt remote");
        assertThat(run("srun echo fine")).doesNotContain("fine");
        assertThat(lines(log)).contains("init_post_opt remote", "exit local").doesNotContain("user_init remote", "exit remote");
    }

    @Test
    void sbatchRemoteInitFailureDrainsTheNodeAndRequeuesTheJob() throws Exception {
        long job = submit("required failing init remote");
        assertThat(awaitJob(job, l -> l.contains("JobState=PENDING") && l.contains("Restarts=1"))).contains("PENDING");
        assertThat(sinfoState()).isEqualTo("drain");
        runtime.plugstackConf("# fixed");
        shell.run("scontrol update nodename=node1 state=resume");
        awaitJob(job, l -> l.contains("COMPLETED"));
    }

    @Test
    void initFailureModeJobFailsTheJobAndKeepsTheNode() throws Exception {
        long job = submit("required failing init remote job");
        assertThat(awaitJob(job, l -> l.contains("FAILED"))).contains("Restarts=0");
        assertThat(sinfoState()).isEqualTo("idle");
    }

    @Test
    void sbatchUserInitFailureDrainsTheNodeAndFailsTheJob() throws Exception {
        long job = submit("required failing user_init remote");
        awaitJob(job, l -> l.contains("FAILED"));
        assertThat(sinfoState()).isEqualTo("drain");
    }

    @Test
    void requiredPrologFailureDrainsTheNode() throws Exception {
        runtime.plugstackConf("required failing job_prolog job_script");
        assertThat(run("srun true")).contains("Prolog failure");
        assertThat(sinfoState()).isEqualTo("drain");
    }
}
