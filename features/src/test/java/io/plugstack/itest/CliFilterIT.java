package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The cli_filter chain in the bench's commands (CLI-1…CLI-3), configured by CliFilterPlugins=. */
class CliFilterIT extends BenchRuntime {

    @BeforeAll
    static void deploySitePolicy() throws Exception {
        awaitReady(runtime.deploy(fixtures.plugin("itest.clif", "clif").header("Slurm-Plugin-Type", "cli_filter/site_policy")
                .header("Slurm-Plugin-Name", "site_policy").build()).getBundleId());
    }

    @AfterEach
    void reset() throws Exception {
        slurmConf("CliFilterPlugins=", "JobSubmitPlugins=");
        runUntil("srun -J refuse true", String::isEmpty);
    }

    @Test
    void preSubmitFailureStopsTheCommandBeforeAnythingIsSubmitted() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("CliFilterPlugins=site_policy");
        String out = runUntil("srun -J refuse true", o -> o.contains("cli_filter"));
        assertThat(out).contains("srun: error: cli_filter plugin terminated with error").endsWith("srun: exit code 1");
        long before = lastJobId();
        run("srun -J refuse true");
        assertThat(lastJobId()).isEqualTo(before);
    }

    @Test
    void setupDefaultsGiveATimeLimitThatTheCommandLineOverrides() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("CliFilterPlugins=site_policy", "JobSubmitPlugins=require_timelimit");
        // without the filter's default, require_timelimit would refuse a job without -t
        assertThat(runUntil("srun echo ok", o -> o.equals("ok\n"))).isEqualTo("ok\n");
        slurmConf("CliFilterPlugins=", "JobSubmitPlugins=require_timelimit");
        assertThat(runUntil("srun echo ok", o -> o.contains("Time limit"))).contains("Time limit specification required");
        assertThat(run("srun -t 3 echo ok")).isEqualTo("ok\n");
    }

    @Test
    void unknownConfiguredCliFilterIsFatalForTheCommand() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("CliFilterPlugins=nosuch");
        assertThat(runUntil("srun true", o -> o.contains("nosuch"))).contains("srun: error: cannot create cli_filter context for cli_filter/nosuch")
                .contains("srun: error: failed to initialize cli_filter plugin").endsWith("exit code 1");
    }

    @Test
    void cliFilterNoneIsNoPluginAt25_11AsSlurmRemovedItIn23_11() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("CliFilterPlugins=none");
        assertThat(runUntil("srun true", o -> o.contains("none"))).contains("srun: error: cannot create cli_filter context for cli_filter/none")
                .contains("srun: error: failed to initialize cli_filter plugin").endsWith("exit code 1");
        // no plugin service at all: nothing of it was loaded, or refused with an error, at the start
        assertThat(runtime.plugins().lines().filter(l -> l.contains("cli_filter/none"))).singleElement().asString().contains("NO_SERVICE");
    }

    @Test
    void preSubmitRunsForEveryComponentOfAHeterogeneousJob() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("CliFilterPlugins=site_policy");
        runUntil("srun -J refuse true", o -> o.contains("cli_filter"));
        Path script = Files.writeString(dir.resolve("hetcf.sh"), "#!/bin/sh\ntrue\n");
        assertThat(run("sbatch -J fine : -J refuse " + script)).contains("sbatch: error: cli_filter plugin terminated with error");
        assertThat(run("sbatch -J fine -o " + dir.resolve("hetcf.out") + " : -J fine " + script)).startsWith("Submitted batch job ");
    }
}
