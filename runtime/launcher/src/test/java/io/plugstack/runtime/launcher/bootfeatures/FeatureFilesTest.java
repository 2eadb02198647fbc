package io.plugstack.runtime.launcher.bootfeatures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.runtime.spi.features.FeatureDefinition;

class FeatureFilesTest {

    @TempDir
    Path home;
    FeatureFiles files;

    @BeforeEach
    void repository() throws Exception {
        for (String a : List.of("a", "b", "c")) {
            Path jar = home.resolve("system/org/example/" + a + "/1.0/" + a + "-1.0.jar");
            Files.createDirectories(jar.getParent());
            Files.writeString(jar, "not read");
        }
        Files.createDirectories(home.resolve("features"));
        files = new FeatureFiles(home.resolve("features"), new BundleRepository(List.of(home.resolve("system"))), List.of("one", "two"));
    }

    private Path feature(String name, String json) throws Exception {
        return Files.writeString(home.resolve("features/" + name + ".json"), json);
    }

    @Test
    void readsBundlesWithTheirJarsAndStartOrderAndTypedConfigurations() throws Exception {
        feature("f", """
                { "id": "org.example:f:1.0",
                  "bundles": [ {"id": "org.example:a:1.0", "start-order": 5}, {"id": "org.example:b:1.0"} ],
                  "configurations": { "my.pid": {"n:Integer": 3, "s": "x"}, "my.factory~one": {"k": "v"} } }""");

        FeatureDefinition f = files.read("f");

        assertThat(f.name()).isEqualTo("f");
        assertThat(f.id()).isEqualTo("org.example:f:1.0");
        assertThat(f.bundles()).extracting(FeatureDefinition.Bundle::id).containsExactly("org.example:a:1.0", "org.example:b:1.0");
        assertThat(f.bundles().get(0).jar()).isEqualTo(home.resolve("system/org/example/a/1.0/a-1.0.jar"));
        assertThat(f.startOrder()).extracting(FeatureDefinition.Bundle::id).containsExactly("org.example:b:1.0", "org.example:a:1.0");
        assertThat(f.configurations()).extracting(FeatureDefinition.Configuration::pid).containsExactly("my.pid", "my.factory~one");
        assertThat(f.configurations().get(0).values()).containsEntry("n", 3).containsEntry("s", "x");
        assertThat(f.configurations().get(1).factoryPid()).isEqualTo("my.factory");
        assertThat(f.configurations().get(1).factoryName()).isEqualTo("one");
    }

    @Test
    void aPathIsReadAsWellAsAName() throws Exception {
        Path file = Files.writeString(home.resolve("elsewhere.json"), "{\"id\": \"org.example:e:1\", \"bundles\": []}");

        assertThat(files.read(file.toString()).name()).isEqualTo("elsewhere");
    }

    @Test
    void unknownBundleIdNamesTheFileTheEntryAndWhereItWasLookedFor() throws Exception {
        Path file = feature("f", "{\"id\": \"org.example:f:1\", \"bundles\": [{\"id\": \"org.example:a:1.0\"}, {\"id\": \"org.example:zz:2\"}]}");

        assertThatThrownBy(() -> files.read("f")).hasMessage(file + ": bundles[1] \"org.example:zz:2\": bundle \"org.example:zz:2\" has no jar in "
                + home.resolve("system/org/example/zz/2/zz-2.jar"));
    }

    @Test
    void malformedJsonNamesTheFileAndThePosition() throws Exception {
        Path file = feature("f", "{\"id\": \"org.example:f:1\", \"bundles\": [");

        assertThatThrownBy(() -> files.read("f")).hasMessageStartingWith(file + ": not a valid OSGi feature: ").hasMessageContaining("line no=1");
    }

    @Test
    void bundleWithoutIdIsNamedAsAMissingMember() throws Exception {
        Path file = feature("f", "{\"id\": \"org.example:f:1\", \"bundles\": [{\"start-order\": 1}]}");

        assertThatThrownBy(() -> files.read("f")).hasMessage(file + ": not a valid OSGi feature: a required member (\"id\" of the feature or of a bundle) is missing");
    }

    @Test
    void badStartOrderIsRefused() throws Exception {
        feature("f", "{\"id\": \"org.example:f:1\", \"bundles\": [{\"id\": \"org.example:a:1.0\", \"start-order\": \"soon\"}]}");

        assertThatThrownBy(() -> files.read("f")).hasMessageEndingWith("bundles[0] \"org.example:a:1.0\": start-order soon is not a non-negative integer");
    }

    @Test
    void startConcurrentlyIsReadFromTheBundlesMetadata() throws Exception {
        feature("f", "{\"id\": \"org.example:f:1\", \"bundles\": [{\"id\": \"org.example:a:1.0\", \"start-concurrently\": true},"
                + " {\"id\": \"org.example:b:1.0\"}]}");

        assertThat(files.read("f").bundles()).extracting(FeatureDefinition.Bundle::startConcurrently).containsExactly(true, false);
    }

    @Test
    void consoleIsReadFromTheBundlesMetadata() throws Exception {
        feature("f", "{\"id\": \"org.example:f:1\", \"bundles\": [{\"id\": \"org.example:a:1.0\"},"
                + " {\"id\": \"org.example:b:1.0\", \"console\": true}]}");

        assertThat(files.read("f").bundles()).extracting(FeatureDefinition.Bundle::console).containsExactly(false, true);
    }

    @Test
    void badConsoleIsRefused() throws Exception {
        feature("f", "{\"id\": \"org.example:f:1\", \"bundles\": [{\"id\": \"org.example:a:1.0\", \"console\": \"yes\"}]}");

        assertThatThrownBy(() -> files.read("f")).hasMessageEndingWith("bundles[0] \"org.example:a:1.0\": console yes is not true or false");
    }

    @Test
    void badStartConcurrentlyIsRefused() throws Exception {
        feature("f", "{\"id\": \"org.example:f:1\", \"bundles\": [{\"id\": \"org.example:a:1.0\", \"start-concurrently\": 1}]}");

        assertThatThrownBy(() -> files.read("f")).hasMessageEndingWith("bundles[0] \"org.example:a:1.0\": start-concurrently 1 is not true or false");
    }

    @Test
    void missingFeatureListsTheAvailableOnes() throws Exception {
        feature("one", "{\"id\": \"org.example:one:1\"}");

        assertThatThrownBy(() -> files.read("nosuch")).hasMessage(home.resolve("features/nosuch.json") + ": no such feature file (available: one)");
    }

    @Test
    void bootBundlesAreInstalledOnceAndStartedInStartOrderAcrossFeatures() throws Exception {
        feature("one", "{\"id\": \"x:one:1\", \"bundles\": [{\"id\": \"org.example:c:1.0\", \"start-order\": 9}, {\"id\": \"org.example:a:1.0\"}]}");
        feature("two", "{\"id\": \"x:two:1\", \"bundles\": [{\"id\": \"org.example:a:1.0\"}, {\"id\": \"org.example:b:1.0\"}]}");

        assertThat(files.bootBundles()).extracting(FeatureDefinition.Bundle::id)
                .containsExactly("org.example:a:1.0", "org.example:b:1.0", "org.example:c:1.0");
    }
}
