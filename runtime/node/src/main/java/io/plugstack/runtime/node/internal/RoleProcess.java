package io.plugstack.runtime.node.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.UnixUsers;

/**
 * A child role ({@link ChildRole}): a second runtime from the same distribution, started by the root role as
 * the role's user (setpriv, its parent-death signal set so a killed root role takes it along), serving the
 * sessions the root role relays to it. Its home is {@code data/<role dir>/} (its own data/, and links to the
 * root home's etc/, features/ and system/); it reads the root home's deploy folder and starts from the root
 * role's version choices and features, which it copies itself (root never writes below a directory the role
 * owns, where a link could point it anywhere). What it logs comes into the root role's log as
 * {@code <role> role: ...}. Restarted when it exits, with a back-off.
 */
final class RoleProcess implements AutoCloseable {

    /** The system property naming the root role's data/ in a role's process (the launcher's RoleSeed reads it). */
    static final String SEED_PROPERTY = "plugstack.node.role.seed";
    private static final Pattern STAMP = Pattern.compile("^\\[[^\\]]*\\] ");
    private static final long MAX_BACKOFF_MS = 30_000;

    private final ChildRole role;
    private final List<String> argv;
    private final SlurmLog log;
    private volatile Process process;
    private volatile boolean closing;

    private RoleProcess(ChildRole role, List<String> argv, SlurmLog log) {
        this.role = role;
        this.argv = argv;
        this.log = log;
    }

    /**
     * Prepares the role's home and socket directory for {@code user} and starts it.
     *
     * @param socketDir    the root role's (checked) socket directory; the role's is {@code role.dir} in it
     * @param home         the root role's home
     * @param settings     the root role's settings the role needs as they are (deploy folder, release, ...)
     * @param distribution the folder of plugstack.jar (and bridge/prebuilt/plugstack-run)
     */
    static RoleProcess start(ChildRole role, Path socketDir, UnixUsers.Entry user, Path home, Map<String, String> settings,
            Path distribution, SlurmLog log) throws IOException {
        Path roleSockets = ownedDirectory(socketDir.resolve(role.dir), user);
        Path roleHome = ownedDirectory(home.resolve("data").resolve(role.dir), user);
        for (String shared : List.of("etc", "features", "system")) {
            Path link = roleHome.resolve(shared); // a child of a directory root placed: never followed
            Files.deleteIfExists(link); // a link the role may have changed is made anew by root
            Files.createSymbolicLink(link, home.resolve(shared).toAbsolutePath());
        }
        List<String> argv = new ArrayList<>(List.of(OnBehalfOf.SETPRIV, "--reuid=" + user.uid(), "--regid=" + user.gid(), "--init-groups",
                "--pdeathsig", "TERM", "--", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // no larger a heap than the root role's (bin/plugstack-node bounds it): a flood must not grow a role without end
                "-Xmx" + Runtime.getRuntime().maxMemory() / (1024 * 1024) + "m",
                "-D" + NodeComponent.ROLE_PROPERTY + "=" + role.name,
                // the role copies the root role's versions and features itself: root writes nothing inside the role's home
                "-D" + SEED_PROPERTY + "=" + home.resolve("data").toAbsolutePath()));
        // the root role's collector and class-data archive (bin/plugstack-node's options), at the same place in argv
        argv.addAll(argv.indexOf("--") + 3, inheritedJvmOptions(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()));
        if (role.actsForUsers) {
            Path client = distribution.resolve("bridge/prebuilt/plugstack-run");
            if (!Files.isExecutable(client)) {
                log.error("node: " + role.name + " role: no executable " + client + " (the distribution's monitor client): plugins"
                        + " cannot act as the calling user (OnBehalfOf, cli_filter/lua's file access) until it is there");
            }
            argv.add("-D" + OnBehalfOf.MONITOR_SOCKET_PROPERTY + "=" + socketDir.resolve(Monitor.SOCKET));
            argv.add("-D" + OnBehalfOf.MONITOR_CLIENT_PROPERTY + "=" + client);
        }
        settings.forEach((k, v) -> argv.add("-D" + k + "=" + v));
        argv.addAll(List.of("-jar", distribution.resolve("plugstack.jar").toString(), "--home", roleHome.toString(), "--node",
                "--socket-dir", roleSockets.toString(), "--log", "-"));
        RoleProcess p = new RoleProcess(role, List.copyOf(argv), log);
        Thread t = new Thread(p::supervise, "plugstack-" + role.name + "-role");
        t.setDaemon(true);
        t.start();
        return p;
    }

    /**
     * The root role's JVM options a role runs with too: the collector, heap start and stack sizes, the class-data
     * archive it maps and the JVM's log settings. Not -Xmx (the role's is the root role's bound, given above),
     * nor -D (settings go by name), nor -XX:ArchiveClassesAtExit: only the root role writes the home's archive,
     * a role cannot write root's data/ and must not try at every exit.
     */
    static List<String> inheritedJvmOptions(List<String> rootRole) {
        return rootRole.stream().filter(a -> (a.startsWith("-XX:") || a.startsWith("-Xlog:") || a.startsWith("-Xms") || a.startsWith("-Xss"))
                && !a.startsWith("-XX:ArchiveClassesAtExit") && !a.startsWith("-XX:MaxHeapSize")).toList();
    }

    /** {@code dir}, made if missing (never through a link), the user's, mode 0700. */
    private static Path ownedDirectory(Path dir, UnixUsers.Entry user) throws IOException {
        try {
            Files.createDirectory(dir);
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(dir + ": not a directory; the role cannot start");
            }
        }
        Files.setAttribute(dir, "unix:uid", (int) user.uid(), LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(dir, "unix:gid", (int) user.gid(), LinkOption.NOFOLLOW_LINKS);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        return dir;
    }

    /** Runs the role, and again when it exits (1 s, doubling to 30 s; back to 1 s after a minute up). */
    private void supervise() {
        long backoff = 1000;
        while (!closing) {
            long started = System.currentTimeMillis();
            int code;
            try {
                Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
                process = p;
                if (closing) { // closed while it was starting: close() may have missed it
                    p.destroy();
                    return;
                }
                log.info("node: " + role.name + " role started (pid " + p.pid() + ")");
                copyLog(p);
                code = p.waitFor();
            } catch (IOException e) {
                log.error("node: cannot start the " + role.name + " role: " + e.getMessage());
                code = -1;
            } catch (InterruptedException e) {
                return;
            }
            if (closing) {
                return;
            }
            backoff = System.currentTimeMillis() - started > 60_000 ? 1000 : Math.min(backoff * 2, MAX_BACKOFF_MS);
            log.error("node: the " + role.name + " role exited (" + code + "); started again in " + backoff / 1000 + " s");
            try {
                Thread.sleep(backoff);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The role's log lines into this log, on a thread of their own; its own timestamps give way to ours. */
    private void copyLog(Process p) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null;) {
                    io.plugstack.runtime.spi.log.RuntimeLog.stream().println(role.name + " role: " + STAMP.matcher(line).replaceFirst(""));
                }
            } catch (IOException e) {
                // the role is gone
            }
        }, "plugstack-" + role.name + "-role-log");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() {
        closing = true;
        Process p = process;
        if (p == null) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
