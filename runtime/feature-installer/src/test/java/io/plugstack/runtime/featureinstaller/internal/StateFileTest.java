package io.plugstack.runtime.featureinstaller.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.runtime.spi.features.FeatureDefinition;

class StateFileTest {

    @TempDir
    Path dir;

    private static InstalledFeature sitePolicy() {
        FeatureDefinition d = new FeatureDefinition("site.policy", "io.plugstack:site-policy:0.1.0", Path.of("/f/site.policy.json"),
                List.of(new FeatureDefinition.Bundle("g:a:1", Path.of("/r/g/a/1/a-1.jar"), 0),
                        new FeatureDefinition.Bundle("g:b:1", Path.of("/r/g/b/1/b-1.jar"), 7)),
                List.of(new FeatureDefinition.Configuration("plugstack.slurm", Map.of("JobSubmitPlugins", "partition", "n", 3)),
                        new FeatureDefinition.Configuration("plugstack.partition~batch", Map.of("PartitionName", "batch"))));
        return new InstalledFeature(d, List.of(new InstalledFeature.Previous("plugstack.slurm", Map.of("JobSubmitPlugins", "", "ClusterName", "c")),
                new InstalledFeature.Previous("plugstack.partition~batch", null)));
    }

    @Test
    void installedFeaturesComeBackAsWritten() throws Exception {
        StateFile state = new StateFile(dir.resolve("data/features.state"));

        state.write(List.of(sitePolicy()));
        List<InstalledFeature> read = state.read();

        assertThat(read).hasSize(1);
        InstalledFeature f = read.get(0);
        assertThat(f.definition()).isEqualTo(sitePolicy().definition());
        assertThat(f.previousOf("plugstack.slurm").orElseThrow().values()).isEqualTo(Map.of("JobSubmitPlugins", "", "ClusterName", "c"));
        assertThat(f.previousOf("plugstack.partition~batch").orElseThrow().values()).as("did not exist before").isNull();
    }

    @Test
    void writeReplacesTheFileWholeAndLeavesNoTemporaryFile() throws Exception {
        StateFile state = new StateFile(dir.resolve("features.state"));
        state.write(List.of(sitePolicy()));

        state.write(List.of());

        assertThat(state.read()).isEmpty();
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("features.state");
        }
    }

    @Test
    void noFileMeansNothingInstalled() throws Exception {
        assertThat(new StateFile(dir.resolve("absent")).read()).isEmpty();
    }
}
