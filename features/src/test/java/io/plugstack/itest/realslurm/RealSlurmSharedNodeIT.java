package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.FixturePlugins;
import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * A real node shared by hostile users (issue 25): root and an unprivileged user the test creates run real
 * srun against one node daemon. Plugstack's plugstack.conf lists the scratch fixture (a {@code --scratch=GB}
 * option kept in a field, as a C plugin keeps it in a global) twice: built right (prototype-scoped), and
 * built as an author who forgot the scope would build it (a singleton), which the runtime refuses.
 */
@Timeout(180)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the one that restarts the daemon with other settings last
class RealSlurmSharedNodeIT {

    private static final Duration T = Duration.ofSeconds(30);
    private static final String USER = RealSlurm.TEST_USER;
    /** A second unprivileged user, whose option must never reach {@link #USER}'s job. */
    private static final String FIRST = "plugstackit2";

    @TempDir
    static Path dir;
    static NodeDaemon node;
    static RealSlurm slurm;
    static Path tmp;

    @BeforeAll
    static void startNodeDaemonWithBothBuildsThenCluster() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        FixturePlugins plugins = new FixturePlugins(Files.createDirectories(dir.resolve("jars")));
        Path right = plugins.plugin("itest.scratch", "scratch").build();
        Path singleton = FixturePlugins.asSingleton(plugins.plugin("itest.scratchone", "scratch").header("Slurm-Plugin-Name", "scratchone")
                .build(), "itest.scratchone-singleton.jar");
        tmp = Files.createDirectories(dir.resolve("tmp"));
        Files.setAttribute(tmp, "unix:mode", 01777); // like /tmp
        node = NodeDaemon.start(dir.resolve("node"), "required scratch\noptional scratchone\noptional private-tmp base=" + tmp + "\n");
        node.deploy(right);
        node.deploy(singleton);
        awaitPluginsListed();
        RealSlurm.ensureUser(USER);
        slurm = RealSlurm.start(dir.resolve("cluster"), node.bridgeLine("plugstack_bridge.so") + "\n", 25817, 25818);
    }

    /** FileInstall deploys the jars after the daemon starts: until both are listed, bounded. */
    private static void awaitPluginsListed() throws InterruptedException {
        Result r = null;
        for (int i = 0; i < 120; i++) {
            r = node.admin("plugstack:plugins");
            if (r.stdout().contains(" scratchone ") && r.stdout().contains(" scratch ")) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("the fixtures were never listed within 30 s: " + r + "\nnode daemon:\n" + node.log());
    }

    @AfterAll
    static void stopClusterThenNodeDaemon() throws Exception {
        RealSlurm.closeThen(slurm, node);
    }

    @Test
    void aSpankPluginBuiltAsASingletonIsRefusedNamingTheRuleAndNoneOfItsCodeRuns() {
        Result plugins = node.admin("plugstack:plugins");
        assertThat(plugins.stdout()).as("%s", plugins).containsPattern(" scratchone .* REFUSED ");
        assertThat(node.log()).contains("itest.scratchone 1.0.0", "refused: a SPANK plugin's service must be prototype-scoped"
                + " (@Component(scope = ServiceScope.PROTOTYPE)): Slurm gives every srun, sbatch, salloc, slurmstepd"
                + " and slurmd its own copy of the plugin");
        // the optional line is skipped as Slurm skips an optional plugin that cannot load; the right build serves the option
        Result r = slurm.runAs(USER, T, "srun", "--scratch=5", "printenv", "SCRATCH_GB");
        assertThat(r.stdout()).as("%s\nnode daemon:\n%s", r, node.log()).isEqualTo("5\n");
    }

    /**
     * The take-over reproduced on 22.05.8: a root job's private TMPDIR (root's, 0700) sat at the path the next
     * job's would have, and private-tmp handed it to that job's user. A directory private-tmp did not make for
     * this very job and user is refused and left as it was; the user's job runs without it (optional).
     */
    @Test
    void aRootJobsPrivateTmpIsNeverHandedToTheNextUsersJob() throws Exception {
        long held = Long.parseLong(slurm.run(T, "sbatch", "--parsable", "-H", "--wrap", "true").assertOk().stdout().strip());
        slurm.run(T, "scancel", Long.toString(held)).assertOk();
        long next = held + 1;
        Path roots = Files.createDirectory(tmp.resolve("slurm-" + next), java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Files.writeString(roots.resolve("result.txt"), "root's job\n");
        try {
            Result r = slurm.runAs(USER, T, "srun", "sh", "-c", "echo $SLURM_JOB_ID $TMPDIR; echo mine > " + roots + "/result.txt");
            assertThat(r.stdout()).as("%s\nnode daemon:\n%s", r, node.log()).startsWith(next + " ").doesNotContain(" " + roots + "\n");
            assertThat(Files.getAttribute(roots, "unix:uid")).as("still root's").isEqualTo(0);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(roots))).isEqualTo("rwx------");
            assertThat(Files.readString(roots.resolve("result.txt"))).isEqualTo("root's job\n");
            // the plugin's log line goes where a C plugin's would: the prolog's to slurmd's log, user_init's to the step's
            assertThat(slurm.slurmdLog() + r.stderr()).as("%s", r)
                    .contains("private-tmp: " + roots + ": already exists and is not a private directory for uid");
        } finally {
            Files.deleteIfExists(roots.resolve("result.txt"));
            Files.deleteIfExists(roots);
        }
    }

    /**
     * Issue 27: set up with no release or Lua setting, the daemon plays the Slurm installed on its node (as
     * `slurmd -V` says) and the Lua its job_submit/lua links, and says so in its log's first lines; nothing
     * then differs from what calls it.
     */
    @Test
    void aDaemonWithoutSettingsPlaysTheSlurmOfItsNode() {
        assertThat(slurm.runAs(USER, T, "srun", "true").exitCode()).isZero();
        String release = slurm.run(T, "srun", "-V").stdout().strip().replaceAll(".* ", "");
        assertThat(node.log()).contains("plugstack: plays Slurm " + release + ", this node's (/usr/sbin/slurmd -V) with Lua 5.1, as "
                + ShimCluster.DEBIAN_PLUGIN_DIR + "/job_submit_lua.so links").doesNotContain("but the runtime plays");
    }

    /**
     * A setting that names another release than the node's is kept (a site may mean it), but never in
     * silence: one error line at start, and one when the bridge's HELLO names the real one.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void aDaemonSetToPlayAnotherSlurmThanItsNodesSaysSo() throws Exception {
        Path settings = node.home().resolve("etc/plugstack.properties");
        String before = Files.readString(settings);
        node.stop();
        Files.writeString(settings, before + "\nplugstack.slurm.release=25.11.0\n");
        node.restart();
        try {
            String release = slurm.run(T, "srun", "-V").stdout().strip().replaceAll(".* ", "");
            assertThat(slurm.runAs(USER, T, "srun", "true").exitCode()).as("node daemon:%n%s", node.log()).isZero();
            assertThat(node.log()).contains("plugstack: error: plays Slurm 25.11.0 as plugstack.slurm.release says, but this node's is " + release)
                    .contains("are Slurm " + release + ", but the runtime plays ");
            assertThat(node.log().lines().filter(l -> l.contains("are Slurm " + release + ", but the runtime plays "))).hasSize(1);
        } finally {
            node.stop();
            Files.writeString(settings, before);
            node.restart();
        }
    }

    /** Two unprivileged users: both sruns are served by the same user role (root's own would be the root role's). */
    @Test
    void oneUsersOptionNeverReachesAnotherUsersJob() {
        RealSlurm.ensureUser(FIRST);
        for (int round = 0; round < 2; round++) {
            Result first = slurm.runAs(FIRST, T, "srun", "--scratch=50", "printenv", "SCRATCH_GB");
            assertThat(first.stdout()).as("%s\nnode daemon:\n%s", first, node.log()).isEqualTo("50\n");
            Result user = slurm.runAs(USER, T, "srun", "printenv", "SCRATCH_GB");
            assertThat(user.stdout()).as("%s's --scratch=50 seen by %s's srun: %s", FIRST, USER, user).isEmpty();
            assertThat(user.exitCode()).as("%s", user).isEqualTo(1); // printenv: no such variable
        }
    }

    /**
     * monitor.sock (0666) runs commands as a user for the user role alone: another user who asks it, with the
     * distribution's own client, to run a command as root or as someone else is refused (exit 126) and nothing runs.
     */
    @Test
    void anUnprivilegedUserAskingTheMonitorToActAsSomeoneElseIsRefused() throws Exception {
        Path proof = Files.createDirectories(dir.resolve("monitor-proof"));
        Files.setAttribute(proof, "unix:mode", 01777);
        for (String uid : new String[] {"0", slurm.run(T, "id", "-u", "nobody").stdout().strip()}) {
            Result r = slurm.runAs(USER, T, node.home().resolve("bridge/prebuilt/plugstack-run").toString(),
                    node.socketDir().resolve("monitor.sock").toString(), uid, uid, "--", "/usr/bin/touch", proof.resolve("ran-" + uid).toString());
            assertThat(r.exitCode()).as("%s", r).isEqualTo(126);
            assertThat(r.stderr()).as("%s", r).startsWith("plugstack-run: peer uid ").contains(" is not the user role (uid ");
            assertThat(proof.resolve("ran-" + uid)).doesNotExist();
        }
    }
}
