package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * Plugstack's Debian package as an admin uses it, in a clean Debian 12 root (debootstrap from Debian's
 * archive, with Debian's slurmd, slurmctld, slurm-client and munge; runtime/bridge/real-slurm/debian-root.sh):
 * {@code apt-get install ./plugstack_<version>_<arch>.deb} says what to add to Slurm's files; with that
 * line in plugstack.conf and the node daemon started as its systemd unit starts it, a real srun runs the
 * shipped Java renice plugin, as root and as an unprivileged user; {@code apt-get purge} leaves no
 * process running and no file or user behind. The node's Slurm runs in the root, on loopback ports of
 * its own (cluster.sh inside the root).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DebianPackageIT {

    private static final Path ROOT = Path.of(System.getProperty("plugstack.debian.root", "/var/tmp/plugstack-debian-root"));
    private static final Duration MAKE = Duration.ofMinutes(10);
    private static final Duration APT = Duration.ofMinutes(5);
    private static final Duration COMMAND = Duration.ofSeconds(60);
    private static final String CLUSTER = "/tmp/slurm-cluster";
    private static final Map<String, String> PORTS = Map.of("SLURMCTLD_PORT", "15817", "SLURMD_PORT", "15818");
    private static final String USER = "pkguser";

    private static Path deb;
    private static String installOutput = "";
    private static Process daemon;
    private static boolean clusterStarted;

    @BeforeAll
    static void makeTheDebianRoot() throws IOException {
        assertThat(RealSlurm.exec(List.of("id", "-u"), Map.of(), COMMAND).stdout().strip())
                .as("DebianPackageIT needs root (debootstrap, chroot, mount)").isEqualTo("0");
        Path dir = Path.of(System.getProperty("plugstack.deb.dir", "target"));
        try (Stream<Path> files = Files.list(dir)) {
            deb = files.filter(p -> p.getFileName().toString().matches("plugstack_.*\\.deb")).findFirst()
                    .orElseThrow(() -> new AssertionError("no plugstack_*.deb in " + dir.toAbsolutePath()
                            + ": the build's src/deb/build-deb.sh said why ('deb: ...' in the build's output)"));
        }
        rootScript(MAKE, "make").assertOk();
        rootScript(COMMAND, "mount").assertOk();
        if (installed()) { // a run that was killed left it: start from a root without it
            chroot(APT, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "purge", "-y", "-q", "plugstack").assertOk();
        }
        Files.copy(deb, ROOT.resolve("tmp").resolve(deb.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(RealSlurm.harness("cluster.sh"), ROOT.resolve("tmp/cluster.sh"), StandardCopyOption.REPLACE_EXISTING);
    }

    @AfterAll
    static void stopEverythingAndUnmount() {
        try {
            if (clusterStarted) {
                chroot(COMMAND, withPorts("bash", "/tmp/cluster.sh", "stop", CLUSTER));
            }
            if (daemon != null && daemon.isAlive()) {
                daemon.destroyForcibly();
            }
            if (installed()) {
                chroot(APT, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "purge", "-y", "-q", "plugstack");
            }
        } finally {
            rootScript(COMMAND, "umount").assertOk();
        }
    }

    @Test
    @Order(1)
    void installingThePackageSaysWhatToAddToSlurmsFiles() {
        Result r = chroot(APT, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-q", "--no-install-recommends",
                "/tmp/" + deb.getFileName()).assertOk();
        installOutput = r.stdout();

        assertThat(installOutput).contains("plugstack: the Slurm plugins in /usr/lib/x86_64-linux-gnu/plugstack were built for Slurm 22.05.8;"
                + " this node runs 22.05.8.")
                .contains("    required /usr/lib/x86_64-linux-gnu/plugstack/plugstack_bridge.so socket_dir=/run/plugstack")
                .contains("    JobSubmitPlugins=plugstack")
                .contains("    PluginDir=/usr/lib/x86_64-linux-gnu/slurm-wlm:/usr/lib/x86_64-linux-gnu/plugstack");
        assertThat(chroot(COMMAND, "getent", "passwd", "plugstack").ok()).as("the user role's user").isTrue();
        assertThat(ROOT.resolve("var/lib/plugstack/etc")).isSymbolicLink();
    }

    @Test
    @Order(2)
    void aRealSrunRunsTheShippedJavaPluginThroughTheInstalledPackageAsRootAndAsAUser() throws Exception {
        assertThat(installOutput).as("installed by the test before").isNotEmpty();
        startTheDaemonAsItsUnitDoes();
        Path etc = ROOT.resolve(CLUSTER.substring(1)).resolve("etc");
        Files.createDirectories(etc);
        Files.writeString(etc.resolve("plugstack.conf"), printedLine("required ") + "\n");
        clusterStarted = true;
        chroot(Duration.ofMinutes(2), withPorts("bash", "/tmp/cluster.sh", "start", CLUSTER)).assertOk();

        assertThat(chroot(COMMAND, "env", "SLURM_CONF=" + CLUSTER + "/etc/slurm.conf", "srun", "--renice=3", "nice").assertOk().stdout())
                .isEqualTo("3\n");
        if (!chroot(COMMAND, "id", "-u", USER).ok()) {
            chroot(COMMAND, "useradd", "--create-home", USER).assertOk();
        }
        Result asUser = chrootAs(USER, "env", "HOME=/home/" + USER, "SLURM_CONF=" + CLUSTER + "/etc/slurm.conf", "sh", "-c",
                "cd && srun --renice=2 sh -c 'id -un; nice'").assertOk();
        assertThat(asUser.stdout()).isEqualTo(USER + "\n2\n");
        assertThat(chroot(COMMAND, "/usr/sbin/plugstack-admin", "plugstack:versions", "renice").assertOk().stdout())
                .contains("io.plugstack.spank.renice  0.1.0");
    }

    /**
     * What the package installs a user cannot change: plugin code (deploy/, the runtime, the Slurm plugins),
     * settings, the home's state and lock (prerm reads a PID from it), or the daemon's shell.
     */
    @Test
    @Order(3)
    void anUnprivilegedUserCannotDeployPluginCodeChangeSettingsOrReachTheDaemonsShell() {
        assertThat(daemon).as("started by the test before").isNotNull();
        for (String path : List.of("/var/lib/plugstack/deploy/evil.jar", "/var/lib/plugstack/data/runtime.lock", "/etc/plugstack/plugstack.conf",
                "/etc/plugstack/plugstack.properties", "/usr/share/plugstack/system/evil.jar",
                "/usr/lib/x86_64-linux-gnu/plugstack/plugstack_bridge.so", "/var/log/plugstack/plugstack-node.log")) {
            Result r = chrootAs(USER, "sh", "-c", "echo x >> " + path);
            assertThat(r.exitCode()).as("%s writing %s: %s", USER, path, r).isNotZero();
        }
        assertThat(ROOT.resolve("var/lib/plugstack/deploy/evil.jar")).doesNotExist();
        Result admin = chrootAs(USER, "/usr/sbin/plugstack-admin", "plugstack:versions");
        assertThat(admin.exitCode()).as("the daemon's shell for %s: %s", USER, admin).isNotZero();
        assertThat(admin.stdout()).doesNotContain("io.plugstack.spank.renice");
    }

    @Test
    @Order(4)
    void upgradingThePackageUnderARunningBatchJobKeepsTheJobThePinsAndTheSitesFiles() throws Exception {
        assertThat(clusterStarted).as("the cluster started by the test before").isTrue();
        Path newer = buildPackage("0.1.0+upgrade1");
        Files.copy(newer, ROOT.resolve("tmp").resolve(newer.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        chroot(COMMAND, "/usr/sbin/plugstack-admin", "plugstack:pin", "renice", "0.1.0").assertOk();
        Path cfg = ROOT.resolve("var/lib/plugstack/deploy/job_submit.throttle.cfg");
        Files.copy(ROOT.resolve("etc/plugstack/examples/job_submit.throttle.cfg"), cfg, StandardCopyOption.REPLACE_EXISTING);
        byte[] key = Files.readAllBytes(ROOT.resolve("etc/plugstack/versions.key"));
        String conf = "SLURM_CONF=" + CLUSTER + "/etc/slurm.conf";
        String submitted = chroot(COMMAND, "env", conf, "sbatch", "--renice=4", "-o", "/tmp/upgrade.out",
                "--wrap", "sleep 15; nice").assertOk().stdout();
        String job = submitted.replaceAll("\\D", "");
        Await.until("the batch job running", () -> chroot(COMMAND, "env", conf, "squeue", "-h", "-j", job, "-o", "%T").stdout().contains("RUNNING"),
                Duration.ofSeconds(30), () -> submitted);
        long before = daemon.pid();

        Result upgrade = chroot(APT, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-q", "--no-install-recommends",
                "/tmp/" + newer.getFileName()).assertOk();
        assertThat(ProcessHandle.of(before).filter(ProcessHandle::isAlive)).as("the old daemon after the upgrade").isEmpty();
        // no systemd here: postinst says to start it again (with systemd, postinst restarts the unit)
        assertThat(upgrade.stdout()).contains("plugstack: the node daemon was stopped for this upgrade and no systemd runs here to start it again:");
        startTheDaemonAsItsUnitDoes();

        Await.until("the batch job's end", () -> chroot(COMMAND, "env", conf, "scontrol", "show", "job", job).stdout().contains("JobState=COMPLETED"),
                Duration.ofSeconds(60), () -> chroot(COMMAND, "env", conf, "scontrol", "show", "job", job).stdout());
        // the task ran at the niceness its session set; the step's session ended with the old daemon, so its
        // late callbacks (exit) only log, into the job's output, as the admin guide says
        List<String> output = Files.readAllLines(ROOT.resolve("tmp/upgrade.out"));
        assertThat(output.get(0)).as("the job's output").isEqualTo("4");
        assertThat(output.subList(1, output.size())).as("the job's other lines")
                .allMatch(l -> l.matches("slurmstepd\\S*: error: plugstack: \\w+: the Plugstack runtime at /run/plugstack/root.sock: Broken pipe"));
        assertThat(chroot(COMMAND, "env", conf, "sinfo", "-h", "-o", "%t").stdout().strip()).as("the node after the job").isEqualTo("idle");
        assertThat(chroot(COMMAND, "dpkg-query", "-W", "-f", "${Version}", "plugstack").stdout()).isEqualTo("0.1.0+upgrade1");
        assertThat(upgrade.stdout()).contains("this node runs 22.05.8");
        assertThat(chroot(COMMAND, "/usr/sbin/plugstack-admin", "plugstack:versions", "renice").assertOk().stdout())
                .as("the pin after the upgrade (PIN column)").containsPattern("io\\.plugstack\\.spank\\.renice\\s+0\\.1\\.0\\s+\\d+\\s+active\\s+0\\.1\\.0\\s");
        assertThat(cfg).as("a .cfg the site deployed").exists();
        assertThat(Files.readAllBytes(ROOT.resolve("etc/plugstack/versions.key"))).as("the versions key").isEqualTo(key);
        assertThat(chroot(COMMAND, "env", conf, "srun", "--renice=1", "nice").assertOk().stdout()).isEqualTo("1\n");
    }

    @Test
    @Order(5)
    void purgingThePackageLeavesNothingRunningAndNothingBehind() throws Exception {
        assertThat(daemon).as("started by the test before").isNotNull();
        long pid = daemon.pid();

        chroot(APT, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "purge", "-y", "-q", "plugstack").assertOk();

        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("the node daemon (pid %d) after purge", pid).isEmpty();
        assertThat(plugstackProcessesInTheRoot()).as("processes of Plugstack in the root").isEmpty();
        for (String left : List.of("usr/share/plugstack", "var/lib/plugstack", "etc/plugstack", "var/log/plugstack", "run/plugstack",
                "usr/lib/x86_64-linux-gnu/plugstack", "lib/systemd/system/plugstack-node.service", "usr/sbin/plugstack-admin")) {
            assertThat(ROOT.resolve(left)).as("/" + left + " after purge").doesNotExist();
        }
        assertThat(chroot(COMMAND, "getent", "passwd", "plugstack").ok()).as("the user role's user after purge").isFalse();
        assertThat(chroot(COMMAND, "getent", "group", "plugstack").ok()).as("its group after purge").isFalse();
    }

    /** The distribution as a package of another version, by the build's own script. */
    private static Path buildPackage(String version) throws IOException {
        Path out = Files.createTempDirectory("plugstack-deb");
        Path script = Path.of(System.getProperty("plugstack.deb.script", "src/deb/build-deb.sh"));
        RealSlurm.exec(List.of("sh", script.toAbsolutePath().toString(), System.getProperty("plugstack.dist", "target/plugstack"),
                out.toString(), version), Map.of(), APT).assertOk();
        try (Stream<Path> files = Files.list(out)) {
            return files.filter(p -> p.toString().endsWith(".deb")).findFirst().orElseThrow(() -> new AssertionError("no package built in " + out));
        }
    }

    /** The node daemon as plugstack-node.service's ExecStart runs it (no systemd here), its PID kept. */
    private static void startTheDaemonAsItsUnitDoes() throws Exception {
        String unit = Files.readString(ROOT.resolve("lib/systemd/system/plugstack-node.service"));
        String exec = unit.lines().filter(l -> l.startsWith("ExecStart=")).findFirst().orElseThrow().substring("ExecStart=".length());
        List<String> argv = new ArrayList<>(List.of("chroot", ROOT.toString()));
        argv.addAll(List.of(exec.split(" ")));
        Path root = ROOT.resolve("run/plugstack/root.sock");
        Path user = ROOT.resolve("run/plugstack/user.sock");
        Files.deleteIfExists(root); // a stopped daemon's: the wait below is for this one's
        Files.deleteIfExists(user);
        Path log = Files.createTempFile("plugstack-deb-daemon", ".out");
        daemon = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Await.until("the node daemon's sockets in the root", () -> Files.exists(root) && Files.exists(user) || !daemon.isAlive(),
                Duration.ofSeconds(90), () -> read(log));
        assertThat(daemon.isAlive()).as("the node daemon: %s", read(log)).isTrue();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }

    /** The line postinst printed that starts (after its indent) with {@code start}. */
    private static String printedLine(String start) {
        return installOutput.lines().map(String::strip).filter(l -> l.startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError("postinst printed no line starting '" + start + "':\n" + installOutput));
    }

    private static List<String> plugstackProcessesInTheRoot() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                Optional<String> root = readLink(p.resolve("root"));
                if (root.isPresent() && root.get().equals(ROOT.toString())) {
                    String cmd = RealSlurm.commandLine(Long.parseLong(p.getFileName().toString()));
                    if (cmd.contains("plugstack.jar") || cmd.contains("plugstack-run")) {
                        found.add(p.getFileName() + " " + cmd);
                    }
                }
            }
        }
        return found;
    }

    private static Optional<String> readLink(Path p) {
        try {
            return Optional.of(Files.readSymbolicLink(p).toString());
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty(); // gone meanwhile, or not ours to read
        }
    }

    private static boolean installed() {
        return chroot(COMMAND, "dpkg-query", "-W", "-f", "${Status}", "plugstack").stdout().contains("install ok installed");
    }

    private static String[] withPorts(String... argv) {
        List<String> all = new ArrayList<>(List.of("env"));
        PORTS.forEach((k, v) -> all.add(k + "=" + v));
        all.addAll(List.of(argv));
        return all.toArray(String[]::new);
    }

    private static Result rootScript(Duration timeout, String command) {
        return RealSlurm.runHarness("debian-root.sh", timeout, Map.of(), command, ROOT.toString());
    }

    private static Result chroot(Duration timeout, String... argv) {
        List<String> all = new ArrayList<>(List.of("chroot", ROOT.toString()));
        all.addAll(List.of(argv));
        return RealSlurm.exec(all, Map.of(), timeout);
    }

    private static Result chrootAs(String user, String... argv) {
        List<String> all = new ArrayList<>(List.of("chroot", "--userspec=" + user + ":" + user, ROOT.toString()));
        all.addAll(List.of(argv));
        return RealSlurm.exec(all, Map.of(), COMMAND);
    }
}
