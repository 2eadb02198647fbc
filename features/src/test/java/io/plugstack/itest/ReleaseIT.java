package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;

/**
 * The distribution booted once with {@code plugstack.slurm.release=22.05.8}, the one setting an admin
 * changes to play the release the site runs: every shipped plugin resolves and runs there, the
 * behaviours of 22.05 hold (the release table), and a third-party plugin built for 25.11 is still
 * refused with Slurm's message.
 */
class ReleaseIT {

    @TempDir
    static Path dir;
    static PlugstackRuntime runtime;
    static Shell shell;

    @BeforeAll
    static void bootAt22_05() throws Exception {
        Properties settings = new Properties();
        settings.setProperty("plugstack.slurm.release", "22.05.8");
        runtime = PlugstackRuntime.boot(dir, settings);
        shell = runtime.shell();
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    /** Each test starts from no job_submit or cli_filter plugin and an empty plugstack.conf. */
    @AfterEach
    void reset() throws Exception {
        slurmConf("CliFilterPlugins=", "JobSubmitPlugins=");
        runtime.plugstackConf("# empty");
        runUntil("srun -J probe echo reset", o -> o.equals("reset\n"));
    }

    private static String run(String command) throws Exception {
        return shell.runPrinting(command);
    }

    private static String runUntil(String command, Predicate<String> ok) throws Exception {
        return shell.runPrintingUntil(command, ok);
    }

    private static void slurmConf(String... lines) throws Exception {
        runtime.slurmConf(lines);
    }

    /** Writes etc/{@code name} with an mtime ahead of any the plugin has seen, so it is (re)loaded. */
    private static void etcScript(String name, String lua) throws Exception {
        Path script = runtime.home().resolve("etc").resolve(name);
        Files.writeString(script, lua);
        Files.setLastModifiedTime(script, FileTime.fromMillis(System.currentTimeMillis() + 2000));
    }

    private static List<Bundle> shippedPlugins() {
        return Stream.of(runtime.context().getBundles())
                .filter(b -> b.getHeaders().get("Slurm-Plugin-Type") != null && b.getSymbolicName().startsWith("io.plugstack."))
                .toList();
    }

    @Test
    void everyShippedPluginResolvesAndStartsAt22_05() throws Exception {
        List<Bundle> plugins = shippedPlugins();
        assertThat(plugins).extracting(b -> b.getHeaders().get("Slurm-Plugin-Type"))
                .contains("spank", "job_submit/lua", "cli_filter/lua", "cli_filter/none", "job_submit/require_timelimit");
        for (Bundle b : plugins) {
            assertThat(runtime.refusal(b)).as(b.getSymbolicName()).isEmpty();
            PlugstackRuntime.await(() -> b.getState() == Bundle.ACTIVE, b.getSymbolicName() + " to be ACTIVE");
        }
        assertThat(run("plugstack:plugins")).startsWith("Slurm 22.05.8 plugin ABI");
    }

    @Test
    void theBenchPlaysTheRelease() throws Exception {
        assertThat(run("scontrol show config")).containsPattern("SLURM_VERSION\\s+= 22.05.8");
    }

    @Test
    void aThirdPartyPluginBuiltFor25_11IsRefusedWithSlurmsMessage() throws Exception {
        Bundle b = runtime.deploy(new FixturePlugins(dir).plugin("itest.release.thirdparty", "good").header("Slurm-Plugin-Version", "25.11.0").build());
        PlugstackRuntime.await(() -> runtime.refusal(b).isPresent(), "a refusal of the third-party plugin");
        assertThat(b.getState()).isEqualTo(Bundle.INSTALLED);
        assertThat(runtime.refusal(b).orElseThrow().reason()).isEqualTo("Slurm-Plugin-Version 25.11.0 does not match the "
                + "runtime's Slurm 22.05.8: expected 22.05.x (Incompatible Slurm plugin version)");
    }

    @Test
    void aRequiredPluginFailingInSlurmstepdFailsNeitherTheCommandNorTheJobAsIn22_05() throws Exception {
        Bundle b = runtime.deploy(new FixturePlugins(dir).plugin("itest.release.failing", "failing")
                .header("Slurm-Plugin-Version", "22.05.8").build());
        PlugstackRuntime.await(() -> b.getState() == Bundle.ACTIVE, "the 22.05 failing plugin to start");
        try {
            runtime.plugstackConf("required failing init remote");
            // a real 22.05.8 (before 23.11's change, ../shared/real-slurm/NOTES.md): the task never runs, srun exits 0,
            // the job COMPLETED 0:0 (a task_init failure is not this case: its task's child exits 1, as in every release)
            String out = runUntil("srun echo never-printed", o -> o.contains("Found (init,remote)"));
            assertThat(out).contains("Found (init,remote)").doesNotContain("never-printed").doesNotContain("exit code");
            assertThat(run("squeue -t all -h -o '%T'").lines().reduce((a, z) -> z).orElseThrow()).isEqualTo("COMPLETED");
        } finally {
            runtime.plugstackConf("# empty");
            b.uninstall();
        }
    }

    @Test
    void aShippedSpankPluginRunsInEveryContextOfAnSrun() throws Exception {
        Path log = dir.resolve("demo.log");
        runtime.plugstackConf("required demo " + log);
        assertThat(run("srun true")).isEmpty();
        assertThat(Files.readAllLines(log)).contains("init local", "local_user_init local", "init remote", "task_init remote", "exit local");
        runtime.plugstackConf("# empty");
    }

    @Test
    void jobSubmitLuaRunsTheSitesScriptWithThe22_05SlurmTable() throws Exception {
        runtime.plugstackConf("# empty");
        etcScript("job_submit.lua", "function slurm_job_submit(job_desc, part_list, submit_uid)\n"
                + "  if job_desc.name == 'probe' then\n"
                + "    slurm.log_user('INVALID_QOS=%s INVALID_ACCOUNT=%s qos_priority=%s', tostring(slurm.ESLURM_INVALID_QOS),\n"
                + "      tostring(slurm.ESLURM_INVALID_ACCOUNT), tostring(slurm.get_qos_priority))\n"
                + "    return slurm.ESLURM_INVALID_ACCOUNT\n  end\n  return slurm.SUCCESS\nend\n"
                + "function slurm_job_modify(job_desc, job_rec, part_list, modify_uid) return slurm.SUCCESS end\n");
        slurmConf("JobSubmitPlugins=lua");
        Path job = Files.writeString(dir.resolve("probe.sh"), "#!/bin/sh\ntrue\n");
        String out = runUntil("sbatch -J probe " + job, o -> o.contains("INVALID_QOS="));
        assertThat(out).containsPattern("sbatch: error: INVALID_QOS=nil INVALID_ACCOUNT=2045(\\.0)? qos_priority=nil")
                .contains("Invalid account or account/partition combination specified");
        assertThat(run("sbatch -J fine -o " + dir.resolve("fine.out") + " " + job)).startsWith("Submitted batch job ");
    }

    @Test
    void cliFilterLuaRunsTheSitesScriptWithThe22_05SlurmTable() throws Exception {
        runtime.plugstackConf("# empty");
        // the script refuses the probe only where 22.05's table lacks the name: the refusal is the proof
        etcScript("cli_filter.lua", "function slurm_cli_setup_defaults(options, early_pass) return slurm.SUCCESS end\n"
                + "function slurm_cli_pre_submit(options, offset)\n"
                + "  if options['job-name'] == 'probe' and slurm.ESLURM_INVALID_QOS == nil and slurm.ESLURM_INVALID_ACCOUNT == 2045 then\n"
                + "    return slurm.ERROR\n  end\n"
                + "  return slurm.SUCCESS\nend\n"
                + "function slurm_cli_post_submit(offset, jobid, stepid) return slurm.SUCCESS end\n");
        slurmConf("CliFilterPlugins=lua");
        String out = runUntil("srun -J probe true", o -> o.contains("cli_filter"));
        assertThat(out).contains("srun: error: cli_filter plugin terminated with error").endsWith("srun: exit code 1");
        assertThat(run("srun echo fine")).isEqualTo("fine\n");
    }

    @Test
    void cliFilterNoneLoadsAt22_05() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("CliFilterPlugins=none");
        assertThat(runUntil("srun echo with-none", o -> o.equals("with-none\n"))).isEqualTo("with-none\n");
    }
}
