package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/** The plugstack: commands, run through Gogo as typed at the prompt. */
class ShellCommandsIT extends BootedRuntime {

    static Shell shell;

    @BeforeAll
    static void openShell() throws Exception {
        shell = runtime.shell();
    }

    @Test
    void pluginsListsShippedPluginWithItsIdentity() throws Exception {
        Bundle demo = runtime.bundle("io.plugstack.spank.demo").orElseThrow();
        assertThat(shell.run("plugstack:plugins"))
                .startsWith("Slurm 25.11.0 plugin ABI\nID")
                .containsPattern(demo.getBundleId() + "\\s+spank\\s+demo\\s+25.11.0\\s+0.1.0\\s+ACTIVE\\s+READY");
    }

    @Test
    void pluginByTypeShowsEverythingKnown() throws Exception {
        assertThat(shell.run("plugstack:plugin spank"))
                .contains("io.plugstack.spank.demo")
                .contains("plugin_type      spank")
                .contains("plugin_name      demo")
                .contains("status           READY")
                .containsPattern("services\\s+SpankPlugin #\\d+");
    }

    @Test
    void pluginOfUnknownIdOrTypeIsAnError() {
        assertThatThrownBy(() -> shell.run("plugstack:plugin job_submit/nosuch"))
                .hasMessageContaining("no plugin bundle with id or type \"job_submit/nosuch\"");
    }

    @Test
    void deployCopiesIntoDeployFolderAndReportsOutcome() throws Exception {
        Path jar = fixtures.plugin("itest.shell.deployed", "good").build();
        String out = shell.run("plugstack:deploy " + jar);
        assertThat(out).matches("deployed itest.shell.deployed 1.0.0 as bundle \\d+: READY");
        assertThat(runtime.deployDir().resolve(jar.getFileName())).exists();
    }

    @Test
    void deployOfRefusedPluginReportsReason() throws Exception {
        Path jar = fixtures.plugin("itest.shell.refused", "good").header("Slurm-Plugin-Version", "26.05.0").build();
        assertThat(shell.run("plugstack:deploy " + jar))
                .matches("deployed itest.shell.refused 1.0.0 as bundle \\d+: REFUSED: Slurm-Plugin-Version 26.05.0 does not match.*");
    }

    @Test
    void deployOfMissingFileIsAnError() {
        assertThatThrownBy(() -> shell.run("plugstack:deploy /no/such/plugin.jar"))
                .hasMessageContaining("/no/such/plugin.jar: no such file");
    }

    @Test
    void deployOfMavenCoordinatesNotInLocalRepositoryIsAnError() {
        assertThatThrownBy(() -> shell.run("plugstack:deploy mvn:org.example/nosuch/9.9.9"))
                .hasMessageContaining("is not in the local Maven repository");
    }

    @Test
    void undeployRemovesJarAndUninstalls() throws Exception {
        Path jar = fixtures.plugin("itest.shell.undeployed", "good").build();
        Bundle b = runtime.deploy(jar);
        String out = shell.run("plugstack:undeploy " + b.getBundleId());
        assertThat(out).startsWith("undeployed itest.shell.undeployed 1.0.0 (bundle " + b.getBundleId());
        assertThat(Files.exists(runtime.deployDir().resolve(jar.getFileName()))).isFalse();
        assertThat(b.getState()).isEqualTo(Bundle.UNINSTALLED);
    }

    @Test
    void undeployOfRuntimeBundleIsRefused() {
        long scr = runtime.bundle("org.apache.felix.scr").orElseThrow().getBundleId();
        assertThatThrownBy(() -> shell.run("plugstack:undeploy " + scr))
                .hasMessageContaining("was not deployed from");
    }

    @Test
    void deployOfCorruptJarIsAnErrorNamingTheFile() throws Exception {
        Path bad = dir.resolve("broken-plugin.jar");
        Files.writeString(bad, "PK but not really");
        assertThatThrownBy(() -> shell.run("plugstack:deploy " + bad))
                .hasMessageStartingWith("deploy: broken-plugin.jar: not a readable jar");
        Files.delete(runtime.deployDir().resolve("broken-plugin.jar"));
    }
}
