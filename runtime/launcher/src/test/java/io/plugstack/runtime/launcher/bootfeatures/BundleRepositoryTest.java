package io.plugstack.runtime.launcher.bootfeatures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundleRepositoryTest {

    @TempDir
    Path dir;

    @Test
    void coordinatesMapToTheMavenLayoutWithTypeAndClassifier() {
        assertThat(BundleRepository.relativePath("org.example:a:1.0")).isEqualTo(Path.of("org/example/a/1.0/a-1.0.jar"));
        assertThat(BundleRepository.relativePath("org.example:a:1.0:zip:src")).isEqualTo(Path.of("org/example/a/1.0/a-1.0-src.zip"));
    }

    @Test
    void notCoordinatesIsRefused() {
        assertThatThrownBy(() -> BundleRepository.relativePath("just-a-name"))
                .hasMessage("\"just-a-name\" is not Maven coordinates (group:artifact:version[:type[:classifier]] or mvn:group/artifact/version)");
    }

    @Test
    void laterRootIsSearchedWhenTheFirstLacksTheJar() throws Exception {
        Path jar = dir.resolve("second/org/example/a/1.0/a-1.0.jar");
        Files.createDirectories(jar.getParent());
        Files.writeString(jar, "x");

        assertThat(new BundleRepository(List.of(dir.resolve("first"), dir.resolve("second"))).resolve("org.example:a:1.0")).isEqualTo(jar);
    }
}
