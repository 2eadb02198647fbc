package io.plugstack.runtime.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.plugin.SlurmRelease;

class RuntimeSettingsTest {

    @TempDir
    Path home;

    @Test
    void releaseDefaultsToTheApiRelease() {
        assertEquals(SlurmRelease.BUILT_FOR, RuntimeSettings.load(home, new Properties()).slurmRelease().toString());
    }

    @Test
    void settingsFileIsOverriddenBySystemProperties() throws Exception {
        Files.createDirectories(home.resolve("etc"));
        Files.writeString(home.resolve("etc/plugstack.properties"), "plugstack.slurm.release=24.05.1\nplugstack.deploy.dir=drop\n");
        Properties p = new Properties();
        p.setProperty("plugstack.slurm.release", "23.11.4");
        RuntimeSettings s = RuntimeSettings.load(home, p);
        assertEquals("23.11.4", s.slurmRelease().toString());
        assertEquals(home.resolve("drop").toAbsolutePath().normalize(), s.deployDir());
    }

    @Test
    void aRuntimeIsANodeDaemonExactlyWhenItHasASocketDirectory() {
        assertFalse(RuntimeSettings.load(home, new Properties()).nodeDaemon());
        Properties p = new Properties();
        p.setProperty(RuntimeSettings.NODE_SOCKET_DIR, "/run/plugstack");
        assertTrue(RuntimeSettings.load(home, p).nodeDaemon());
    }

    @Test
    void malformedReleaseFailsAtStartNamingTheSetting() {
        Properties p = new Properties();
        p.setProperty("plugstack.slurm.release", "latest");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RuntimeSettings.load(home, p));
        assertTrue(e.getMessage().startsWith("plugstack.slurm.release: "), e.getMessage());
    }

    @Test
    void aReleaseOutsideTheSupportedSeriesRefusesTheStartInOneLineNamingTheSetting() {
        Properties p = new Properties();
        p.setProperty("plugstack.slurm.release", "21.08.8");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RuntimeSettings.load(home, p));
        assertEquals("plugstack.slurm.release: Slurm 21.08.8 is not a release Plugstack can play "
                + "(supported series: 22.05, 23.02, 23.11, 24.05, 24.11, 25.05, 25.11, 26.05)", e.getMessage());
    }

    @Test
    void unrelatedSystemPropertiesAreNotPassedToTheFramework() {
        Properties p = new Properties();
        p.setProperty("java.home", "/x");
        p.setProperty("felix.fileinstall.poll", "10");
        RuntimeSettings s = RuntimeSettings.load(home, p);
        assertTrue(s.all().containsKey("felix.fileinstall.poll"));
        assertTrue(!s.all().containsKey("java.home"));
    }

    @Test
    void bootFeaturesAreTheCommaListInOrderWithoutBlanksOrRepeats() {
        Properties p = new Properties();
        p.setProperty("plugstack.features.boot", " runtime, spank,,runtime ,site ");
        assertEquals(java.util.List.of("runtime", "spank", "site"), RuntimeSettings.load(home, p).bootFeatures());
    }

    @Test
    void extraMavenRepositoryIsSearchedAfterTheSystemRepository() {
        Properties p = new Properties();
        p.setProperty("plugstack.maven.repo", "m2");
        RuntimeSettings s = RuntimeSettings.load(home, p);
        assertEquals(java.util.List.of(s.home().resolve("system"), s.home().resolve("m2")), s.repositories());
    }
}
