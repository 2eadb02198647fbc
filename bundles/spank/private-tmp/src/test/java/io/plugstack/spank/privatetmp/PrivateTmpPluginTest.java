package io.plugstack.spank.privatetmp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.testkit.spank.FakeSpank;
import io.plugstack.testkit.spank.SpankRun;
import io.plugstack.testkit.spank.SpankRunner;

/**
 * The job's sequence as a node runs it, every callback on a new plugin instance (prototype scope, another
 * session, maybe after a runtime restart): the prolog (job_script context) makes the directory, each step's
 * user_init (remote) finds it and sets TMPDIR, the epilog removes it. As root, the job's user is uid 4242.
 */
class PrivateTmpPluginTest {

    static final long USER = 4242;
    static final long GROUP = 4343;

    @TempDir
    Path base;
    @TempDir
    Path state;

    private List<String> args() {
        return List.of("base=" + base, "records=" + state.resolve("records"));
    }

    private long user() {
        return root() ? USER : OnBehalfOf.thisProcess().uid();
    }

    private long group() {
        return root() ? GROUP : OnBehalfOf.thisProcess().gid();
    }

    private FakeSpank prolog(long job, long uid, long gid) {
        return FakeSpank.in(SpankContext.JOB_SCRIPT).during(SpankCallback.JOB_PROLOG).name("private-tmp").job(job, 0).user(uid, gid);
    }

    private FakeSpank step(long job, long uid, long gid) {
        return FakeSpank.in(SpankContext.REMOTE).during(SpankCallback.USER_INIT).name("private-tmp").job(job, 0).user(uid, gid);
    }

    private FakeSpank epilog(long job, long uid, long gid) {
        return FakeSpank.in(SpankContext.JOB_SCRIPT).during(SpankCallback.JOB_EPILOG).name("private-tmp").job(job, 0).user(uid, gid);
    }

    @Test
    void thePrologsDirectoryIsEveryStepsTmpdirAndTheEpilogRemovesItAndItsRecord() throws Exception {
        Path dir = base.resolve("slurm-7");
        assertThat(new PrivateTmpPlugin().jobProlog(prolog(7, user(), group()), args())).isZero();
        assertThat(owner(dir)).isEqualTo(user());
        Files.writeString(dir.resolve("kept"), "x");
        for (int stepId = 0; stepId < 2; stepId++) {
            FakeSpank step = step(7, user(), group());
            assertThat(new PrivateTmpPlugin().userInit(step, args())).as(step.loggedLines().toString()).isZero();
            assertThat(step.environment()).containsEntry("TMPDIR", dir.toString());
        }
        assertThat(dir.resolve("kept")).hasContent("x");
        assertThat(new PrivateTmpPlugin().jobEpilog(epilog(7, user(), group()), args())).isZero();
        assertThat(dir).doesNotExist();
        assertThat(recordsHeld()).isEmpty();
    }

    private FakeSpank stepNumber(long job, long stepId, SpankCallback callback) {
        return FakeSpank.in(SpankContext.REMOTE).during(callback).name("private-tmp").job(job, stepId).user(user(), group());
    }

    /** Two homes on one machine both number their jobs from 1: each home's job 11 gets its own directory. */
    @Test
    void withoutBaseEachHomesJobsGetADirectoryInThatHomesDataFolder() throws Exception {
        for (String home : List.of("a", "b")) {
            Path data = java.nio.file.Files.createDirectories(state.resolve(home).resolve("data"));
            java.nio.file.Files.setPosixFilePermissions(data, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            PrivateTmpPlugin plugin = new PrivateTmpPlugin(data.resolve("private-tmp"));
            FakeSpank prolog = prolog(11, user(), group());
            assertThat(plugin.jobProlog(prolog, List.of())).as(prolog.loggedLines().toString()).isZero();
            assertThat(data.resolve("tmp/slurm-11")).isDirectory();
            assertThat(java.nio.file.Files.getPosixFilePermissions(data.resolve("tmp")))
                    .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rwx--x--x"));
            FakeSpank step = step(11, user(), group());
            assertThat(new PrivateTmpPlugin(data.resolve("private-tmp")).userInit(step, List.of())).isZero();
            assertThat(step.environment()).containsEntry("TMPDIR", data.resolve("tmp/slurm-11").toString());
        }
    }

    @Test
    void withoutAPrologTheJobsLastStepToEndRemovesItsDirectory() throws Exception {
        Path dir = base.resolve("slurm-8");
        assertThat(new PrivateTmpPlugin().userInit(stepNumber(8, 0, SpankCallback.USER_INIT), args())).isZero();
        assertThat(new PrivateTmpPlugin().userInit(stepNumber(8, 1, SpankCallback.USER_INIT), args())).isZero();
        assertThat(new PrivateTmpPlugin().exit(stepNumber(8, 0, SpankCallback.EXIT), args())).isZero();
        assertThat(dir).as("step 1 still runs").isDirectory();
        assertThat(new PrivateTmpPlugin().exit(stepNumber(8, 1, SpankCallback.EXIT), args())).isZero();
        assertThat(dir).as("no job_epilog will come: the last step removed it").doesNotExist();
        assertThat(recordsHeld()).isEmpty();
    }

    @Test
    void withAPrologTheStepsLeaveTheDirectoryToTheEpilog() throws Exception {
        Path dir = base.resolve("slurm-9");
        assertThat(new PrivateTmpPlugin().jobProlog(prolog(9, user(), group()), args())).isZero();
        assertThat(new PrivateTmpPlugin().userInit(stepNumber(9, 0, SpankCallback.USER_INIT), args())).isZero();
        assertThat(new PrivateTmpPlugin().exit(stepNumber(9, 0, SpankCallback.EXIT), args())).isZero();
        assertThat(dir).as("the next step of the allocation still finds it").isDirectory();
        assertThat(new PrivateTmpPlugin().jobEpilog(epilog(9, user(), group()), args())).isZero();
        assertThat(dir).doesNotExist();
    }

    @Test
    void srunsOwnExitRemovesNothing() throws Exception {
        Path dir = base.resolve("slurm-10");
        assertThat(new PrivateTmpPlugin().userInit(stepNumber(10, 0, SpankCallback.USER_INIT), args())).isZero();
        FakeSpank local = FakeSpank.in(SpankContext.LOCAL).during(SpankCallback.EXIT).name("private-tmp").job(10, 0).user(user(), group());
        assertThat(new PrivateTmpPlugin().exit(local, args())).isZero();
        assertThat(dir).isDirectory();
    }

    @Test
    void aStepOnTheEngineGetsThePrologsDirectoryAsTmpdir() {
        assertThat(new PrivateTmpPlugin().jobProlog(prolog(8, user(), group()), args())).isZero();
        SpankRun run = SpankRunner.of(PrivateTmpPlugin::new, args().toArray(String[]::new)).job(8, 0).user(user(), group()).srun();
        assertThat(run.ok()).as(run.failure()).isTrue();
        assertThat(run.taskEnv(0)).containsEntry("TMPDIR", base.resolve("slurm-8").toString());
    }

    @Test
    void theFirstStepMakesTheDirectoryWhenNoPrologRan() throws Exception {
        FakeSpank step = step(9, user(), group());
        assertThat(new PrivateTmpPlugin().userInit(step, args())).isZero();
        Path dir = base.resolve("slurm-9");
        assertThat(step.environment()).containsEntry("TMPDIR", dir.toString());
        assertThat(owner(dir)).isEqualTo(user());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS))).isEqualTo("rwx------");
    }

    @Test
    void aRootJobsDirectoryIsRefusedToAUsersJobWithTheSameIdAndLeftAsItWas() throws Exception {
        assumeTrue(root(), "a root job and a user's job need root");
        assertThat(new PrivateTmpPlugin().jobProlog(prolog(5, 0, 0), args())).isZero(); // root's job 5, still running
        Path dir = base.resolve("slurm-5");
        Files.writeString(dir.resolve("results"), "root's");
        FakeSpank usersStep = step(5, USER, GROUP); // ids came round again: the user's job 5
        assertThat(new PrivateTmpPlugin().userInit(usersStep, args())).isEqualTo(-1);
        assertThat(usersStep.loggedLines()).containsExactly("slurmstepd: error: private-tmp: " + dir
                + ": already exists and is not a private directory for uid 4242 made by private-tmp for job 5:"
                + " a directory of uid 0, mode rwx------, which private-tmp made for job 5 of uid 0; refused");
        assertThat(usersStep.environment()).doesNotContainKey("TMPDIR");
        FakeSpank usersEpilog = epilog(5, USER, GROUP);
        assertThat(new PrivateTmpPlugin().jobEpilog(usersEpilog, args())).isEqualTo(-1);
        assertThat(usersEpilog.loggedLines()).singleElement().asString().endsWith("; left in place");
        assertThat(owner(dir)).isZero();
        assertThat(dir.resolve("results")).hasContent("root's");
        FakeSpank rootsStep = step(5, 0, 0);
        assertThat(new PrivateTmpPlugin().userInit(rootsStep, args())).as("root's job keeps its directory").isZero();
        assertThat(rootsStep.environment()).containsEntry("TMPDIR", dir.toString());
    }

    @Test
    void aRootOwnedPrivateDirectoryPrivateTmpDidNotMakeIsRefusedAndLeftAsItWas() throws Exception {
        assumeTrue(root(), "only root owns a directory as root");
        Path dir = Files.createDirectory(base.resolve("slurm-6"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        Files.writeString(dir.resolve("results"), "root's");
        FakeSpank step = step(6, USER, GROUP);
        assertThat(new PrivateTmpPlugin().userInit(step, args())).isEqualTo(-1);
        assertThat(step.loggedLines()).containsExactly("slurmstepd: error: private-tmp: " + dir
                + ": already exists and is not a private directory for uid 4242 made by private-tmp for job 6:"
                + " a directory of uid 0, mode rwx------, which private-tmp did not make; refused");
        assertThat(owner(dir)).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
        assertThat(dir.resolve("results")).hasContent("root's");
    }

    @Test
    void aDirectoryOfTheJobsUserAlreadyThereIsRefused() throws Exception {
        Path dir = Files.createDirectory(base.resolve("slurm-10"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        Files.setAttribute(dir, "unix:uid", (int) user());
        FakeSpank prolog = prolog(10, user(), group());
        assertThat(new PrivateTmpPlugin().jobProlog(prolog, args())).isEqualTo(-1);
        assertThat(prolog.loggedLines()).singleElement().asString()
                .endsWith("private-tmp: " + dir + ": already exists and is not a private directory for uid " + user()
                        + " made by private-tmp for job 10: a directory of uid " + user() + ", mode rwx------, which private-tmp did not make; refused");
    }

    @Test
    void aLinkAtTheJobsDirectoryIsRefusedNotFollowed() throws Exception {
        Path victim = Files.createDirectory(state.resolve("victim"));
        Path link = Files.createSymbolicLink(base.resolve("slurm-11"), victim);
        FakeSpank step = step(11, user(), group());
        assertThat(new PrivateTmpPlugin().userInit(step, args())).isEqualTo(-1);
        assertThat(step.loggedLines()).singleElement().asString().contains("private-tmp: " + link + ": already exists")
                .endsWith("a symbolic link of uid " + OnBehalfOf.thisProcess().uid() + "; refused, not followed");
        assertThat(owner(victim)).isEqualTo(OnBehalfOf.thisProcess().uid());
    }

    @Test
    void withoutARecordsDirectoryOutsideARuntimeTheCallbackFailsSayingSo() {
        FakeSpank step = step(12, user(), group());
        assertThat(new PrivateTmpPlugin().userInit(step, List.of("base=" + base))).isEqualTo(-1);
        assertThat(step.loggedLines()).containsExactly("slurmstepd: error: private-tmp: no records directory: give records=<dir>"
                + " (a directory only root writes) outside a Plugstack runtime");
        assertThat(base.resolve("slurm-12")).doesNotExist();
    }

    @Test
    void theRuntimesHomeGivesTheDefaultRecordsDirectory() throws Exception {
        Path records = state.resolve("home/data/private-tmp");
        Files.createDirectories(records.getParent());
        FakeSpank step = step(13, user(), group());
        assertThat(new PrivateTmpPlugin(records).userInit(step, List.of("base=" + base))).as(step.loggedLines().toString()).isZero();
        assertThat(recordsIn(records)).hasSize(1);
    }

    private static boolean root() {
        return OnBehalfOf.thisProcess().uid() == 0;
    }

    private static long owner(Path p) throws Exception {
        return ((Number) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue();
    }

    private List<String> recordsHeld() throws Exception {
        return recordsIn(state.resolve("records"));
    }

    private static List<String> recordsIn(Path records) throws Exception {
        try (Stream<Path> s = Files.list(records)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".")).toList();
        }
    }
}
