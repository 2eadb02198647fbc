package io.plugstack.paxexam.container;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectLayoutTest {

    @TempDir
    Path dir;

    @Test
    void unsetDistributionNamesThePropertyAndWhatThePomNeeds() {
        String before = System.clearProperty(ProjectLayout.DISTRIBUTION);
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, ProjectLayout::distribution);
            assertTrue(e.getMessage().startsWith("plugstack.distribution is not set: "), e.getMessage());
            assertTrue(e.getMessage().endsWith(ProjectLayout.POM_HINT), e.getMessage());
        } finally {
            if (before != null) {
                System.setProperty(ProjectLayout.DISTRIBUTION, before);
            }
        }
    }

    @Test
    void aDirectoryThatIsNoDistributionIsRefusedNamingWhatItLacks() throws Exception {
        Files.createDirectories(dir.resolve("features"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ProjectLayout.checkDistribution(dir));
        assertTrue(e.getMessage().startsWith("plugstack.distribution=" + dir + " is not an unpacked Plugstack distribution:"
                + " it has no etc/plugstack.properties, system/ ("), e.getMessage());
    }

    @Test
    void anUnpackedDistributionIsAccepted() throws Exception {
        Files.createDirectories(dir.resolve("etc"));
        Files.createDirectories(dir.resolve("features"));
        Files.createDirectories(dir.resolve("system"));
        Files.writeString(dir.resolve("etc/plugstack.properties"), "");
        assertEquals(dir, ProjectLayout.checkDistribution(dir));
    }

    @Test
    void defaultBundleIsTheProjectsJarInTarget() throws Exception {
        Files.writeString(dir.resolve("pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <parent><groupId>org.site</groupId><artifactId>parent</artifactId><version>2.1</version></parent>
                  <artifactId>spank-project</artifactId>
                  <dependencies><dependency><artifactId>other</artifactId><version>9</version></dependency></dependencies>
                </project>
                """);
        assertEquals(dir.resolve("target/spank-project-2.1.jar"), ProjectLayout.defaultPluginBundle(dir));
    }

    @Test
    void aMissingBundleSaysToRunThePackagePhase() {
        Path jar = dir.resolve("target/spank-project-1.0.jar");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ProjectLayout.checkPluginBundle(jar, "the project's bundle"));
        assertEquals("the project's bundle: " + jar + " does not exist: run the package phase first (mvn verify runs it before the"
                + " integration tests), or name the plugin's jar with -Dplugstack.plugin.bundle=...", e.getMessage());
    }
}
