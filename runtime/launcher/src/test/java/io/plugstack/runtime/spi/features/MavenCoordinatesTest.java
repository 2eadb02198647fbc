package io.plugstack.runtime.spi.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Maven coordinates in the forms features, Maven and Karaf write, row by row. */
class MavenCoordinatesTest {

    @ParameterizedTest
    @CsvSource({
        "io.plugstack:renice:1.2.0, io/plugstack/renice/1.2.0/renice-1.2.0.jar",
        "mvn:io.plugstack/renice/1.2.0, io/plugstack/renice/1.2.0/renice-1.2.0.jar",
        "org.example:a:1.0:zip:src, org/example/a/1.0/a-1.0-src.zip",
        "mvn:org.example/a/1.0/zip/src, org/example/a/1.0/a-1.0-src.zip",
        "org.example:a:1.0:pom, org/example/a/1.0/a-1.0.pom"})
    void coordinatesMapToTheMavenLayout(String text, String path) {
        assertThat(MavenCoordinates.parse(text).relativePath()).isEqualTo(Path.of(path));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/tmp/renice-1.2.0.jar", "renice.jar", "./deploy/a:b.jar"})
    void aPathIsNotCoordinates(String text) {
        assertThat(MavenCoordinates.parseIfCoordinates(text)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"mvn:io.plugstack/renice", "io.plugstack:renice", "a:b:c:d:e:f", "a::1.0", "just-a-name"})
    void malformedCoordinatesAreRefusedNamingTheText(String text) {
        assertThatThrownBy(() -> MavenCoordinates.parse(text)).hasMessage("\"" + text
                + "\" is not Maven coordinates (group:artifact:version[:type[:classifier]] or mvn:group/artifact/version)");
    }
}
