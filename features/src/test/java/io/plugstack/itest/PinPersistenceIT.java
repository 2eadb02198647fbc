package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** Pins and the active version survive a runtime restart (issue 5, item 4). */
class PinPersistenceIT extends BootedRuntime {

    static long deploy(Shell shell, String version) throws Exception {
        return deploy(shell, "kept", version);
    }

    /** Deploys version {@code version} of plugin itest.{@code name}. */
    static long deploy(Shell shell, String name, String version) throws Exception {
        return PluginVersionsView.deploySettled(runtime, shell, fixtures.plugin("itest." + name, "versioned")
                .header("Slurm-Plugin-Name", name).bundleVersion(version).header("Implementation-Version", version).build());
    }

    /** Stops the runtime and boots it again on the same home; waits until {@code plugin}'s versions are all back. */
    static Shell restart(String plugin, String... versions) throws Exception {
        runtime.close();
        runtime = PlugstackRuntime.boot(dir);
        Shell again = runtime.shell();
        PlugstackRuntime.await(() -> {
            try {
                String table = again.run("plugstack:versions " + plugin);
                return java.util.Arrays.stream(versions).allMatch(v -> !PluginVersionsView.state(table, v).isEmpty());
            } catch (Exception e) {
                return false;
            }
        }, "the deployed versions of " + plugin + " to come back");
        return again;
    }

    static String state(Shell shell, String version) throws Exception {
        return PluginVersionsView.row(shell.run("plugstack:versions kept"), version);
    }

    @Test
    void aRestartKeepsPinsTheActiveVersionAndTheRollbackHistory() throws Exception {
        Shell shell = runtime.shell();
        deploy(shell, "1.0.0");
        deploy(shell, "2.0.0");
        deploy(shell, "3.0.0");
        assertThat(shell.run("plugstack:upgrade kept 2.0.0")).contains("upgrade to 2.0.0");
        assertThat(Files.readString(runtime.home().resolve("data/plugin-versions.properties")))
                .contains("pin.itest.kept=2.0.0").contains("history.itest.kept=1.0.0,2.0.0,3.0.0,2.0.0\n");

        runtime.close();
        runtime = PlugstackRuntime.boot(dir);
        Shell again = runtime.shell();
        PlugstackRuntime.await(() -> {
            try {
                return state(again, "1.0.0").contains("outside pin") && state(again, "3.0.0").contains("outside pin");
            } catch (Exception e) {
                return false;
            }
        }, "the deployed versions to come back");
        assertThat(state(again, "2.0.0")).contains("active").contains("2.0.0  ");
        // the history came back too: rollback knows 3.0.0 ran before 2.0.0
        assertThat(again.run("plugstack:rollback kept")).contains("rollback to 3.0.0 (was 2.0.0");
    }

    @Test
    void restartsRecordNoVersionSwitchSoRollbackGoesToTheVersionBeforeTheUpgrade() throws Exception {
        Shell shell = runtime.shell();
        // hot deploy: 3.0.0 replaces 1.0.0; 2.0.0, deployed last, is lower and never runs
        deploy(shell, "restarted", "1.0.0");
        deploy(shell, "restarted", "3.0.0");
        deploy(shell, "restarted", "2.0.0");
        // plugstack:upgrade from a pinned 1.0.0
        deploy(shell, "upgraded", "1.0.0");
        shell.run("plugstack:pin upgraded 1.0.0");
        deploy(shell, "upgraded", "2.0.0");
        assertThat(shell.run("plugstack:upgrade upgraded 2.0.0")).contains("upgrade to 2.0.0");
        Path file = runtime.home().resolve("data/plugin-versions.properties");
        String before = Files.readString(file);
        assertThat(before).contains("history.itest.restarted=1.0.0,3.0.0\n").contains("history.itest.upgraded=1.0.0,2.0.0\n");

        restart("upgraded", "1.0.0", "2.0.0");
        Shell again = restart("restarted", "1.0.0", "2.0.0", "3.0.0");

        // neither the stops (versions going one by one) nor the starts (coming back one by one) switched a version
        assertThat(Files.readString(file)).isEqualTo(before);
        assertThat(again.run("plugstack:rollback upgraded")).contains("rollback to 1.0.0 (was 2.0.0");
        assertThat(again.run("plugstack:rollback restarted")).contains("rollback to 1.0.0 (was 3.0.0");
    }
}
