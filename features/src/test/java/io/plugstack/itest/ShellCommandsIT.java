package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
    void pluginOfUnknownNameIsRefusedListingThePlugins() {
        assertThatThrownBy(() -> shell.run("plugstack:plugin job_submit/nosuch"))
                .hasMessageStartingWith("plugin: no plugin named 'job_submit/nosuch'; plugins: ")
                .hasMessageContaining("demo (io.plugstack.spank.demo)");
    }

    @Test
    void everyCommandThatNamesAPluginTakesTheSameNames() throws Exception {
        Bundle b = runtime.deploy(fixtures.plugin("itest.shell.named", "good").build());
        long id = b.getBundleId();
        for (String name : List.of("itest.shell.named", "itest.shell.named@1.0.0", String.valueOf(id))) {
            assertThat(shell.run("plugstack:plugin " + name)).as(name).contains("bundle           " + id + "  itest.shell.named 1.0.0");
            assertThat(shell.run("plugstack:versions " + name)).as(name).containsPattern("itest.shell.named\\s+1.0.0\\s+" + id);
            assertThat(shell.run("plugstack:pin " + name + " 1.0.0")).as(name).startsWith("itest.shell.named pinned to 1.0.0");
            assertThat(shell.run("plugstack:unpin " + name)).as(name).startsWith("itest.shell.named unpinned");
            assertThat(shell.run("plugstack:upgrade " + name)).as(name).contains("1.0.0 is already the running version");
            assertThat(shell.run("plugstack:unpin " + name)).as(name).startsWith("itest.shell.named unpinned");
        }
        for (String name : List.of("demo", "spank/demo", "io.plugstack.spank.demo@0.1.0")) {
            assertThat(shell.run("plugstack:plugin " + name)).as(name).contains("plugin_name      demo");
            assertThat(shell.run("plugstack:versions " + name)).as(name).contains("io.plugstack.spank.demo");
        }
        assertThat(shell.run("plugstack:pin demo@0.1.0")).startsWith("io.plugstack.spank.demo pinned to 0.1.0");
        assertThat(shell.run("plugstack:unpin demo")).startsWith("io.plugstack.spank.demo unpinned");
        assertThat(shell.run("plugstack:undeploy itest.shell.named@1.0.0")).startsWith("undeployed itest.shell.named 1.0.0");
    }

    @Test
    void aPinWithAnUnquotedGreaterThanIsRefusedAndLeavesNoFile() throws Exception {
        Path cwd = Path.of("").toAbsolutePath();
        assertThatThrownBy(() -> shell.run("plugstack:pin demo >=0.1"))
                .hasMessageStartingWith("pin: Gogo read '>' as a redirection of the output to the file '=' (removed)")
                .hasMessageContaining("pin renice '>=1.2'");
        assertThat(cwd.resolve("=")).doesNotExist();
        assertThat(shell.run("plugstack:versions demo")).as("not pinned").containsPattern("0.1.0\\s+\\d+\\s+active\\s+-");
        assertThat(shell.run("plugstack:pin demo '>=0.1'")).startsWith("io.plugstack.spank.demo pinned to >=0.1.0");
        shell.run("plugstack:unpin demo");
    }

    @Test
    void helpListsTheFeatureCommandsAndDescribesEach() throws Exception {
        assertThat(shell.runPrinting("help")).contains("feature:install", "feature:list", "feature:uninstall", "plugin:names");
        assertThat(shell.runPrinting("help feature:install")).contains("install a feature: a file of <home>/features/ by name")
                .doesNotContain("No methods found");
        assertThat(shell.runPrinting("help plugin:names")).contains("list every plugin's names and bundle ids");
    }

    @Test
    void bareInstallAndUninstallStayFelixs() throws Exception {
        Path jar = fixtures.plugin("itest.shell.felix", "good").build();
        String installed = shell.transcript("install " + jar.toUri());
        assertThat(installed).as("Felix's install answers with the bundle").contains("Bundle ID: ").doesNotContain("feature");
        Bundle b = runtime.bundle("itest.shell.felix").orElseThrow();
        assertThat(shell.transcript("uninstall " + b.getBundleId())).doesNotContain("feature");
        assertThat(runtime.bundle("itest.shell.felix")).isEmpty();
    }

    @Test
    void badArgumentsAreRefusedInPlainWordsByEveryCommand() {
        for (String line : List.of("plugins x", "plugin", "plugin a b", "pin", "pin demo 1 2", "pin demo", "unpin", "upgrade",
                "upgrade demo 1 2", "rollback a b", "versions a b", "deploy", "undeploy", "undeploy a b", "feature:install",
                "feature:uninstall", "feature:list x", "pin demo [1.2,1.3]", "upgrade demo x.y")) {
            Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> shell.run(line));
            assertThat(t).as(line).isNotNull();
            assertThat(t.getClass().getSimpleName()).as(line).isEqualTo("error"); // the console prints "gogo: error: ..."
            String command = line.split(" ")[0];
            assertThat(t.getMessage()).as(line).startsWith(command + ": ")
                    .doesNotContainPattern("Cannot coerce|Exception|java\\.|Token|For input string");
        }
    }

    @Test
    void slurmCommandsRefuseUnknownOptionsInSlurmsWords() throws Exception {
        assertThat(shell.runPrinting("squeue -z")).startsWith("squeue: invalid option -- 'z'\n"
                + "Try \"squeue --help\" for more information\n");
        assertThat(shell.runPrinting("sinfo --bogus")).startsWith("sinfo: unrecognized option '--bogus'\n"
                + "Try \"sinfo --help\" for more information\n");
        assertThat(shell.runPrinting("scontrol update jobid=abc")).startsWith("scontrol: error: Invalid JobId value: abc");
    }

    @Test
    void deployCopiesIntoDeployFolderAndReportsOutcome() throws Exception {
        Path jar = fixtures.plugin("itest.shell.deployed", "good").build();
        String out = shell.run("plugstack:deploy " + jar);
        assertThat(out).matches("deployed itest.shell.deployed 1.0.0 as bundle \\d+: READY");
        assertThat(runtime.deployDir().resolve(jar.getFileName())).exists();
    }

    @Test
    void deployOfAJarWithTheIdentityOfARunningPluginUnderAnotherNameIsRefusedBeforeAnythingChanges() throws Exception {
        Path original = fixtures.plugin("itest.shell.twice", "good").header("Implementation-Version", "original").build();
        assertThat(shell.run("plugstack:deploy " + original)).matches("deployed itest.shell.twice 1.0.0 as bundle \\d+: READY");
        Bundle running = runtime.bundle("itest.shell.twice").orElseThrow();
        long modified = running.getLastModified();
        Path deployed = runtime.deployDir().resolve(original.getFileName());
        // the case: another build, refused by the identity rule too, copied under another name
        Path copy = Files.copy(fixtures.plugin("itest.shell.twice", "good").header("Implementation-Version", "copy")
                .header("Slurm-Plugin-Version", "26.05.0").build(), dir.resolve("twice-copy.jar"));

        assertThatThrownBy(() -> shell.run("plugstack:deploy " + copy))
                .hasMessage("deploy: twice-copy.jar: duplicate of " + deployed + ": the same Bundle-SymbolicName itest.shell.twice"
                        + " and Bundle-Version 1.0.0; nothing changed");
        assertThat(runtime.deployDir().resolve("twice-copy.jar")).doesNotExist();
        Thread.sleep(500); // FileInstall polls every 50 ms: it would have acted on a copy by now
        assertThat(running.getState()).isEqualTo(Bundle.ACTIVE);
        assertThat(running.getLastModified()).as("not updated").isEqualTo(modified);
        assertThat(running.getHeaders().get("Implementation-Version")).isEqualTo("original");

        assertThat(shell.run("plugstack:undeploy itest.shell.twice")).startsWith("undeployed itest.shell.twice 1.0.0");
        try (var left = Files.list(runtime.deployDir())) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains("twice"));
        }
    }

    @Test
    void deployOfARefusedPluginFailsWithTheReasonAndLeavesItListed() throws Exception {
        Path jar = fixtures.plugin("itest.shell.refused", "good").header("Slurm-Plugin-Version", "26.05.0").build();
        assertThatThrownBy(() -> shell.run("plugstack:deploy " + jar))
                .satisfies(e -> assertThat(e.getMessage()).matches("deploy: itest.shell.refused 1.0.0 as bundle \\d+: REFUSED: Slurm-Plugin-Version 26.05.0"
                        + " does not match.*\\(left in .*deploy until removed\\)"));
        assertThat(shell.run("plugstack:plugins")).containsPattern("INSTALLED +REFUSED +no +0 +Slurm-Plugin-Version 26.05.0 does not match"); // still listed, with its reason
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
