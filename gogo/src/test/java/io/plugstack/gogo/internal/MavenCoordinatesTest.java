package io.plugstack.gogo.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MavenCoordinatesTest {

    @Test
    void karafStyleCoordinatesAreParsed() {
        assertArrayEquals(new String[] {"io.plugstack", "renice", "1.2.0"}, MavenCoordinates.parse("mvn:io.plugstack/renice/1.2.0").orElseThrow());
    }

    @Test
    void mavenStyleCoordinatesAreParsed() {
        assertArrayEquals(new String[] {"io.plugstack", "renice", "1.2.0"}, MavenCoordinates.parse("io.plugstack:renice:1.2.0").orElseThrow());
    }

    @Test
    void pathIsNotCoordinates() {
        assertTrue(MavenCoordinates.parse("/tmp/renice-1.2.0.jar").isEmpty());
        assertTrue(MavenCoordinates.parse("renice.jar").isEmpty());
    }

    @Test
    void incompleteKarafCoordinatesAreAnError() {
        assertThrows(IllegalArgumentException.class, () -> MavenCoordinates.parse("mvn:io.plugstack/renice"));
    }
}
