package io.plugstack.api.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files password and group databases, read as getpwuid() and slurmctld's AllowGroups read them. */
class UnixUsersTest {

    @TempDir
    Path etc;

    private void databases() throws Exception {
        Files.writeString(etc.resolve("passwd"), String.join("\n",
                "root:x:0:0:root:/root:/bin/bash",
                "+nis:x:1000:1000::/nis:/bin/sh",
                "alice:x:1000:1000:Alice,,,:/home/alice:/bin/bash",
                "alias:x:1000:1000::/home/alias:/bin/bash",
                "bob:x:1001:2000::/home/bob:/bin/sh",
                "carol:x:1002:3000::/home/carol:/bin/sh", ""));
        Files.writeString(etc.resolve("group"), String.join("\n",
                "root:x:0:",
                "staff:x:1000:",
                "hpc:x:2000:",
                "gpu:x:4000:carol,alice", ""));
    }

    @Test
    void anEntryIsTheFirstLineWithTheUidPassingOverNisCompatLines() throws Exception {
        databases();
        assertThat(UnixUsers.byUid(etc.resolve("passwd"), 1000)).contains(new UnixUsers.Entry("alice", 1000, 1000, "/home/alice"));
        assertThat(UnixUsers.byUid(etc.resolve("passwd"), 0).orElseThrow().home()).isEqualTo("/root");
        assertThat(UnixUsers.byUid(etc.resolve("passwd"), 4242)).isEmpty();
    }

    @Test
    void aMissingPasswdFileKnowsNobody() {
        assertThat(UnixUsers.byUid(etc.resolve("absent"), 0)).isEmpty();
    }

    @Test
    void allowGroupsAdmitsPrimaryGroupsAndMembers() throws Exception {
        databases();
        assertThat(UnixUsers.uidsInGroups(List.of("hpc"), etc)).containsExactly(1001L);
        assertThat(UnixUsers.uidsInGroups(List.of("gpu"), etc)).containsExactlyInAnyOrder(1000L, 1002L);
        assertThat(UnixUsers.uidsInGroups(List.of("nosuch"), etc)).isEmpty();
    }

    @Test
    void aGroupIsNamedByItsLineOrElseItsGidAsSlurmPrintsAnUnknownOne() throws Exception {
        databases();
        assertThat(UnixUsers.groupNameOrGid(etc.resolve("group"), 2000)).isEqualTo("hpc");
        assertThat(UnixUsers.groupNameOrGid(etc.resolve("group"), 4242)).isEqualTo("4242");
        assertThat(UnixUsers.groupNameOrGid(etc.resolve("nosuch"), 0)).isEqualTo("0");
    }
}
