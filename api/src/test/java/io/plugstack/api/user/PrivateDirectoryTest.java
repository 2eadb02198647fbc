package io.plugstack.api.user;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivateDirectoryTest {

    @TempDir
    Path base;
    @TempDir
    Path elsewhere;

    @Test
    void madeDirectoryIsMode0700AndOwnedByTheUserAndGroup() throws Exception {
        OnBehalfOf user = Users.jobUser();
        Path dir = PrivateDirectory.make(base, "slurm-1", user);
        assertThat(dir).isEqualTo(base.toRealPath().resolve("slurm-1"));
        assertThat(Users.mode(dir)).isEqualTo("rwx------");
        assertThat(Users.uid(dir)).isEqualTo(user.uid());
        assertThat(Users.gid(dir)).isEqualTo(user.gid());
    }

    @Test
    void aLinkAtTheDirectoryIsRefusedAndItsTargetIsUntouched() throws Exception {
        Path target = Users.strangersDirectory(elsewhere.resolve("victim"));
        long ownerBefore = Users.uid(target);
        Files.createSymbolicLink(base.resolve("slurm-1"), target);
        assertThatThrownBy(() -> PrivateDirectory.make(base, "slurm-1", Users.jobUser()))
                .hasMessageContaining(base.toRealPath().resolve("slurm-1").toString())
                .hasMessageContaining("a symbolic link; refused, not followed");
        assertThat(Users.uid(target)).isEqualTo(ownerBefore);
        assertThat(Users.mode(target)).isEqualTo("rwxrwxrwx");
    }

    @Test
    void anotherUsersDirectoryThereIsRefused() throws Exception {
        Path foreign = Users.strangersDirectory(base.resolve("slurm-2"));
        long ownerBefore = Users.uid(foreign);
        OnBehalfOf user = OnBehalfOf.user(Users.OTHER_UID, Users.OTHER_GID);
        assertThatThrownBy(() -> PrivateDirectory.make(base, "slurm-2", user))
                .hasMessageContaining(foreign.toRealPath().toString())
                .hasMessageContaining("owned by uid " + ownerBefore + "; refused");
        assertThat(Users.uid(foreign)).isEqualTo(ownerBefore);
    }

    @Test
    void theUsersOwnDirectoryWithAnotherModeIsRefused() throws Exception {
        OnBehalfOf user = Users.jobUser();
        Path dir = PrivateDirectory.make(base, "slurm-3", user);
        Users.chmod(dir, "rwxr-xr-x");
        assertThatThrownBy(() -> PrivateDirectory.make(base, "slurm-3", user)).hasMessageContaining("mode rwxr-xr-x");
    }

    @Test
    void theUsersPrivateDirectoryIsAcceptedAgain() throws Exception {
        OnBehalfOf user = Users.jobUser();
        Path first = PrivateDirectory.make(base, "slurm-4", user);
        Files.writeString(first.resolve("kept"), "x");
        assertThat(PrivateDirectory.make(base, "slurm-4", user)).isEqualTo(first);
        assertThat(first.resolve("kept")).exists();
    }

    @Test
    void aRootOwnedPrivateDirectoryIsHandedToTheUser() throws Exception {
        assumeTrue(Users.root(), "only root owns a directory as root");
        Path dir = Files.createDirectory(base.resolve("slurm-5"));
        Users.chmod(dir, "rwx------");
        OnBehalfOf user = OnBehalfOf.user(Users.OTHER_UID, Users.OTHER_GID);
        PrivateDirectory.make(base, "slurm-5", user);
        assertThat(Users.uid(dir)).isEqualTo(Users.OTHER_UID);
        assertThat(Users.gid(dir)).isEqualTo(Users.OTHER_GID);
    }

    @Test
    void aBaseWritableByOthersWithoutStickyBitIsRefused() throws Exception {
        Path open = Files.createDirectory(base.resolve("open"));
        Users.chmod(open, "rwxrwxrwx");
        assertThatThrownBy(() -> PrivateDirectory.make(open, "slurm-1", Users.jobUser()))
                .hasMessageContaining(open.toRealPath() + ": writable by group or others without the sticky bit");
        assertThat(open.resolve("slurm-1")).doesNotExist();
    }

    @Test
    void aStickyWorldWritableBaseIsAccepted() throws Exception {
        Path tmp = Files.createDirectory(base.resolve("tmp"));
        Files.setAttribute(tmp, "unix:mode", 01777);
        assertThat(PrivateDirectory.checkBase(tmp)).isEqualTo(tmp.toRealPath());
    }

    @Test
    void aBaseOwnedByAnotherUserIsRefused() throws Exception {
        assumeTrue(Users.root(), "only root can give a directory to another user");
        Path theirs = Files.createDirectory(base.resolve("theirs"));
        Files.setAttribute(theirs, "unix:uid", (int) Users.STRANGER_UID);
        assertThatThrownBy(() -> PrivateDirectory.checkBase(theirs))
                .hasMessageContaining(theirs.toRealPath() + ": owned by uid " + Users.STRANGER_UID + ", not by root");
    }

    @Test
    void aRelativeBaseIsRefused() {
        assertThatThrownBy(() -> PrivateDirectory.checkBase(Path.of("tmp"))).hasMessageContaining("must be an absolute path");
    }

    @Test
    void aNameThatIsNotOneComponentIsRefused() {
        assertThatThrownBy(() -> PrivateDirectory.make(base, "../etc", Users.jobUser())).hasMessageContaining("not a single directory name");
        assertThatThrownBy(() -> PrivateDirectory.remove(base, "..", Users.jobUser())).hasMessageContaining("not a single directory name");
    }

    @Test
    void removeDeletesTheTreeButNoLinkTargetInsideIt() throws Exception {
        Path outside = Files.createDirectories(elsewhere.resolve("outside"));
        Files.writeString(outside.resolve("keep"), "keep");
        Path dir = PrivateDirectory.make(base, "slurm-6", OnBehalfOf.thisProcess());
        Files.createDirectories(dir.resolve("a/b"));
        Files.writeString(dir.resolve("a/b/file"), "x");
        Files.createSymbolicLink(dir.resolve("escape"), outside);
        Files.createSymbolicLink(dir.resolve("a/b/file-link"), outside.resolve("keep"));
        Files.createSymbolicLink(dir.resolve("a/root-link"), Path.of("/"));
        PrivateDirectory.remove(base, "slurm-6", OnBehalfOf.thisProcess());
        assertThat(dir).doesNotExist();
        assertThat(outside.resolve("keep")).hasContent("keep");
        assertThat(outside).isDirectory();
    }

    @Test
    void removeUnlinksALinkAtTheDirectoryItselfWithoutFollowingIt() throws Exception {
        Path outside = Files.createDirectories(elsewhere.resolve("victim"));
        Files.writeString(outside.resolve("keep"), "keep");
        Path link = Files.createSymbolicLink(base.resolve("slurm-7"), outside);
        PrivateDirectory.remove(base, "slurm-7", OnBehalfOf.thisProcess());
        assertThat(link).doesNotExist();
        assertThat(Files.isSymbolicLink(link)).isFalse();
        assertThat(outside.resolve("keep")).hasContent("keep");
    }

    @Test
    void removeLeavesAnotherUsersDirectoryInPlace() throws Exception {
        Path foreign = Users.strangersDirectory(base.resolve("slurm-10"));
        Files.writeString(foreign.resolve("theirs"), "theirs");
        OnBehalfOf user = OnBehalfOf.user(Users.OTHER_UID, Users.OTHER_GID);
        assertThatThrownBy(() -> PrivateDirectory.remove(base, "slurm-10", user))
                .hasMessageContaining(foreign.toRealPath() + ": owned by uid " + Users.uid(foreign) + ", not by uid 4242; left in place");
        assertThat(foreign.resolve("theirs")).hasContent("theirs");
    }

    @Test
    void removeOfNothingIsFine() throws Exception {
        PrivateDirectory.remove(base, "slurm-8", OnBehalfOf.thisProcess());
        assertThat(base.resolve("slurm-8")).doesNotExist();
    }

    @Test
    void removeRefusesATreeDeeperThanItsLimitAndLeavesIt() throws Exception {
        Path dir = PrivateDirectory.make(base, "slurm-9", OnBehalfOf.thisProcess());
        Path deep = dir;
        for (int i = 0; i <= PrivateDirectory.MAX_DEPTH; i++) {
            deep = deep.resolve("d");
        }
        Files.createDirectories(deep);
        assertThatThrownBy(() -> PrivateDirectory.remove(base, "slurm-9", OnBehalfOf.thisProcess())).hasMessageContaining("directories deep; left in place");
        assertThat(dir).isDirectory();
    }
}
