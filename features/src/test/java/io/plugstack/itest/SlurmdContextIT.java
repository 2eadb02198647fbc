package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * slurmd-context plugins are loaded once when slurmd starts and keep their state for the daemon's
 * life; a new plugin version changes nothing there until slurmd restarts (SPANK-10).
 */
class SlurmdContextIT extends BenchRuntime {

    @Test
    void slurmdPluginPersistsAcrossJobsAndIsReplacedOnlyByARestart() throws Exception {
        Path log = dir.resolve("slurmd.log");
        runtime.plugstackConf("required counter " + log);
        run("srun true");
        run("srun true");
        assertThat(lines(log).stream().filter(l -> l.endsWith("slurmd") || l.contains(" slurmd ")).toList())
                .hasSize(1).first().asString().startsWith("init slurmd").endsWith("instance=1 version=1");

        // a new version of the plugin: deployed, live for new stacks, but slurmd keeps the old one
        Path v2 = fixtures.plugin("itest.counter", "counter").bundleVersion("2.0.0").header("Implementation-Version", "2").build();
        Path deployed = runtime.deployDir().resolve("itest.counter-1.0.0.jar");
        java.nio.file.Files.copy(v2, runtime.deployDir().resolve("next.part"));
        java.nio.file.Files.move(runtime.deployDir().resolve("next.part"), deployed,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        // new launches get version 2 once FileInstall has updated and refreshed the bundle; no job is launched meanwhile:
        // one whose prolog met the plugin mid-refresh would fail as required and drain the node, and an srun then waits
        PlugstackRuntime.await(() -> {
            try {
                String shown = shell.run("plugstack:plugin itest.counter");
                return shown.contains("itest.counter 2.0.0") && shown.contains("status           READY");
            } catch (Exception e) {
                return false;
            }
        }, "version 2 to be ready");
        run("srun true");
        List<String> local = lines(log).stream().filter(l -> l.startsWith("init local")).toList();
        assertThat(local.get(local.size() - 1)).endsWith("version=2");
        assertThat(lines(log)).filteredOn(l -> l.contains(" slurmd ")).hasSize(1);

        assertThat(run("scontrol restart slurmd")).contains("slurmd restarted");
        assertThat(lines(log)).filteredOn(l -> l.contains(" slurmd ")).hasSize(3);
        assertThat(lines(log)).filteredOn(l -> l.contains(" slurmd ")).element(1).asString().startsWith("slurmd_exit slurmd")
                .endsWith("version=1");
        assertThat(lines(log)).filteredOn(l -> l.contains(" slurmd ")).element(2).asString().startsWith("init slurmd")
                .endsWith("instance=1 version=2");
    }
}
