package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.runtime.node.wire.FrameType;
import io.plugstack.runtime.node.wire.Messages;
import io.plugstack.runtime.node.wire.Wire;

/**
 * {@code java -jar plugstack.jar --node}: the distribution runs headless as a real process, serves the
 * bridge's sockets, writes a timestamped log file, and stops on SIGTERM (sent to exactly its PID).
 */
@Timeout(120)
class NodeDaemonIT {

    @TempDir
    Path dir;
    /** Where a test's daemon has its home, sockets and log (inside {@link #dir}). */
    private Path home;
    private Path sockets;
    private Path log;

    @BeforeEach
    void paths() {
        home = dir.resolve("home");
        sockets = dir.resolve("run");
        log = dir.resolve("log/plugstack-node.log");
    }

    /**
     * uid 4242 asks the daemon's shell for a command line, with admin.sock's mode opened up: SO_PEERCRED,
     * not the file mode, refuses it. Returns "exit-code stderr".
     */
    private String otherUsersAdminAttempt(Path sockets) throws Exception {
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(sockets.resolve("admin.sock"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
        String client = "import socket,struct,sys\n"
                + "def s(t): b=t.encode(); return struct.pack('>i',len(b))+b\n"
                + "c=socket.socket(socket.AF_UNIX); c.connect(sys.argv[1])\n"
                + "c.sendall(s('gogo')+struct.pack('>i',1)+s('plugstack:plugins')+struct.pack('>i',0)+s('/'))\n"
                + "err=b''\n"
                + "while True:\n"
                + "  t=c.recv(1)[0]\n"
                + "  if t==3:\n"
                + "    code=struct.unpack('>i',c.recv(4))[0]; break\n"
                + "  n=struct.unpack('>i',c.recv(4))[0]; d=b''\n"
                + "  while len(d)<n: d+=c.recv(n-len(d))\n"
                + "  if t==2: err+=d\n"
                + "sys.stdout.write(str(code)+' '+err.decode())\n";
        Process p = new ProcessBuilder("/usr/bin/setpriv", "--reuid=4242", "--regid=4343", "--clear-groups", "--",
                "/usr/bin/python3", "-c", client, sockets.resolve("admin.sock").toString()).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    private final String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    /** The distribution copied to {@code home}, started as a node daemon serving {@code sockets}, logging to {@code log}. */
    private Process launchDaemon(Path home, Path sockets, Path log) throws Exception {
        io.plugstack.itest.realslurm.NodeDaemon.prepareUserRole(dir);
        for (String sub : new String[] {"system", "features", "etc"}) {
            PlugstackRuntime.copyTree(PlugstackRuntime.dist().resolve(sub), home.resolve(sub));
        }
        Files.copy(PlugstackRuntime.dist().resolve("plugstack.jar"), home.resolve("plugstack.jar"));
        PlugstackRuntime.copyTree(PlugstackRuntime.dist().resolve("lib"), home.resolve("lib"));
        return new ProcessBuilder(javaBin, "-jar", home.resolve("plugstack.jar").toString(), "--home", home.toString(),
                "--node", "--socket-dir", sockets.toString(), "--log", log.toString())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(dir.resolve("daemon.out").toFile()).start();
    }

    /** {@link #launchDaemon}, then until user.sock is served (bounded). */
    private Process startDaemon(Path home, Path sockets, Path log) throws Exception {
        Process daemon = launchDaemon(home, sockets, log);
        Path user = sockets.resolve("user.sock");
        // served, not only there: the file can be there a moment before its listener is (the bridge waits the same way)
        for (int i = 0; i < 600 && !accepts(user) && daemon.isAlive(); i++) {
            Thread.sleep(50);
        }
        assertThat(accepts(user)).as("the node daemon's user socket (daemon output: %s)", Files.exists(log) ? Files.readString(log) : "")
                .isTrue();
        return daemon;
    }

    private static boolean accepts(Path socket) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** Issue 29, item 3: no daemon behind the socket directory is one line naming the socket and the rule, exit 1. */
    @Test
    void theAdminShellWithNoDaemonBehindItsSocketIsOneLineAndExit1() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("no-daemon"));
        String shown = admin(PlugstackRuntime.dist(), empty, "plugstack:plugins");
        assertThat(shown).isEqualTo("1 plugstack: error: " + empty.resolve("admin.sock") + ": No such file or directory: no node daemon"
                + " serves this socket directory (is bin/plugstack-node running with it as PLUGSTACK_SOCKET_DIR?)\n");
    }

    /** One command line in the daemon's shell, as root: "exit-code output". */
    private String admin(Path home, Path sockets, String... command) throws Exception {
        List<String> argv = new java.util.ArrayList<>(List.of(javaBin, "-jar", home.resolve("plugstack.jar").toString(), "--admin",
                sockets.toString()));
        argv.addAll(List.of(command));
        Process admin = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String shown = new String(admin.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(admin.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return admin.exitValue() + " " + shown;
    }

    private static void stop(Process daemon) throws InterruptedException {
        daemon.destroy(); // SIGTERM to this PID only
        assertThat(daemon.waitFor(60, TimeUnit.SECONDS)).as("the daemon stops on SIGTERM").isTrue();
    }

    /** Issue 29: a pdsh loop of `plugstack-admin deploy` sees a jar the runtime refuses as a failure, with the reason. */
    @Test
    void anAdminDeployOfARefusedJarExitsNonZeroWithTheReason() throws Exception {
        Process daemon = startDaemon(home, sockets, log);
        try {
            Path jar = new FixturePlugins(Files.createDirectories(dir.resolve("jars"))).plugin("itest.admin.refused", "good")
                    .header("Slurm-Plugin-Version", "26.05.0").build();
            assertThat(admin(home, sockets, "deploy", jar.toString()))
                    .matches("(?s)1 .*deploy: itest.admin.refused 1.0.0 as bundle \\d+: REFUSED: Slurm-Plugin-Version 26.05.0 does not match.*");
        } finally {
            stop(daemon);
        }
    }

    /** A node daemon has no terminal: Gogo's JLine console is not started (its boot and a thread saved), the admin shell still works. */
    @Test
    void aNodeDaemonStartsNoConsole() throws Exception {
        Process daemon = startDaemon(home, sockets, log);
        try {
            String lines = Files.readString(log);
            assertThat(lines).contains("plugstack: node daemon: org.apache.felix.gogo.jline is not started: a node daemon has no console"
                    + " (plugstack --admin reaches its shell)");
            assertThat(lines).doesNotContain("Unable to create a system terminal");
            assertThat(admin(home, sockets, "felix:lb")).containsPattern("\\|(Installed|Resolved) +\\| +\\d+\\|Apache Felix Gogo JLine Shell");
            assertThat(admin(home, sockets, "plugstack:versions")).startsWith("0 ");
        } finally {
            stop(daemon);
        }
    }

    /**
     * Issue 25: a root node daemon is reachable by every local user, so it runs no bench (no bench.sock,
     * simulated controller, jobs or job threads) that a user could drive to collide with real jobs; the
     * bench's bundle stays resolved and never starts, and its commands are not there.
     */
    @Test
    void aNodeDaemonServesNoBench() throws Exception {
        Process daemon = startDaemon(home, sockets, log);
        try {
            assertThat(home.resolve("data/bench.sock")).doesNotExist();
            assertThat(Files.readString(log)).contains("plugstack: node daemon: io.plugstack.runtime.bench is not started: a node daemon"
                    + " serves no bench (no bench socket, controller, jobs or their threads)");
            assertThat(admin(home, sockets, "felix:lb")).containsPattern("\\|Resolved +\\| +\\d+\\|Plugstack job-launch bench");
            assertThat(admin(home, sockets, "srun", "true")).isEqualTo("1 plugstack: error: Command not found: srun\n");
            assertThat(Files.readString(dir.resolve("daemon.out"))).as("nothing on the console").isEmpty();
        } finally {
            stop(daemon);
        }
    }

    /**
     * Issue 25: a root daemon started on a socket directory a user made would keep it hers, and she could
     * swap in a root.sock of her own for slurmstepd to talk to. The daemon refuses the directory in one log
     * line and binds nothing there.
     */
    @Test
    void aSocketDirectoryAnUnprivilegedUserMadeIsRefusedAndNothingIsServedThere() throws Exception {
        assertThat(((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid"))).as("needs root, as CI runs it").isZero();
        String user = io.plugstack.itest.realslurm.RealSlurm.TEST_USER;
        io.plugstack.itest.realslurm.RealSlurm.ensureUser(user);
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path shared = Files.createDirectory(dir.resolve("shared"));
        Files.setAttribute(shared, "unix:mode", 01777); // like /tmp
        Path hers = shared.resolve("run");
        Process mkdir = new ProcessBuilder("runuser", "-u", user, "--", "mkdir", hers.toString()).redirectErrorStream(true).start();
        assertThat(mkdir.waitFor(60, TimeUnit.SECONDS) && mkdir.exitValue() == 0).as("%s makes %s", user, hers).isTrue();
        Process daemon = launchDaemon(home, hers, log);
        try {
            String refused = "plugstack: error: node: socket directory " + hers + ": owned by uid ";
            for (int i = 0; i < 600 && !(Files.exists(log) && Files.readString(log).contains(refused)) && daemon.isAlive(); i++) {
                Thread.sleep(50);
            }
            String text = Files.exists(log) ? Files.readString(log) : "";
            assertThat(text).contains(refused).contains(", not by root; refused: whoever can write there could put a socket of their own"
                    + " in place of the daemon's; no socket is served");
            assertThat(text.lines().filter(l -> l.contains("socket directory " + hers))).as("one line").hasSize(1);
            try (var names = Files.list(hers)) {
                assertThat(names).as("nothing bound in her directory").isEmpty();
            }
        } finally {
            stop(daemon);
        }
    }

    @Test
    void theNodeDaemonRunsHeadlessServesTheBridgeLogsWithTimestampsAndStopsOnSigterm() throws Exception {
        Process daemon = startDaemon(home, sockets, log);
        try {
            Path user = sockets.resolve("user.sock");
            try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                ch.connect(UnixDomainSocketAddress.of(user));
                OutputStream out = Channels.newOutputStream(ch);
                InputStream in = Channels.newInputStream(ch);
                Wire.write(out, FrameType.HELLO, new Messages.Hello(Wire.PROTOCOL, 3, "25.11.0", 1, List.of(), null).encode());
                Wire.Frame answer = Wire.read(in, Wire.MAX_ROOT_FRAME);
                assertThat(answer.type()).as(answer.type() == FrameType.REFUSE ? Messages.Refuse.decode(answer.body()).reason() : "")
                        .isEqualTo(FrameType.WELCOME);
            }
            assertThat(Files.readAllLines(log)).anyMatch(l -> l.matches("\\[\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}] "
                    + "plugstack: node: serving the SPANK bridge in " + java.util.regex.Pattern.quote(sockets.toString())));
            assertThat(Files.readString(dir.resolve("daemon.out"))).as("nothing on the console").isEmpty();
            // the daemon's shell, as root: the same commands as at the console
            Process admin = new ProcessBuilder(javaBin, "-jar", home.resolve("plugstack.jar").toString(), "--admin",
                    sockets.toString(), "plugstack:plugins").redirectErrorStream(true).start();
            String shown = new String(admin.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(admin.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(admin.exitValue()).as(shown).isZero();
            assertThat(shown).contains("renice").contains("READY");
            assertThat(Files.readString(log)).as("what an admin did is in the daemon's log").contains("plugstack: node: admin: plugstack:plugins (exit 0)");
            if (((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0) {
                assertThat(otherUsersAdminAttempt(sockets)).isEqualTo("1 plugstack: error: the node daemon's shell is root's only\n");
            }
        } finally {
            stop(daemon);
        }
    }
}
