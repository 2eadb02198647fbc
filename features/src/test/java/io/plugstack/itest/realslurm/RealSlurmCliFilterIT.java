package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * Java cli_filter plugins in real srun, sbatch and salloc (issue 13 items 2 and 3): slurm.conf says
 * CliFilterPlugins=lua, Slurm's own cli_filter/lua runs the distribution's shim
 * (bridge/lua/cli_filter.lua) from the cluster's etc/ in every command, and the shim asks the node
 * daemon's user.sock, whose CliFilterPlugins= (deploy/plugstack.slurm.cfg) lists the realclif fixture
 * (a site's filter keyed on the job name).
 */
@Timeout(180)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RealSlurmCliFilterIT {

    private static final Duration T = Duration.ofSeconds(30);
    private static final String TERMINATED = "cli_filter plugin terminated with error";

    @TempDir
    static Path dir;
    static ShimCluster cluster;
    static NodeDaemon node;
    static RealSlurm slurm;

    static SlurmUnderTest under;

    @BeforeAll
    static void startNodeDaemonThenCluster(TestInfo info) throws Exception {
        under = SlurmUnderTest.of(info.getTestClass().orElseThrow());
        cluster = ShimCluster.start(under, dir, "CliFilterPlugins=realclif,lua\n", "CLI_FILTER_PLUGINS", "cli_filter.lua", "user.sock", 21817, 21818,
                new ShimCluster.Fixture("itest.realclif", "realclif", "cli_filter/realclif", "realclif"));
        node = cluster.node;
        java.nio.file.Files.writeString(node.home().resolve("etc/cli_filter.lua"), PROBE_LUA);
        slurm = cluster.slurm;
        cluster.awaitAnswer("realclif:", "sbatch", "-J", "cli-refuse", "--wrap", "true");
    }

    /** The site's cli_filter.lua in Plugstack's cli_filter/lua: for "cli-shadow" jobs, what its file access may do. */
    static final String PROBE_LUA = String.join("\n",
            "function slurm_cli_setup_defaults(options, early) return slurm.SUCCESS end",
            "function slurm_cli_pre_submit(options, offset)",
            "  if options['job-name'] == 'cli-cwd' then", // where the hook runs: the command's directory and environment
            "    local p = io.popen('pwd; id -u; echo \"$PROJECT\"')",
            "    slurm.log_error('probe: popen %s', (p:read('*a'):gsub('\\n', ' ')))",
            "    p:close()",
            "    local r = io.open('relative.txt', 'w')",
            "    if r then r:write('x') r:close() end",
            "    slurm.log_error('probe: getenv %s json %s', tostring(os.getenv('PROJECT')),",
            "      tostring(slurm.json_env():find('\"PROJECT\":\"p1\"', 1, true) ~= nil))",
            "    return slurm.SUCCESS",
            "  end",
            "  if options['job-name'] ~= 'cli-shadow' then return slurm.SUCCESS end",
            "  local f, err = io.open('/etc/shadow')",
            "  slurm.log_error('probe: shadow %s', f and 'READ' or err)",
            "  local home = os.getenv('HOME')",
            "  local g, e2 = io.open(home .. '/.plugstack_probe', 'w')",
            "  if g then g:write('written\\n') g:close() end",
            "  slurm.log_error('probe: home %s %s', home, g and 'written' or e2)",
            "  local h, e3 = io.open(home .. '/.slurm_last_submit', 'w')", // a site hook's record, through the user's link
            "  if h then h:write(options['job-name'] .. '\\n') h:close() end",
            "  slurm.log_error('probe: last submit %s', h and 'written' or e3)",
            "  return slurm.SUCCESS",
            "end",
            "function slurm_cli_post_submit(offset, job_id, step_id) return slurm.SUCCESS end", "");

    @AfterAll
    static void stopClusterThenNodeDaemon() throws Exception {
        ShimCluster.closeQuietly(cluster);
    }

    /** A held job's id; the next one Slurm creates gets this + 1. */
    private static long heldJob() {
        long id = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "marker", "--wrap", "true").assertOk());
        slurm.run(T, "scancel", Long.toString(id)).assertOk();
        return id;
    }

    private static void assertRefused(Result r, String command) {
        assertThat(r.exitCode()).as("%s", r).isEqualTo(1);
        assertThat(r.stderr()).as("%s", r).contains("realclif: jobs named cli-refuse are refused (uid 0)")
                .contains(command + ": error: " + TERMINATED);
    }

    @Test
    @Order(1)
    void aJavaPluginsRefusalStopsARealSbatchWithItsMessageAndSlurmsText() {
        long before = heldJob();
        assertRefused(slurm.run(T, "sbatch", "-J", "cli-refuse", "--wrap", "true"), "sbatch");
        assertThat(heldJob()).as("no job was created").isEqualTo(before + 1);
    }

    @Test
    @Order(2)
    void aJavaPluginsRefusalStopsARealSrunAndSalloc() {
        long before = heldJob();
        assertRefused(slurm.run(T, "srun", "-J", "cli-refuse", "true"), "srun");
        assertRefused(slurm.run(T, "salloc", "-J", "cli-refuse", "true"), "salloc");
        assertThat(heldJob()).as("no job was created").isEqualTo(before + 1);
    }

    @Test
    @Order(3)
    void anOptionSetInPreSubmitIsOnTheRealJob() {
        long id = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "stamp", "--wrap", "true").assertOk());
        assertThat(cluster.showJob(id)).contains("Comment=realclif:sbatch:uid=0:gid=0");
        long own = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "stamp", "--comment=mine", "--wrap", "true").assertOk());
        assertThat(cluster.showJob(own)).contains("Comment=mine");
        slurm.run(T, "scancel", Long.toString(id), Long.toString(own)).assertOk();
        Result srun = slurm.run(T, "srun", "-J", "stamp", "true").assertOk();
        Matcher m = Pattern.compile("realclif: srun job (\\d+) step 0").matcher(srun.stderr());
        assertThat(m.find()).as("%s", srun).isTrue();
        assertThat(cluster.showJob(Long.parseLong(m.group(1)))).contains("Comment=realclif:srun:uid=0:gid=0");
    }

    @Test
    @Order(4)
    void setupDefaultsChangesADefaultTheCommandLineStillOverrides() {
        long id = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "defaults", "--wrap", "true").assertOk());
        assertThat(cluster.showJob(id)).contains("TimeLimit=00:09:00");
        long own = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "defaults", "-t", "3", "--wrap", "true").assertOk());
        assertThat(cluster.showJob(own)).contains("TimeLimit=00:03:00");
        slurm.run(T, "scancel", Long.toString(id), Long.toString(own)).assertOk();
    }

    @Test
    @Order(5)
    void postSubmitSeesTheRealJobId() {
        Result r = slurm.run(T, "sbatch", "-H", "-J", "post", "--wrap", "true").assertOk();
        long id = cluster.jobId(r);
        assertThat(r.stderr()).contains("realclif: sbatch job " + id + " step 4294967294");
        slurm.run(T, "scancel", Long.toString(id)).assertOk();
    }

    @Test
    @Order(6)
    void theUidThePluginSeesIsThePeersNotWhatTheShimSays() {
        String uid = slurm.run(T, "id", "-u", RealSlurm.TEST_USER).stdout().strip();
        String gid = slurm.run(T, "id", "-g", RealSlurm.TEST_USER).stdout().strip();
        Result refused = slurm.runAs(RealSlurm.TEST_USER, T, "sbatch", "-J", "cli-refuse", "--wrap", "true");
        assertThat(refused.exitCode()).as("%s", refused).isEqualTo(1);
        assertThat(refused.stderr()).contains("realclif: jobs named cli-refuse are refused (uid " + uid + ")");
        long id = cluster.jobId(slurm.runAs(RealSlurm.TEST_USER, T, "sbatch", "-H", "-J", "stamp", "--wrap", "true").assertOk());
        assertThat(cluster.showJob(id)).contains("Comment=realclif:sbatch:uid=" + uid + ":gid=" + gid);
        slurm.run(T, "scancel", Long.toString(id)).assertOk();
    }

    @Test
    @Order(7)
    void aThrowingJavaPluginStopsTheCommandNamingIt() {
        Result r = slurm.run(T, "sbatch", "-J", "cli-throw", "--wrap", "true");
        assertThat(r.exitCode()).as("%s", r).isEqualTo(1);
        assertThat(r.stderr()).contains("pre_submit() threw java.lang.IllegalStateException: bug in the site's cli_filter")
                .contains("sbatch: error: " + TERMINATED);
    }

    @Test
    @Order(8)
    void aSlowRuntimeIsSkippedWithinTheShimsTimeoutAndTheCommandGoesOn() {
        long t0 = System.nanoTime();
        Result r = slurm.run(T, "sbatch", "-H", "-J", "cli-sleep", "--wrap", "true").assertOk();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(r.stderr()).contains("sbatch: error: lua: Plugstack unavailable: timed out after 2 s; the Java cli_filter plugins are skipped");
        assertThat(ms).as("sbatch's whole run").isLessThan(4000);
        long id = cluster.jobId(r);
        assertThat(cluster.showJob(id)).contains("TimeLimit=00:09:00").doesNotContain("Comment=realclif");
        slurm.run(T, "scancel", Long.toString(id)).assertOk();
    }

    @Test
    @Order(9)
    void theRuntimeDownLetsTheCommandGoOnAtOnceWithOneLineAndServesAgainWhenBack() throws Exception {
        node.stop();
        try {
            long t0 = System.nanoTime();
            Result r = slurm.run(T, "sbatch", "-H", "-J", "cli-refuse", "--wrap", "true").assertOk();
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertThat(r.stderr().lines().filter(l -> l.contains("Plugstack unavailable: " + node.socketDir().resolve("user.sock"))))
                    .as("%s", r).hasSize(1);
            assertThat(ms).isLessThan(2000);
            slurm.run(T, "scancel", Long.toString(cluster.jobId(r))).assertOk();
            assertThat(slurm.run(T, "srun", "-J", "cli-refuse", "true").exitCode()).isZero();
        } finally {
            node.restart();
        }
        cluster.awaitAnswer("realclif:", "sbatch", "-J", "cli-refuse", "--wrap", "true");
        long id = cluster.jobId(slurm.run(T, "sbatch", "-H", "-J", "back", "--wrap", "true").assertOk());
        assertThat(cluster.showJob(id)).contains("Comment=realclif:sbatch:uid=0:gid=0");
        slurm.run(T, "scancel", Long.toString(id)).assertOk();
    }

    /**
     * Issue 25: plugin code for a user's command runs in the node daemon's unprivileged user role. A Java
     * plugin's own file access has that role's rights, never root's (/etc/shadow is refused); a Lua hook's
     * io acts as the command's user through the root role's monitor: refused where the user is refused, and
     * a file it writes in the user's home is the user's.
     */
    @Test
    @Order(10)
    void pluginCodeForAUsersCommandHasNoRootRightsAndLuaActsAsThatUser() throws Exception {
        String home = slurm.run(T, "getent", "passwd", RealSlurm.TEST_USER).stdout().strip().split(":")[5];
        long uid = Long.parseLong(slurm.run(T, "id", "-u", RealSlurm.TEST_USER).stdout().strip());
        Path probe = Path.of(home, ".plugstack_probe");
        java.nio.file.Files.deleteIfExists(probe);
        // the cron-style attack: the user links the hook's record file to a file in a directory only root may write
        Path rootOnly = java.nio.file.Files.createDirectories(dir.resolve("root-only"));
        java.nio.file.Files.setPosixFilePermissions(rootOnly, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        Path link = Path.of(home, ".slurm_last_submit");
        java.nio.file.Files.deleteIfExists(link);
        slurm.runAs(RealSlurm.TEST_USER, T, "ln", "-s", rootOnly.resolve("x").toString(), link.toString()).assertOk();
        Result r = slurm.runAs(RealSlurm.TEST_USER, T, "sbatch", "-H", "-J", "cli-shadow", "--wrap", "true").assertOk();
        // as Slurm prints them: a C plugin's line without "lua: ", a Lua hook's with it once
        assertThat(r.stderr()).as("%s", r).contains("sbatch: error: cli_filter/realclif: pre_submit: realclif: /etc/shadow: AccessDeniedException")
                .contains("sbatch: error: lua: probe: shadow").doesNotContain("lua: lua:");
        assertThat(r.stderr()).as("%s%nnode daemon:%n%s", r, node.log()).contains("realclif: /etc/shadow: AccessDeniedException")
                .contains("probe: shadow /etc/shadow: Permission denied").contains("probe: home " + home + " written")
                .contains("probe: last submit " + link + ": Permission denied").doesNotContain("READ").doesNotContain("read ");
        assertThat(rootOnly.resolve("x")).as("nothing written through the user's link").doesNotExist();
        java.nio.file.Files.delete(link);
        assertThat(java.nio.file.Files.getAttribute(probe, "unix:uid")).as("written as the user").isEqualTo((int) uid);
        java.nio.file.Files.delete(probe);
        slurm.run(T, "scancel", Long.toString(cluster.jobId(r))).assertOk();
    }

    /**
     * Root's own sbatch: its cli_filter code runs with root's rights, as inside root's sbatch in Slurm (the
     * root role serves root's own commands; only other users' are relayed to the unprivileged user role).
     */
    @Test
    @Order(12)
    void rootsOwnCommandsCliFilterCodeHasRootsRightsAsInSlurm() throws Exception {
        String home = System.getProperty("user.home");
        List<Path> made = new java.util.ArrayList<>();
        for (String f : List.of(".plugstack_probe", ".slurm_last_submit")) { // the probe writes these in root's HOME
            if (!java.nio.file.Files.exists(Path.of(home, f), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                made.add(Path.of(home, f));
            }
        }
        try {
            Result r = slurm.run(T, "sbatch", "-H", "-J", "cli-shadow", "--wrap", "true").assertOk();
            assertThat(r.stderr()).as("%s%nnode daemon:%n%s", r, node.log()).contains("realclif: /etc/shadow: read ")
                    .contains("probe: shadow READ");
            slurm.run(T, "scancel", Long.toString(cluster.jobId(r))).assertOk();
        } finally {
            for (Path f : made) {
                java.nio.file.Files.deleteIfExists(f);
            }
        }
    }

    /**
     * In Slurm a cli_filter.lua hook runs inside the user's sbatch: in its working directory, with its
     * environment. Here the hook runs in the user role, and what it starts or opens by a relative path
     * runs as the user in that directory (one only the user may enter) with that environment.
     */
    @Test
    @Order(11)
    void aLuaHookRunsInTheCommandsWorkingDirectoryWithItsEnvironment() throws Exception {
        String home = slurm.run(T, "getent", "passwd", RealSlurm.TEST_USER).stdout().strip().split(":")[5];
        long uid = Long.parseLong(slurm.run(T, "id", "-u", RealSlurm.TEST_USER).stdout().strip());
        Path cwd = Path.of(home, "cli-cwd");
        slurm.runAs(RealSlurm.TEST_USER, T, "sh", "-c", "rm -rf \"$1\" && mkdir -m 700 \"$1\"", "sh", cwd.toString()).assertOk();
        Result r = slurm.runAs(RealSlurm.TEST_USER, T, "sh", "-c",
                "cd \"$1\" && export PWD=\"$1\" PROJECT=p1 && exec sbatch -H -J cli-cwd --wrap true", "sh", cwd.toString()).assertOk();
        assertThat(r.stderr()).as("%s%nnode daemon:%n%s", r, node.log()).contains("probe: popen " + cwd + " " + uid + " p1 ")
                .contains("probe: getenv p1 json true");
        assertThat(cwd.resolve("relative.txt")).as("a relative path is in the command's directory").hasContent("x");
        assertThat(java.nio.file.Files.getAttribute(cwd.resolve("relative.txt"), "unix:uid")).isEqualTo((int) uid);
        slurm.run(T, "scancel", Long.toString(cluster.jobId(r))).assertOk();
        slurm.run(T, "rm", "-rf", cwd.toString()).assertOk();
    }
}
