package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;

import org.junit.jupiter.api.Test;

/** Pins and the active version survive a runtime restart (issue 5, item 4). */
class PinPersistenceIT extends BootedRuntime {

    static long deploy(Shell shell, String version) throws Exception {
        return PluginVersionsView.deploySettled(runtime, shell, fixtures.plugin("itest.kept", "versioned")
                .header("Slurm-Plugin-Name", "kept").bundleVersion(version).header("Implementation-Version", version).build());
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
}
