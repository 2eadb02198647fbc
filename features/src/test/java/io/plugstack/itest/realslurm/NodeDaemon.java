package io.plugstack.itest.realslurm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.plugstack.itest.PlugstackRuntime;

/**
 * The Plugstack distribution running as a real node daemon ({@code plugstack.jar --node}) for a real
 * Slurm: its own home (a copy of the distribution with the test's plugstack.conf), its own socket
 * directory, its log file. Started as a child process and stopped by that process only (SIGTERM, then
 * SIGKILL to the same PID).
 */
public final class NodeDaemon implements AutoCloseable {

    /** The assembled distribution the daemons' homes are copied from (its bin/ too). */
    static final Path DIST = Path.of(System.getProperty("plugstack.dist", "target/plugstack"));

    private final Path dir;
    private final Path home;
    /** A bench runtime rather than a node daemon: a node daemon serves no bench (issue 25). */
    private final boolean bench;
    private Process process;

    private NodeDaemon(Path dir, boolean bench) {
        this.dir = dir;
        this.home = dir.resolve("home");
        this.bench = bench;
    }

    /**
     * A daemon in {@code dir} (made readable by every user: srun of any user connects to its
     * user.sock) whose plugstack.conf is {@code plugstackConf}; returns once its sockets are served.
     */
    public static NodeDaemon start(Path dir, String plugstackConf) {
        return start(new NodeDaemon(dir, false), plugstackConf);
    }

    /** As {@link #start(Path, String)}, with another node's jobs' versions key in etc/ (an admin copies it, as munge.key). */
    public static NodeDaemon start(Path dir, String plugstackConf, Path versionsKey) {
        NodeDaemon d = new NodeDaemon(dir, false);
        d.versionsKey = versionsKey;
        return start(d, plugstackConf);
    }

    /** Settings appended to etc/plugstack.properties before the start (the Slurm a root's cluster runs). */
    private Map<String, String> settings = Map.of();

    /** As {@link #start(Path, String)}, for a daemon that serves {@code under}'s Slurm: it plays that release. */
    public static NodeDaemon start(Path dir, String plugstackConf, SlurmUnderTest under) {
        NodeDaemon d = new NodeDaemon(dir, false);
        d.settings = under.daemonSettings();
        return start(d, plugstackConf);
    }

    /** A key to put in etc/ before the start; null: the daemon makes its own. */
    private Path versionsKey;

    /** The node directory bound on the cluster's shared node path in the daemon's own mount namespace (null: none). */
    private Path nodeDir;
    private Path nodeMount;

    /**
     * The daemon of one node of a cluster of several ({@code cluster.sh NODES=}): it runs in a mount namespace
     * of its own where {@code nodeDir} is bound on {@code nodeMount}, as that node's slurmd sees it, so a path
     * under {@code nodeMount} in a shared plugstack.conf (a plugin's log) is this node's own, as on a machine
     * of its own. {@code settings} go into etc/plugstack.properties (a shared deploy folder and plugstack.conf);
     * {@code versionsKey}: the cluster's key (null for the first node, which makes it).
     */
    public static NodeDaemon startOnNode(Path dir, Path nodeDir, Path nodeMount, Map<String, String> settings, Path versionsKey) {
        NodeDaemon d = new NodeDaemon(dir, false);
        d.nodeDir = nodeDir;
        d.nodeMount = nodeMount;
        d.settings = settings;
        d.versionsKey = versionsKey;
        return start(d, "# the node's own plugstack.conf is not read: plugstack.spank.conf names the shared one\n");
    }

    /**
     * The distribution as a bench runtime in a child process ({@code plugstack.jar --home}, its console on a
     * pipe kept open, no node mode): {@link #admin} then runs Slurm command lines ({@code srun ...}) through
     * the bench's command socket, as {@code bin/srun} does. For tests of what a crashed bench leaves behind.
     */
    public static NodeDaemon startBench(Path dir, String plugstackConf) {
        return start(new NodeDaemon(dir, true), plugstackConf);
    }

    /** The unprivileged system user a node daemon's user role runs as (its default). */
    public static final String ROLE_USER = "plugstack";

    /**
     * Makes the user role's user when missing, and every directory above {@code dir} under /tmp traversable
     * (o+x), since the user role reads the distribution in the test's home as that user.
     */
    public static void prepareUserRole(Path dir) {
        RealSlurm.ensureSystemUser(ROLE_USER);
        try {
            for (Path p = dir.toAbsolutePath(); p != null && p.startsWith("/tmp") && !p.equals(Path.of("/tmp")); p = p.getParent()) {
                if (Files.isDirectory(p)) {
                    java.util.Set<java.nio.file.attribute.PosixFilePermission> perms = Files.getPosixFilePermissions(p);
                    perms.add(java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE);
                    Files.setPosixFilePermissions(p, perms);
                }
            }
        } catch (IOException e) {
            throw new AssertionError("node daemon: cannot open " + dir + "'s parents to the user role: " + e, e);
        }
    }

    private static NodeDaemon start(NodeDaemon d, String plugstackConf) {
        Path dir = d.dir;
        prepareUserRole(dir);
        try {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            // bridge/: the user role's plugstack-run (bridge/prebuilt), executable
            for (String sub : new String[] {"system", "features", "etc", "lib", "bridge"}) {
                PlugstackRuntime.copyTree(DIST.resolve(sub), d.home.resolve(sub));
            }
            Files.copy(DIST.resolve("plugstack.jar"), d.home.resolve("plugstack.jar"));
            Files.writeString(d.plugstackConf(), plugstackConf);
            StringBuilder settings = new StringBuilder();
            d.settings.forEach((key, value) -> settings.append('\n').append(key).append('=').append(value).append('\n'));
            Files.writeString(d.home.resolve("etc/plugstack.properties"), settings, java.nio.file.StandardOpenOption.APPEND);
            if (d.versionsKey != null) {
                Files.copy(d.versionsKey, d.home.resolve("etc/versions.key"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                Files.setPosixFilePermissions(d.home.resolve("etc/versions.key"), PosixFilePermissions.fromString("rw-------"));
            }
        } catch (IOException e) {
            throw new AssertionError("node daemon: cannot make its home in " + dir + ": " + e, e);
        }
        d.launch();
        return d;
    }

    /** The child roles' sockets a root node daemon serves with this machine's users (docs/security.md). */
    private List<Path> roleSockets() {
        List<Path> out = new ArrayList<>(List.of(socketDir().resolve("user-role").resolve("role.sock")));
        if (RealSlurm.userExists("slurm")) {
            out.add(socketDir().resolve("ctld-role").resolve("role.sock"));
        }
        return out;
    }

    /** The socket the runtime serves last among those a test needs: root.sock, or a bench's bench.sock. */
    private Path readySocket() {
        return bench ? home.resolve("data/bench.sock") : socketDir().resolve("root.sock");
    }

    /** The socket {@link #admin} talks to: admin.sock, or a bench's bench.sock. */
    public Path commandSocket() {
        return bench ? readySocket() : socketDir().resolve("admin.sock");
    }

    private void launch() {
        List<String> argv = new ArrayList<>(List.of(java(), "-jar", home.resolve("plugstack.jar").toString(), "--home", home.toString()));
        if (!bench) {
            argv.addAll(List.of("--node", "--socket-dir", socketDir().toString()));
        }
        argv.addAll(List.of("--log", logFile().toString()));
        if (nodeDir != null) { // unshare and sh exec in place: the PID is the daemon's
            argv.addAll(0, List.of("unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", "mount --bind \"$0\" \"$1\" && shift && exec \"$@\"",
                    nodeDir.toString(), nodeMount.toString()));
        }
        Path ready = readySocket();
        try {
            Files.deleteIfExists(ready);
            for (Path role : roleSockets()) {
                Files.deleteIfExists(role); // a killed role's
            }
            process = new ProcessBuilder(argv)
                    // a bench's console reads its stdin: a pipe this harness keeps open, so it never sees EOF
                    .redirectInput(bench ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("daemon.out").toFile())).start();
            for (int i = 0; i < 600 && process.isAlive() && !Files.exists(ready); i++) {
                Thread.sleep(50);
            }
            // a root node daemon relays srun's sessions to its user role, and slurmctld's job_submit shim to its
            // ctld role (SlurmUser's, when that user exists here): ready once those serve too
            for (Path role : bench ? List.<Path>of() : roleSockets()) {
                for (int i = 0; i < 600 && process.isAlive() && !Files.exists(role); i++) {
                    Thread.sleep(50);
                }
            }
        } catch (IOException e) {
            throw new AssertionError("node daemon: cannot start: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        if (!Files.exists(ready)) {
            throw new AssertionError("node daemon: no " + ready + " after 30 s; its log:\n" + log());
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The daemon's home: a copy of the distribution (etc/, features/, deploy/, data/). */
    public Path home() {
        return home;
    }

    /** Where user.sock and root.sock are: the bridge's {@code socket_dir=}. */
    public Path socketDir() {
        return dir.resolve("run");
    }

    /** Plugstack's own plugstack.conf (the Java plugins), read anew for every launch. */
    public Path plugstackConf() {
        return home.resolve("etc/plugstack.conf");
    }

    public Path deployDir() {
        return home.resolve("deploy");
    }

    /** Drops {@code jar} into deploy/ as an admin should: copied aside, renamed in (FileInstall never sees half a jar). */
    public void deploy(Path jar) {
        dropInto(deployDir(), jar);
    }

    /** Drops {@code jar} into the deploy folder {@code folder} (a node's, or one the nodes share) that way. */
    public static void dropInto(Path folder, Path jar) {
        try {
            Files.createDirectories(folder);
            Path part = folder.resolve(jar.getFileName() + ".part");
            Files.copy(jar, part, StandardCopyOption.REPLACE_EXISTING);
            Files.move(part, folder.resolve(jar.getFileName()), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new AssertionError("node daemon: cannot deploy " + jar + " into " + folder + ": " + e, e);
        }
    }

    /** Replaces the runtime's plugstack.conf at once (written aside, renamed in): the next Slurm process reads it whole. */
    public void plugstack(String conf) {
        writeAtOnce(plugstackConf(), conf);
    }

    /** Replaces a plugstack.conf (a node's, or one the nodes share) at once: written aside, renamed in. */
    public static void writeAtOnce(Path conf, String text) {
        try {
            Path next = conf.resolveSibling(conf.getFileName() + ".next");
            Files.writeString(next, text);
            Files.move(next, conf, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new AssertionError("node daemon: cannot write " + conf + ": " + e, e);
        }
    }

    public Path logFile() {
        return dir.resolve("log/plugstack-node.log");
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process != null && process.isAlive();
    }

    /** The daemon's log so far. */
    public String log() {
        try {
            return Files.exists(logFile()) ? Files.readString(logFile()) : "(no log file)";
        } catch (IOException e) {
            return "(unreadable log: " + e + ")";
        }
    }

    /**
     * The line Slurm's plugstack.conf needs for this daemon: the bridge (or its build without
     * job_prolog/job_epilog) with this daemon's socket directory and {@code extra} arguments.
     */
    public String bridgeLine(String bridge, String... extra) {
        return bridgeLine(SlurmUnderTest.DEBIAN_12, bridge, extra);
    }

    /** The same for {@code under}'s Slurm: the bridge built against its headers. */
    public String bridgeLine(SlurmUnderTest under, String bridge, String... extra) {
        return "required " + under.bridgeDir().resolve(bridge) + " socket_dir=" + socketDir() + (extra.length == 0 ? "" : " " + String.join(" ", extra));
    }

    /** One command line in the daemon's own Gogo shell (plugstack --admin), as root: its output and exit code. */
    public RealSlurm.Result admin(String commandLine) {
        List<String> argv = adminArgv(commandLine);
        try {
            Process p = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            boolean done = p.waitFor(60, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly();
            }
            return new RealSlurm.Result(argv, done ? p.exitValue() : -1, out, err, !done);
        } catch (IOException e) {
            throw new AssertionError("node daemon: admin " + commandLine + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /**
     * The same, started and left running: all it prints (stdout and stderr) goes to {@code output} as
     * it comes, and the daemon sends what the command says while it runs (a plugin's init line, say).
     */
    public Process startAdmin(String commandLine, Path output) throws IOException {
        return new ProcessBuilder(adminArgv(commandLine)).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
    }

    private List<String> adminArgv(String commandLine) {
        if (bench) { // what bin/srun runs, with the command line's own shell quoting
            return List.of("/bin/sh", "-c", "exec " + java() + " -cp " + home.resolve("plugstack.jar")
                    + " io.plugstack.runtime.spi.bench.SlurmClient --home " + home + " " + commandLine);
        }
        return new ArrayList<>(List.of(java(), "-jar", home.resolve("plugstack.jar").toString(), "--admin",
                socketDir().toString(), commandLine));
    }

    /** SIGTERM to this daemon's PID, then SIGKILL to the same PID if it has not stopped within 30 s. */
    public void stop() {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** SIGKILL to this daemon's PID: the runtime dies as a crash would. */
    public void kill() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Starts the daemon again on the same home and sockets (after {@link #stop} or {@link #kill}). */
    public void restart() {
        stop();
        launch();
    }

    @Override
    public void close() {
        stop();
    }
}
