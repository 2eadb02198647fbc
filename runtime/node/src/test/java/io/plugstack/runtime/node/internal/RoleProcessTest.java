package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** What a child role's JVM takes over from the root role's command line (bin/plugstack-node's options). */
class RoleProcessTest {

    @Test
    void aRoleRunsWithTheRootRolesCollectorArchiveAndLogSettings() {
        List<String> root = List.of("-XX:+UseSerialGC", "-Xms16m", "-Xss512k", "-XX:SharedArchiveFile=/opt/plugstack/data/cds/node-1.jsa",
                "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
        assertThat(RoleProcess.inheritedJvmOptions(root)).containsExactlyElementsOf(root);
    }

    @Test
    void onlyTheRootRoleWritesTheArchiveAndTheRoleHasItsOwnHeapBoundAndSettings() {
        List<String> root = List.of("-XX:ArchiveClassesAtExit=/opt/plugstack/data/cds/node-1.jsa", "-Xmx256m", "-XX:MaxHeapSize=268435456",
                "-Dplugstack.slurm.release=22.05.8", "-javaagent:/x.jar", "-XX:+UseSerialGC");
        assertThat(RoleProcess.inheritedJvmOptions(root)).containsExactly("-XX:+UseSerialGC");
    }
}
