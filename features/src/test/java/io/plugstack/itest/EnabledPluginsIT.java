package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What is enabled, and what is in use: plugins, versions and plugin show plugstack.conf's lines and the
 * JobSubmitPlugins / CliFilterPlugins lists as they change, read by the stacks' and chains' own readers.
 */
class EnabledPluginsIT extends BenchRuntime {

    /** A plugins row: its name, then whatever columns up to STATUS, then ENABLED and IN-USE. */
    private static String row(String type, String name, String enabled, String inUse) {
        return "\\d+\\s+" + type + "\\s+" + name + "\\s+\\S+\\s+\\S+\\s+ACTIVE\\s+READY\\s+" + enabled + "\\s+" + inUse + "\\b";
    }

    @AfterEach
    void restoreTheDistributionsSettings() throws Exception {
        runtime.plugstackConf("required renice min=-5 max=19", "optional private-tmp base=/tmp");
        slurmConf("JobSubmitPlugins=", "CliFilterPlugins=");
        run("scontrol restart slurmd");
    }

    @Test
    void pluginsShowWhichSpankPluginsPlugstackConfEnablesAndWhichSlurmdHolds() throws Exception {
        runtime.plugstackConf("required renice");
        run("scontrol restart slurmd");
        assertThat(run("plugstack:plugins")).containsPattern(row("spank", "renice", "required", "1"))
                .containsPattern(row("spank", "demo", "no", "0"));
        runtime.plugstackConf("optional demo");
        String before = run("plugstack:plugins");
        assertThat(before).containsPattern(row("spank", "demo", "optional", "0"))
                .as("slurmd keeps the stack it started with until it restarts").containsPattern(row("spank", "renice", "no", "1"));
        run("scontrol restart slurmd");
        String after = run("plugstack:plugins");
        assertThat(after).containsPattern(row("spank", "demo", "optional", "1")).containsPattern(row("spank", "renice", "no", "0"));
        assertThat(run("plugstack:versions demo")).containsPattern("io.plugstack.spank.demo\\s+0.1.0\\s+\\d+\\s+active\\s+-\\s+optional\\s+1");
    }

    @Test
    void pluginsShowWhatJobSubmitPluginsAndCliFilterPluginsEnable() throws Exception {
        slurmConf("JobSubmitPlugins=defaults", "CliFilterPlugins=");
        assertThat(runUntil("plugstack:plugins", o -> o.matches("(?s).*" + row("job_submit/defaults", "\\S+", "JobSubmitPlugins", "0") + ".*")))
                .containsPattern(row("job_submit/logging", "\\S+", "no", "0"));
        slurmConf("JobSubmitPlugins=logging", "CliFilterPlugins=");
        assertThat(runUntil("plugstack:plugins", o -> o.matches("(?s).*" + row("job_submit/logging", "\\S+", "JobSubmitPlugins", "0") + ".*")))
                .containsPattern(row("job_submit/defaults", "\\S+", "no", "0"));
    }

    @Test
    void aBadPlugstackConfShowsItsErrorLineAndTheRestStillLists() throws Exception {
        runtime.plugstackConf("required renice", "bogus demo");
        String out = run("plugstack:plugins");
        assertThat(out).containsPattern(row("spank", "renice", "required", "\\d+"))
                .contains("error: spank: Invalid option \"bogus\". Must be required, optional or include");
        slurmConf("JobSubmitPlugins=defaults@[1.0", "CliFilterPlugins=");
        assertThat(runUntil("plugstack:plugins", o -> o.contains("error: JobSubmitPlugins: "))).containsPattern(row("spank", "demo", "no", "\\d+"));
    }

    @Test
    void pluginReniceShowsItsOptionItsConfigurationLinePinAndVersions() throws Exception {
        runtime.plugstackConf("required renice min=0 max=10");
        String out = run("plugstack:plugin renice");
        assertThat(out).contains("enabled          required")
                .containsPattern("configuration    \\S+/etc/plugstack.conf:1: required renice min=0 max=10")
                .contains("options          --renice=prio  Re-nice job tasks to priority [prio] (0 to 10).")
                .contains("pin              (none)")
                .containsPattern("versions         0.1.0 \\[\\d+\\] active");
        runtime.plugstackConf("optional demo");
        assertThat(run("plugstack:plugin renice")).contains("enabled          no", "configuration    (not in plugstack.conf)",
                "options          (none: srun loads only the plugins plugstack.conf names)");
    }
}
