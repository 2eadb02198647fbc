package io.plugstack.paxexam.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SiteFilesTest {

    @TempDir
    Path home;

    @Test
    void slurmConfLinesBecomeTheConfigurationFileFileInstallReads() throws Exception {
        SiteFiles.SlurmConf conf = SiteFiles.writeSlurmConf(home, List.of("JobSubmitPlugins=project", "# a comment", "MinJobAge=10"));
        assertEquals(Map.of("JobSubmitPlugins", "project", "MinJobAge", "10"), conf.set());
        assertEquals(Set.of(), conf.dropped());
        assertEquals("JobSubmitPlugins=project\n# a comment\nMinJobAge=10\n", Files.readString(home.resolve("deploy/plugstack.slurm.cfg")));
    }

    @Test
    void parametersTheNewLinesNoLongerSetAreDropped() {
        SiteFiles.writeSlurmConf(home, List.of("JobSubmitPlugins=project", "ClusterName=c"));
        SiteFiles.SlurmConf conf = SiteFiles.writeSlurmConf(home, List.of("ClusterName=d"));
        assertEquals(Map.of("ClusterName", "d"), conf.set());
        assertEquals(Set.of("JobSubmitPlugins"), conf.dropped());
    }

    @Test
    void aSlurmConfLineWithoutEqualsIsRefusedBeforeAnythingIsWritten() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SiteFiles.writeSlurmConf(home, List.of("JobSubmitPlugins project")));
        assertEquals("slurm.conf line \"JobSubmitPlugins project\" is not Key=value", e.getMessage());
        assertEquals(false, Files.exists(home.resolve("deploy/plugstack.slurm.cfg")));
    }

    @Test
    void plugstackConfIsReplacedByTheLines() throws Exception {
        Files.createDirectories(home.resolve("etc"));
        Files.writeString(home.resolve("etc/plugstack.conf"), "required renice\n");
        SiteFiles.writePlugstackConf(home, List.of("required project", "optional demo /tmp/x"));
        assertEquals("required project\noptional demo /tmp/x\n", Files.readString(home.resolve("etc/plugstack.conf")));
    }
}
