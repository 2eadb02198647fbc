package io.plugstack.api.user;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job's private directory: made once for a job and user, recorded, found again by the job's later calls
 * (another plugin instance, another process), removed with its record; anything else at its name is refused
 * and left as it was. As root (the node's case) the job's user is another uid; {@link #realUser()} is an
 * account made with useradd, for what that user does themselves.
 */
class PrivateDirectoryTest {

    /** The unprivileged account the tests make (useradd) when it is missing. */
    static final String TEST_USER = "plugstack-pdtest";

    @TempDir
    Path base;
    @TempDir
    Path elsewhere;
    Path records;
    PrivateDirectory tmp;

    @BeforeEach
    void records() {
        records = elsewhere.resolve("records");
        tmp = PrivateDirectory.recordedIn(records, "private-tmp");
    }

    @Test
    void madeDirectoryIsMode0700AndOwnedByTheUserAndGroup() throws Exception {
        OnBehalfOf user = Users.jobUser();
        Path dir = tmp.make(base, "slurm-1", 1, user);
        assertThat(dir).isEqualTo(base.toRealPath().resolve("slurm-1"));
        assertThat(Users.mode(dir)).isEqualTo("rwx------");
        assertThat(Users.uid(dir)).isEqualTo(user.uid());
        assertThat(Users.gid(dir)).isEqualTo(user.gid());
    }

    @Test
    void theDirectoryMadeForAJobIsAcceptedAgainForTheSameJobAndUser() throws Exception {
        OnBehalfOf user = Users.jobUser();
        Path first = tmp.make(base, "slurm-4", 4, user);
        Files.writeString(first.resolve("kept"), "x");
        assertThat(PrivateDirectory.recordedIn(records, "private-tmp").make(base, "slurm-4", 4, user))
                .as("a step's new plugin instance finds what the prolog's made").isEqualTo(first);
        assertThat(first.resolve("kept")).hasContent("x");
    }

    @Test
    void theDirectoryMadeForAJobIsAcceptedByAStepInAnotherProcess() throws Exception {
        OnBehalfOf user = Users.jobUser();
        Path dir = tmp.make(base, "slurm-11", 11, user); // the prolog, then the runtime restarts
        Files.writeString(dir.resolve("kept"), "x");
        Process step = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                codeSource(PrivateDirectory.class) + java.io.File.pathSeparator + codeSource(Step.class), Step.class.getName(),
                records.toString(), base.toString(), "slurm-11", "11", Long.toString(user.uid()), Long.toString(user.gid()))
                .redirectErrorStream(true).start();
        String out = new String(step.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(step.waitFor()).as(out).isZero();
        assertThat(out).isEqualTo(dir + "\n");
        assertThat(dir.resolve("kept")).hasContent("x");
    }

    @Test
    void aRootOwnedPrivateDirectoryAlreadyThereIsRefusedAndLeftAsItWas() throws Exception {
        assumeTrue(Users.root(), "only root owns a directory as root");
        Path rootsJob = Files.createDirectory(base.resolve("slurm-5")); // a root job's, made earlier (ids restart)
        Users.chmod(rootsJob, "rwx------");
        Files.writeString(rootsJob.resolve("data"), "root's");
        OnBehalfOf user = OnBehalfOf.user(Users.OTHER_UID, Users.OTHER_GID);
        assertThatThrownBy(() -> tmp.make(base, "slurm-5", 5, user))
                .hasMessage(rootsJob.toRealPath() + ": already exists and is not a private directory for uid 4242 made by private-tmp"
                        + " for job 5: a directory of uid 0, mode rwx------, which private-tmp did not make; refused");
        assertThat(Users.uid(rootsJob)).isZero();
        assertThat(Users.gid(rootsJob)).isZero();
        assertThat(Users.mode(rootsJob)).isEqualTo("rwx------");
        assertThat(rootsJob.resolve("data")).hasContent("root's");
        assertThat(Users.uid(rootsJob.resolve("data"))).isZero();
    }

    @Test
    void theDirectoryAnotherJobWithTheSameIdMadeIsRefusedAndItsEpilogLeavesIt() throws Exception {
        assumeTrue(Users.root(), "only root makes a directory for root and another user");
        Path rootsJob = tmp.make(base, "slurm-6", 6, OnBehalfOf.thisProcess());
        Files.writeString(rootsJob.resolve("data"), "root's");
        OnBehalfOf user = OnBehalfOf.user(Users.OTHER_UID, Users.OTHER_GID);
        assertThatThrownBy(() -> tmp.make(base, "slurm-6", 6, user))
                .hasMessageStartingWith(rootsJob + ": already exists and is not a private directory for uid 4242")
                .hasMessageEndingWith(": a directory of uid 0, mode rwx------, which private-tmp made for job 6 of uid 0; refused");
        assertThatThrownBy(() -> tmp.remove(base, "slurm-6", 6, user))
                .hasMessage(rootsJob + ": a directory of uid 0, mode rwx------, not the directory private-tmp made for job 6 of uid 4242"
                        + " (private-tmp made it for job 6 of uid 0); left in place");
        assertThat(rootsJob.resolve("data")).hasContent("root's");
        assertThat(Users.uid(rootsJob)).isZero();
        assertThat(tmp.make(base, "slurm-6", 6, OnBehalfOf.thisProcess())).as("still root's job's, record and all").isEqualTo(rootsJob);
    }

    @Test
    void theSameNameForAnotherUidIsRefused() throws Exception {
        assumeTrue(Users.root(), "only root makes directories for two users");
        Path made = tmp.make(base, "slurm-12", 12, OnBehalfOf.user(Users.OTHER_UID, Users.OTHER_GID));
        OnBehalfOf another = OnBehalfOf.user(Users.STRANGER_UID, Users.OTHER_GID);
        assertThatThrownBy(() -> tmp.make(base, "slurm-12", 12, another))
                .hasMessage(made + ": already exists and is not a private directory for uid 12345 made by private-tmp for job 12:"
                        + " a directory of uid 4242, mode rwx------, which private-tmp made for job 12 of uid 4242; refused");
        assertThat(Users.uid(made)).isEqualTo(Users.OTHER_UID);
    }

    @Test
    void aDirectoryTheJobsUserMadeIsRefused() throws Exception {
        assumeTrue(Users.root(), "only root can act for the test user");
        OnBehalfOf user = realUser();
        Path shared = sharedBase();
        Path premade = shared.resolve("slurm-13");
        Process mkdir = new ProcessBuilder(user.command(List.of("mkdir", "-m", "700", premade.toString()))).inheritIO().start();
        assertThat(mkdir.waitFor()).isZero();
        assertThat(Users.uid(premade)).isEqualTo(user.uid());
        assertThatThrownBy(() -> tmp.make(shared, "slurm-13", 13, user))
                .hasMessage(premade.toRealPath() + ": already exists and is not a private directory for uid " + user.uid()
                        + " made by private-tmp for job 13: a directory of uid " + user.uid() + ", mode rwx------, which private-tmp"
                        + " did not make; refused");
    }

    @Test
    void aDirectoryPutInPlaceOfTheOneMadeIsRefused() throws Exception {
        OnBehalfOf user = Users.jobUser();
        Path made = tmp.make(base, "slurm-14", 14, user);
        Files.move(made, base.resolve("aside")); // still there: the new one cannot get its inode
        Files.createDirectory(made);
        Users.chmod(made, "rwx------");
        Files.setAttribute(made, "unix:uid", (int) user.uid());
        assertThatThrownBy(() -> tmp.make(base, "slurm-14", 14, user))
                .hasMessageStartingWith(made + ": already exists and is not a private directory for uid " + user.uid())
                .hasMessageEndingWith(", in place of the one private-tmp made; refused");
    }

    @Test
    void aLinkAtTheDirectoryIsRefusedAndItsTargetIsUntouched() throws Exception {
        Path target = Users.strangersDirectory(elsewhere.resolve("victim"));
        long ownerBefore = Users.uid(target);
        Files.createSymbolicLink(base.resolve("slurm-1"), target);
        assertThatThrownBy(() -> tmp.make(base, "slurm-1", 1, Users.jobUser()))
                .hasMessageStartingWith(base.toRealPath().resolve("slurm-1") + ": already exists and is not a private directory for uid "
                        + Users.jobUser().uid() + " made by private-tmp for job 1: a symbolic link of uid ")
                .hasMessageEndingWith("; refused, not followed");
        assertThat(Users.uid(target)).isEqualTo(ownerBefore);
        assertThat(Users.mode(target)).isEqualTo("rwxrwxrwx");
    }

    @Test
    void anotherUsersDirectoryThereIsRefused() throws Exception {
        Path foreign = Users.strangersDirectory(base.resolve("slurm-2"));
        long ownerBefore = Users.uid(foreign);
        OnBehalfOf user = OnBehalfOf.user(Users.OTHER_UID, Users.OTHER_GID);
        assertThatThrownBy(() -> tmp.make(base, "slurm-2", 2, user))
                .hasMessageContaining(foreign.toRealPath().toString())
                .hasMessageContaining("a directory of uid " + ownerBefore + ", mode rwxrwxrwx, which private-tmp did not make; refused");
        assertThat(Users.uid(foreign)).isEqualTo(ownerBefore);
    }

    @Test
    void theUsersOwnDirectoryWithAnotherModeIsRefused() throws Exception {
        OnBehalfOf user = Users.jobUser();
        Path dir = tmp.make(base, "slurm-3", 3, user);
        Users.chmod(dir, "rwxr-xr-x");
        assertThatThrownBy(() -> tmp.make(base, "slurm-3", 3, user)).hasMessageEndingWith("mode rwxr-xr-x, no longer rwx------; refused");
    }

    @Test
    void aRecordedDirectoryStillRootsIsRefusedAndRemovedByItsRecord() throws Exception {
        assumeTrue(Users.root(), "only root hands directories over");
        OnBehalfOf user = OnBehalfOf.user(Users.OTHER_UID, Users.OTHER_GID);
        Path dir = tmp.make(base, "slurm-15", 15, user);
        Files.setAttribute(dir, "unix:uid", 0); // as if the runtime stopped between the record and lchown
        Files.setAttribute(dir, "unix:gid", 0);
        assertThatThrownBy(() -> tmp.make(base, "slurm-15", 15, user))
                .hasMessageEndingWith(": a directory of uid 0, mode rwx------, not the user's; refused");
        assertThat(Users.uid(dir)).as("never chowned once there").isZero();
        tmp.remove(base, "slurm-15", 15, user);
        assertThat(dir).doesNotExist();
        assertThat(recordsHeld()).isEmpty();
    }

    @Test
    void stepsStartingAtOnceAllGetTheOneDirectory() throws Exception {
        OnBehalfOf user = Users.jobUser();
        ExecutorService steps = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Path>> calls = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                calls.add(() -> PrivateDirectory.recordedIn(records, "private-tmp").make(base, "slurm-16", 16, user));
            }
            for (Future<Path> f : steps.invokeAll(calls)) {
                assertThat(f.get()).isEqualTo(base.toRealPath().resolve("slurm-16"));
            }
        } finally {
            steps.shutdownNow();
        }
    }

    @Test
    void aRecordsDirectoryOthersMayWriteIsRefusedAndNothingIsMade() throws Exception {
        Path open = Files.createDirectory(elsewhere.resolve("open-records"));
        Files.setAttribute(open, "unix:mode", 01777);
        assertThatThrownBy(() -> PrivateDirectory.recordedIn(open, "private-tmp").make(base, "slurm-1", 1, Users.jobUser()))
                .hasMessage(open.toRealPath() + ": writable by group or others (mode rwxrwxrwx); records must be writable by their owner only");
        assertThat(base.resolve("slurm-1")).doesNotExist();
    }

    @Test
    void aMissingRecordsDirectoryIsMadePrivate() throws Exception {
        tmp.make(base, "slurm-1", 1, Users.jobUser());
        assertThat(Users.mode(records)).isEqualTo("rwx------");
        assertThat(Users.uid(records)).isEqualTo(OnBehalfOf.thisProcess().uid());
    }

    @Test
    void aRelativeRecordsDirectoryIsRefused() {
        assertThatThrownBy(() -> PrivateDirectory.recordedIn(Path.of("records"), "private-tmp")).hasMessageContaining("must be an absolute path");
    }

    @Test
    void aBaseWritableByOthersWithoutStickyBitIsRefused() throws Exception {
        Path open = Files.createDirectory(base.resolve("open"));
        Users.chmod(open, "rwxrwxrwx");
        assertThatThrownBy(() -> tmp.make(open, "slurm-1", 1, Users.jobUser()))
                .hasMessageContaining(open.toRealPath() + ": writable by group or others without the sticky bit");
        assertThat(open.resolve("slurm-1")).doesNotExist();
    }

    @Test
    void aStickyWorldWritableBaseIsAccepted() throws Exception {
        Path sticky = Files.createDirectory(base.resolve("tmp"));
        Files.setAttribute(sticky, "unix:mode", 01777);
        assertThat(PrivateDirectory.checkBase(sticky)).isEqualTo(sticky.toRealPath());
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
        assertThatThrownBy(() -> tmp.make(base, "../etc", 1, Users.jobUser())).hasMessageContaining("not a single directory name");
        assertThatThrownBy(() -> tmp.remove(base, "..", 1, Users.jobUser())).hasMessageContaining("not a single directory name");
    }

    @Test
    void removeDeletesTheDirectoryAndItsRecord() throws Exception {
        OnBehalfOf user = Users.jobUser();
        Path dir = tmp.make(base, "slurm-17", 17, user);
        assertThat(recordsHeld()).containsExactly("%2F" + dir.toString().substring(1).replace("/", "%2F"));
        tmp.remove(base, "slurm-17", 17, user);
        assertThat(dir).doesNotExist();
        assertThat(recordsHeld()).isEmpty();
        Path again = tmp.make(base, "slurm-17", 17, user);
        assertThat(again).as("made afresh, not refused").isDirectory();
    }

    @Test
    void removeDeletesTheTreeButNoLinkTargetInsideIt() throws Exception {
        Path outside = Files.createDirectories(elsewhere.resolve("outside"));
        Files.writeString(outside.resolve("keep"), "keep");
        Path dir = tmp.make(base, "slurm-6", 6, OnBehalfOf.thisProcess());
        Files.createDirectories(dir.resolve("a/b"));
        Files.writeString(dir.resolve("a/b/file"), "x");
        Files.createSymbolicLink(dir.resolve("escape"), outside);
        Files.createSymbolicLink(dir.resolve("a/b/file-link"), outside.resolve("keep"));
        Files.createSymbolicLink(dir.resolve("a/root-link"), Path.of("/"));
        tmp.remove(base, "slurm-6", 6, OnBehalfOf.thisProcess());
        assertThat(dir).doesNotExist();
        assertThat(outside.resolve("keep")).hasContent("keep");
        assertThat(outside).isDirectory();
    }

    @Test
    void removeUnlinksALinkAtTheDirectoryItselfWithoutFollowingIt() throws Exception {
        Path outside = Files.createDirectories(elsewhere.resolve("victim"));
        Files.writeString(outside.resolve("keep"), "keep");
        Path link = Files.createSymbolicLink(base.resolve("slurm-7"), outside);
        tmp.remove(base, "slurm-7", 7, OnBehalfOf.thisProcess());
        assertThat(Files.isSymbolicLink(link)).isFalse();
        assertThat(link).doesNotExist();
        assertThat(outside.resolve("keep")).hasContent("keep");
    }

    @Test
    void removeLeavesADirectoryItDidNotMakeInPlace() throws Exception {
        Path foreign = Users.strangersDirectory(base.resolve("slurm-10"));
        Files.writeString(foreign.resolve("theirs"), "theirs");
        OnBehalfOf user = OnBehalfOf.user(Users.OTHER_UID, Users.OTHER_GID);
        assertThatThrownBy(() -> tmp.remove(base, "slurm-10", 10, user))
                .hasMessage(foreign.toRealPath() + ": a directory of uid " + Users.uid(foreign) + ", mode rwxrwxrwx, not the directory"
                        + " private-tmp made for job 10 of uid 4242 (private-tmp did not make it); left in place");
        assertThat(foreign.resolve("theirs")).hasContent("theirs");
    }

    @Test
    void removeOfNothingIsFine() throws Exception {
        tmp.remove(base, "slurm-8", 8, OnBehalfOf.thisProcess());
        assertThat(base.resolve("slurm-8")).doesNotExist();
    }

    @Test
    void removeRefusesATreeDeeperThanItsLimitAndLeavesIt() throws Exception {
        Path dir = tmp.make(base, "slurm-9", 9, OnBehalfOf.thisProcess());
        Path deep = dir;
        for (int i = 0; i <= PrivateDirectory.MAX_DEPTH; i++) {
            deep = deep.resolve("d");
        }
        Files.createDirectories(deep);
        assertThatThrownBy(() -> tmp.remove(base, "slurm-9", 9, OnBehalfOf.thisProcess())).hasMessageContaining("directories deep; left in place");
        assertThat(dir).isDirectory();
    }

    @Test
    @SuppressWarnings("deprecation")
    void theUnrecordedMakeRefusesAnythingAlreadyThere() throws Exception {
        assumeTrue(Users.root(), "only root owns a directory as root");
        Path rootsJob = Files.createDirectory(base.resolve("slurm-18"));
        Users.chmod(rootsJob, "rwx------");
        assertThatThrownBy(() -> PrivateDirectory.make(base, "slurm-18", OnBehalfOf.user(Users.OTHER_UID, Users.OTHER_GID)))
                .hasMessage(rootsJob.toRealPath() + ": already exists: a directory of uid 0, mode rwx------; refused");
        assertThat(Users.uid(rootsJob)).isZero();
    }

    @Test
    @SuppressWarnings("deprecation")
    void theUnrecordedRemoveLeavesRootsDirectoryForAnotherUser() throws Exception {
        assumeTrue(Users.root(), "only root owns a directory as root");
        Path rootsJob = Files.createDirectory(base.resolve("slurm-19"));
        assertThatThrownBy(() -> PrivateDirectory.remove(base, "slurm-19", OnBehalfOf.user(Users.OTHER_UID, Users.OTHER_GID)))
                .hasMessage(rootsJob.toRealPath() + ": owned by uid 0, not by uid 4242; left in place");
        assertThat(rootsJob).isDirectory();
    }

    /** The records directory's records (its lock file aside). */
    private List<String> recordsHeld() throws Exception {
        try (Stream<Path> s = Files.list(records)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> !n.equals(PrivateDirectory.LOCK)).toList();
        }
    }

    /** A base the test user may write to, as /tmp: root's, mode 1777, below a directory anyone may enter. */
    private Path sharedBase() throws Exception {
        Users.chmod(base, "rwxr-xr-x");
        Path shared = Files.createDirectory(base.resolve("shared"));
        Files.setAttribute(shared, "unix:mode", 01777);
        return shared;
    }

    /** {@value #TEST_USER}, made with useradd when missing (as root): a user setpriv can become with its groups. */
    static OnBehalfOf realUser() throws Exception {
        if (UnixUsers.uidOf(TEST_USER).isEmpty()) {
            Process add = new ProcessBuilder("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", TEST_USER)
                    .redirectErrorStream(true).start();
            String out = new String(add.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int rc = add.waitFor();
            assertThat(rc == 0 || rc == 9).as("useradd " + TEST_USER + ": " + out).isTrue(); // 9: made meanwhile by another run
        }
        UnixUsers.Entry u = UnixUsers.byUid(UnixUsers.uidOf(TEST_USER).orElseThrow()).orElseThrow();
        return OnBehalfOf.user(u.uid(), u.gid());
    }

    private static String codeSource(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /** A job's step in a process of its own: {@code records base name job uid gid}; prints the directory. */
    static final class Step {
        public static void main(String[] a) throws Exception {
            System.out.println(PrivateDirectory.recordedIn(Path.of(a[0]), "private-tmp")
                    .make(Path.of(a[1]), a[2], Long.parseLong(a[3]), OnBehalfOf.user(Long.parseLong(a[4]), Long.parseLong(a[5]))));
        }
    }
}
