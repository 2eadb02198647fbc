package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Plugin identity is checked by the OSGi resolver itself (spec PLUG-2/PLUG-3): a refused plugin
 * stays INSTALLED, none of its code runs, and the shell names the header and the expected value.
 */
class PluginIdentityIT extends BootedRuntime {


    private Bundle refused(Bundle b) throws InterruptedException {
        PlugstackRuntime.await(() -> runtime.refusal(b).isPresent(), "a refusal of " + b.getSymbolicName());
        assertThat(b.getState()).as("a refused plugin stays INSTALLED").isEqualTo(Bundle.INSTALLED);
        return b;
    }

    @Test
    void validPluginDeployedBecomesLiveService() throws Exception {
        Bundle b = runtime.deploy(fixtures.plugin("itest.valid", "good").build());
        PlugstackRuntime.await(() -> pluginServiceCount(b) == 1, "the plugin's SpankPlugin service");
        assertThat(b.getState()).isEqualTo(Bundle.ACTIVE);
        // the registry shows the service a moment before the catalog's listener has loaded it
        PlugstackRuntime.await(() -> pluginsOutput().matches("(?s).*" + b.getBundleId()
                + "\\s+spank\\s+good\\s+25.11.0\\s+1.0.0\\s+ACTIVE\\s+READY.*"), "the catalog to list it READY");
    }

    @Test
    void spankPluginBuiltForAnotherMicroReleaseLoads() throws Exception {
        Bundle b = runtime.deploy(fixtures.plugin("itest.micro", "good").header("Slurm-Plugin-Version", "25.11.7").build());
        PlugstackRuntime.await(() -> pluginServiceCount(b) == 1, "the plugin's service");
        assertThat(runtime.refusal(b)).isEmpty();
    }

    @Test
    void pluginBuiltForAnotherReleaseIsRefusedNamingHeaderAndExpectedValue() throws Exception {
        Bundle b = refused(runtime.deploy(fixtures.plugin("itest.oldrelease", "good").header("Slurm-Plugin-Version", "24.05.1").build()));
        assertThat(runtime.refusal(b).orElseThrow().header()).isEqualTo("Slurm-Plugin-Version");
        assertThat(runtime.shell().run("plugstack:plugins"))
                .containsPattern(b.getBundleId() + "\\s+spank\\s+good\\s+24.05.1\\s+1.0.0\\s+INSTALLED\\s+REFUSED")
                .contains("Slurm-Plugin-Version 24.05.1 does not match the runtime's Slurm 25.11.0: expected 25.11.x");
        assertThatThrownBy(b::start).isInstanceOf(BundleException.class);
        assertThat(pluginServiceCount(b)).isZero();
    }

    @Test
    void pluginWithMalformedVersionHeaderIsRefused() throws Exception {
        Bundle b = refused(runtime.deploy(fixtures.plugin("itest.malformed", "good").header("Slurm-Plugin-Version", "25.11").build()));
        assertThat(runtime.refusal(b).orElseThrow().reason())
                .isEqualTo("Slurm-Plugin-Version \"25.11\" is not major.minor.micro (e.g. 25.11.0)");
    }

    @Test
    void pluginWithMissingNameHeaderIsRefused() throws Exception {
        Bundle b = refused(runtime.deploy(fixtures.plugin("itest.noname", "good").header("Slurm-Plugin-Name", null).build()));
        assertThat(runtime.refusal(b).orElseThrow().header()).isEqualTo("Slurm-Plugin-Name");
        assertThat(runtime.refusal(b).orElseThrow().reason()).startsWith("Slurm-Plugin-Name is missing");
    }

    @Test
    void pluginServiceWithoutAnyIdentityHeaderIsRefused() throws Exception {
        Bundle b = refused(runtime.deploy(fixtures.plugin("itest.anonymous", "good")
                .header("Slurm-Plugin-Type", null).header("Slurm-Plugin-Name", null).header("Slurm-Plugin-Version", null).build()));
        assertThat(runtime.refusal(b).orElseThrow().header()).isEqualTo("Slurm-Plugin-Type");
    }

    @Test
    void pluginOfUnknownTypeIsRefused() throws Exception {
        Bundle b = refused(runtime.deploy(fixtures.plugin("itest.sched", "good").header("Slurm-Plugin-Type", "sched/backfill").build()));
        assertThat(runtime.refusal(b).orElseThrow().reason())
                .contains("Slurm-Plugin-Type \"sched/backfill\" has unknown major type \"sched\"")
                .contains("expected spank, job_submit/<minor>, cli_filter/<minor>");
    }

    @Test
    void refusedPluginDoesNotDisturbPluginsDeployedAfterIt() throws Exception {
        // Felix 7.0.5 fails every later resolve if a hook refuses through filterResolvable
        Bundle bad = refused(runtime.deploy(fixtures.plugin("itest.first.bad", "good").header("Slurm-Plugin-Version", "23.02.3").build()));
        Bundle good = runtime.deploy(fixtures.plugin("itest.after.bad", "good").build());
        PlugstackRuntime.await(() -> pluginServiceCount(good) == 1, "the later plugin's service");
        assertThat(bad.getState()).isEqualTo(Bundle.INSTALLED);
        assertThat(runtime.bundle("io.plugstack.spank.demo").orElseThrow().getState()).isEqualTo(Bundle.ACTIVE);
    }

    private static int pluginServiceCount(Bundle b) {
        try {
            return runtime.pluginServices(b).length;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String pluginsOutput() {
        try {
            return runtime.shell().run("plugstack:plugins");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
