package io.plugstack.api.user;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * A Unix user (uid, primary gid) that code in the runtime acts for. The rule: <em>nothing that runs
 * with more privilege than a user touches a path that user controls with that privilege.</em> Slurm
 * keeps it by working in a process that is the user (srun, sbatch, a task) or has dropped to the user
 * (slurmstepd opening output files); this class does the same:
 * <ul>
 * <li>when this process is the user (same effective uid and gid; the bench as a plain user), it acts
 *     directly and the kernel checks its rights;</li>
 * <li>otherwise (a runtime running as root for a job of another user) the work is done in a child
 *     process started as the user with util-linux {@code setpriv} (the user's groups from
 *     {@code /etc/passwd} with {@code --init-groups}, none when the user is not listed there), so the
 *     kernel checks exactly the rights the user has, links and all, with no window to race;</li>
 * <li>in a node daemon's unprivileged user role (no root), the child is asked of the root role's monitor
 *     through {@value #MONITOR_CLIENT_PROPERTY} ({@code plugstack-run}), which runs it as the user only while
 *     that user has a live session with the node: the user role never holds the right to become anyone.</li>
 * </ul>
 * Any other process that is neither the user nor root cannot act for the user and gets an IOException
 * saying so.
 * <p>
 * In Slurm, code for a user's own command (cli_filter, local and allocator SPANK) runs inside that command,
 * in its working directory and with its environment. {@link #in(Path, Map)} gives a user that
 * process's directory and environment, as the host learned them from the command; {@link #start} then
 * runs a program there with exactly that environment, which never passes through a process with more
 * rights than the user (it is read by the user's own process, after the switch of user).
 */
public final class OnBehalfOf {

    /** util-linux's setpriv: a program run with the given ids and groups. */
    public static final String SETPRIV = "/usr/bin/setpriv";
    /** The group database the peer's group is looked up in. */
    static final Path GROUP = Path.of("/etc/group");
    /**
     * The system property naming the monitor's client, {@code plugstack-run}, in an unprivileged role of a
     * node daemon (set by the launcher, with {@value #MONITOR_SOCKET_PROPERTY}).
     */
    public static final String MONITOR_CLIENT_PROPERTY = "plugstack.monitor.client";
    /** The system property naming the root role's monitor socket. */
    public static final String MONITOR_SOCKET_PROPERTY = "plugstack.monitor.socket";
    /** How long a helper process may take before it is killed (a read that blocks on a FIFO, say). */
    static final long HELPER_SECONDS = 10;

    private static final OnBehalfOf THIS_PROCESS = new OnBehalfOf(ownerOfProcSelf("unix:uid"), ownerOfProcSelf("unix:gid"));

    private final long uid;
    private final long gid;
    /** The user's process's working directory; null when none is known (then nor is its environment). */
    private final Path workdir;
    private final Map<String, String> environment;

    private OnBehalfOf(long uid, long gid) {
        this(uid, gid, null, Map.of());
    }

    private OnBehalfOf(long uid, long gid, Path workdir, Map<String, String> environment) {
        this.uid = uid;
        this.gid = gid;
        this.workdir = workdir;
        this.environment = environment;
    }

    /**
     * Whether this process can act for users other than itself: it is root, or it is a node daemon's user
     * role with the root role's monitor to ask.
     *
     * @return true when {@link #user(long, long)} of another user can run anything
     */
    public static boolean canActForOthers() {
        return THIS_PROCESS.uid == 0
                || (System.getProperty(MONITOR_CLIENT_PROPERTY) != null && System.getProperty(MONITOR_SOCKET_PROPERTY) != null);
    }

    /** {@return this process's own effective user and group (the owner of /proc/self)} */
    public static OnBehalfOf thisProcess() {
        return THIS_PROCESS;
    }

    /**
     * The user {@code uid} with primary group {@code gid} (a job's S_JOB_UID and S_JOB_GID).
     *
     * @param uid the user id
     * @param gid the primary group id
     * @return the user to act for
     */
    public static OnBehalfOf user(long uid, long gid) {
        return uid == THIS_PROCESS.uid && gid == THIS_PROCESS.gid ? THIS_PROCESS : new OnBehalfOf(uid, gid);
    }

    /**
     * The user of the process at the other end of a connected Unix socket, as the kernel recorded it
     * at connect time (SO_PEERCRED): never what the peer says. A uid or gid without a name in the
     * password or group files reads as its number.
     *
     * @param channel a connected Unix domain socket
     * @return the peer's user and group
     * @throws IOException when the credentials cannot be read or name a user or group unknown here
     */
    public static OnBehalfOf peerOf(SocketChannel channel) throws IOException {
        UnixDomainPrincipal peer = channel.getOption(ExtendedSocketOptions.SO_PEERCRED);
        long uid = peer.user().equals(Root.USER) ? 0 : peerId(peer.user().getName(), UnixUsers.PASSWD, "user");
        long gid = peer.group().equals(Root.GROUP) ? 0 : peerId(peer.group().getName(), GROUP, "group");
        return user(uid, gid);
    }

    /** uid and gid 0, looked up once: a database read per connection would be on every launch's path. */
    private static final class Root {
        static final UserPrincipal USER;
        static final GroupPrincipal GROUP;

        static {
            UserPrincipalLookupService users = FileSystems.getDefault().getUserPrincipalLookupService();
            try {
                USER = users.lookupPrincipalByName("0");
                GROUP = users.lookupPrincipalByGroupName("0");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /** A principal's id: its name when numeric (Java names ids without an entry by their number), else the entry's id. */
    private static long peerId(String name, Path database, String what) throws IOException {
        try {
            return Long.parseLong(name);
        } catch (NumberFormatException e) {
            for (String line : Files.readAllLines(database, StandardCharsets.UTF_8)) {
                String[] f = line.split(":", -1);
                if (f.length >= 3 && f[0].equals(name)) {
                    return Long.parseLong(f[2]);
                }
            }
            throw new IOException("peer " + what + " " + name + " has no id in " + database);
        }
    }

    /**
     * This user in the working directory and with the environment of their own process that called the
     * code (srun, sbatch or salloc): what a plugin in that process would see with {@code getcwd()} and
     * {@code environ}. Programs {@link #start started} for this user then run there, with that environment.
     *
     * @param workdir     the process's working directory (absolute)
     * @param environment its environment, in order
     * @return the user in that process
     * @throws IllegalArgumentException when {@code workdir} is not absolute
     */
    public OnBehalfOf in(Path workdir, Map<String, String> environment) {
        if (!workdir.isAbsolute()) {
            throw new IllegalArgumentException("a working directory must be absolute: " + workdir);
        }
        return new OnBehalfOf(uid, gid, workdir, java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(environment)));
    }

    /** {@return the working directory of the user's process, when known ({@link #in})} */
    public Optional<Path> workdir() {
        return Optional.ofNullable(workdir);
    }

    /** {@return the environment of the user's process ({@link #in}); empty when not known} */
    public Map<String, String> environment() {
        return environment;
    }

    /** {@return the user id} */
    public long uid() {
        return uid;
    }

    /** {@return the primary group id} */
    public long gid() {
        return gid;
    }

    /** {@return whether this process is the user, so it may act directly} */
    public boolean isThisProcess() {
        return uid == THIS_PROCESS.uid && gid == THIS_PROCESS.gid;
    }

    /**
     * The command line that runs {@code argv} as this user: {@code argv} itself when this process is
     * the user, else {@code argv} behind setpriv with the user's ids and groups.
     *
     * @param argv the program and its arguments
     * @return the command line to run
     * @throws IOException when this process can neither be the user nor become it (it is not root)
     */
    public List<String> command(List<String> argv) throws IOException {
        if (isThisProcess()) {
            return List.copyOf(argv);
        }
        if (THIS_PROCESS.uid != 0) {
            String client = System.getProperty(MONITOR_CLIENT_PROPERTY);
            String socket = System.getProperty(MONITOR_SOCKET_PROPERTY);
            if (client != null && socket != null) {
                List<String> cmd = new ArrayList<>(List.of(client, socket, Long.toString(uid), Long.toString(gid), "--"));
                cmd.addAll(argv);
                return cmd;
            }
            throw new IOException("uid " + THIS_PROCESS.uid + " cannot act for uid " + uid + " (only root can)");
        }
        List<String> cmd = new ArrayList<>(List.of(SETPRIV, "--reuid=" + uid, "--regid=" + gid,
                UnixUsers.byUid(uid).isPresent() ? "--init-groups" : "--clear-groups", "--"));
        cmd.addAll(argv);
        return cmd;
    }

    /**
     * Starts {@code builder}'s command as this user. Without a known process ({@link #in}) that is
     * {@code builder} with its command replaced by {@link #command}. With one, the program runs in the
     * process's working directory ({@code /} when the user cannot enter it) with exactly its environment;
     * the builder's own directory and environment are not used. The directory is entered and the
     * environment set only once the program runs as the user: a root process never follows the
     * user's path nor runs with the user's variables (a user's {@code LD_PRELOAD}). A stdin that is not
     * {@link ProcessBuilder.Redirect#PIPE} is then empty. (A root runtime without {@code plugstack-run},
     * {@value #MONITOR_CLIENT_PROPERTY}, runs it in {@code /} with the user's login variables only.)
     *
     * @param builder the program, its arguments and redirections
     * @return the started process
     * @throws IOException when it cannot be started, or this process can neither be the user nor become it
     */
    public Process start(ProcessBuilder builder) throws IOException {
        if (workdir == null) {
            return builder.command(command(builder.command())).start();
        }
        if (isThisProcess()) {
            builder.directory((Files.isDirectory(workdir) ? workdir : Path.of("/")).toFile());
            builder.environment().clear();
            builder.environment().putAll(environment);
            return builder.start();
        }
        List<String> argv = builder.command();
        String client = System.getProperty(MONITOR_CLIENT_PROPERTY);
        if (client == null && THIS_PROCESS.uid == 0) {
            // no plugstack-run here: in / with the login variables only; nothing of the user's process on a command line
            List<String> env = new ArrayList<>(List.of("/usr/bin/env", "-i", "--", "PATH=" + SAFE_PATH));
            UnixUsers.byUid(uid).ifPresent(u -> env.addAll(List.of("HOME=" + u.home(), "USER=" + u.name(), "LOGNAME=" + u.name())));
            env.addAll(argv);
            return safeStart(builder, command(env), false);
        }
        List<String> cmd;
        if (THIS_PROCESS.uid == 0) { // setpriv first, then plugstack-run as the user reads the block and enters the directory
            cmd = new ArrayList<>(command(List.of(client, "--exec", "--")));
        } else if (client != null && System.getProperty(MONITOR_SOCKET_PROPERTY) != null) {
            cmd = new ArrayList<>(List.of(client, System.getProperty(MONITOR_SOCKET_PROPERTY), Long.toString(uid), Long.toString(gid),
                    "--context", "--"));
        } else {
            throw new IOException("uid " + THIS_PROCESS.uid + " cannot act for uid " + uid + " (only root can)");
        }
        cmd.addAll(argv);
        return safeStart(builder, cmd, true);
    }

    /** util-linux setpriv and coreutils env find their programs here (never a user's PATH). */
    static final String SAFE_PATH = "/usr/bin:/bin";
    /** The most a context block may hold (runtime/bridge/PROTOCOL.md, "The monitor"). */
    static final int MAX_BLOCK = 1 << 20;
    static final int MAX_BLOCK_ENTRIES = 4096;

    /** {@code cmd} in {@code /} with only PATH, then (with {@code block}) the context block on its stdin first. */
    private Process safeStart(ProcessBuilder builder, List<String> cmd, boolean block) throws IOException {
        boolean piped = builder.redirectInput() == ProcessBuilder.Redirect.PIPE;
        builder.command(cmd).directory(Path.of("/").toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
        builder.environment().clear();
        builder.environment().put("PATH", SAFE_PATH);
        Process p = builder.start();
        if (block) {
            // on a thread of its own, bounded: the child is the user's once setpriv ran, and a user who stops it
            // (SIGSTOP) must not hold this thread for ever on a block larger than the pipe holds
            byte[] b = contextBlock();
            java.util.concurrent.CompletableFuture<Void> written = java.util.concurrent.CompletableFuture.runAsync(() -> {
                try {
                    p.getOutputStream().write(b);
                    p.getOutputStream().flush();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, r -> {
                Thread t = new Thread(r, "plugstack-context-block");
                t.setDaemon(true);
                t.start();
            });
            try {
                written.get(HELPER_SECONDS, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                p.destroyForcibly();
                throw new IOException("cannot hand the user's working directory and environment to " + cmd.get(0) + ": "
                        + (e instanceof java.util.concurrent.TimeoutException ? "it read none of them in " + HELPER_SECONDS + " s"
                                : e.getCause().getMessage()), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
                throw new IOException("interrupted while starting " + cmd.get(0), e);
            }
        }
        if (!piped) {
            try {
                p.getOutputStream().close();
            } catch (IOException e) {
                // the program is gone already: its exit says why
            }
        }
        return p;
    }

    /**
     * The context block: {@code int32} byte count and UTF-8 bytes of the working directory, {@code int32 m},
     * m entries {@code NAME=value} the same way; entries past {@value #MAX_BLOCK_ENTRIES} or that would
     * take it over {@value #MAX_BLOCK} bytes are left out, as the bridge and the shim cut theirs.
     */
    byte[] contextBlock() {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream out = new java.io.DataOutputStream(b);
        try {
            byte[] dir = workdir.toString().getBytes(StandardCharsets.UTF_8);
            out.writeInt(dir.length);
            out.write(dir);
            List<byte[]> entries = new ArrayList<>();
            int size = 8 + dir.length;
            for (Map.Entry<String, String> e : environment.entrySet()) {
                byte[] entry = (e.getKey() + "=" + e.getValue()).getBytes(StandardCharsets.UTF_8);
                if (entries.size() == MAX_BLOCK_ENTRIES || size + 4 + entry.length > MAX_BLOCK) {
                    break;
                }
                size += 4 + entry.length;
                entries.add(entry);
            }
            out.writeInt(entries.size());
            for (byte[] entry : entries) {
                out.writeInt(entry.length);
                out.write(entry);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // a byte array does not fail
        }
        return b.toByteArray();
    }

    /**
     * Reads a regular file as the user would (the kernel checks the user's rights on the file and on
     * every directory and link on the way); at most {@code maxBytes}. Nothing is read that the user
     * could not read, and no byte of such a file is returned or put in a message.
     *
     * @param file     the file to read
     * @param maxBytes the most it may hold
     * @return its bytes
     * @throws NoSuchFileException when there is no such file (for the user)
     * @throws IOException         when the user may not read it, it is not a regular file, or it is larger
     *                             than {@code maxBytes}; the message names the path and the reason only
     */
    public byte[] readFile(Path file, int maxBytes) throws IOException {
        if (isThisProcess()) {
            if (!Files.exists(file)) {
                throw new NoSuchFileException(file.toString());
            }
            if (!Files.isRegularFile(file)) {
                throw new IOException(file + ": not a regular file");
            }
            try (InputStream in = Files.newInputStream(file)) {
                return bounded(in, maxBytes, file);
            } catch (AccessDeniedException e) {
                throw new IOException(file + ": Permission denied", e);
            }
        }
        // the test keeps a FIFO or a device from blocking or flooding the helper; cat then reads as the user
        Process p = start(List.of("/bin/sh", "-c",
                "[ -e \"$1\" ] || { echo 'No such file or directory' >&2; exit 2; }; "
                        + "[ -f \"$1\" ] || { echo 'not a regular file' >&2; exit 3; }; cat -- \"$1\" 2>/dev/null || "
                        + "{ echo 'Permission denied' >&2; exit 4; }", "sh", file.toString()));
        byte[] bytes;
        try (InputStream in = p.getInputStream()) {
            bytes = bounded(in, maxBytes, file);
        } catch (IOException e) {
            p.destroyForcibly();
            throw e;
        } finally {
            p.getOutputStream().close();
        }
        int rc = finish(p);
        if (rc == 2) {
            throw new NoSuchFileException(file.toString());
        }
        if (rc != 0) {
            throw new IOException(file + ": " + errorLine(p, "cannot be read") + " (as uid " + uid + ")");
        }
        return bytes;
    }

    /**
     * Creates or truncates {@code file} for writing as the user (slurmstepd opens a job's output file
     * after dropping to the job's user); the stream's close reports a failed write.
     *
     * @param file the file to create or truncate
     * @return a stream writing to it
     * @throws IOException when the user may not create or write the file; the message names the path
     */
    public OutputStream createFile(Path file) throws IOException {
        if (isThisProcess()) {
            return Files.newOutputStream(file);
        }
        // the helper opens the file first and says so, so a refusal is known before anything is written
        Process p = start(List.of("/bin/sh", "-c", "exec 3>\"$1\" || exit 1; echo ready; exec cat >&3", "sh", file.toString()));
        byte[] ready = p.getInputStream().readNBytes(6);
        if (!new String(ready, StandardCharsets.US_ASCII).equals("ready\n")) {
            p.getOutputStream().close();
            finish(p);
            throw new IOException(file + ": " + errorLine(p, "cannot be written") + " (as uid " + uid + ")");
        }
        return new FilterOutputStream(p.getOutputStream()) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                super.close();
                try {
                    if (p.waitFor() != 0) {
                        throw new IOException(file + ": write failed (as uid " + uid + ")");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    p.destroyForcibly();
                }
            }
        };
    }

    private Process start(List<String> argv) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command(argv));
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/bin:/bin");
        pb.environment().put("LC_ALL", "C");
        return pb.start();
    }

    private static byte[] bounded(InputStream in, int maxBytes, Path file) throws IOException {
        byte[] b = in.readNBytes(maxBytes + 1);
        if (b.length > maxBytes) {
            throw new IOException(file + ": larger than " + maxBytes + " bytes");
        }
        return b;
    }

    /** Waits for a helper, killing it past its time; its exit code (-1 when killed). */
    private static int finish(Process p) throws IOException {
        try {
            if (!p.waitFor(HELPER_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("a helper process took more than " + HELPER_SECONDS + " s and was killed");
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return -1;
        }
    }

    /** The helper's first line of stderr (its own or setpriv's words, never file content), or {@code fallback}. */
    private static String errorLine(Process p, String fallback) throws IOException {
        String err = new String(p.getErrorStream().readNBytes(512), StandardCharsets.UTF_8).strip();
        int nl = err.indexOf('\n');
        String line = nl < 0 ? err : err.substring(0, nl);
        line = line.replaceFirst("^sh: 1: cannot create [^:]*: ", "");
        return line.isEmpty() ? fallback : line;
    }

    private static long ownerOfProcSelf(String attribute) {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), attribute)).intValue() & 0xffffffffL;
        } catch (IOException | RuntimeException e) {
            return -1; // unknown: this process is then nobody's, and acts for no one directly
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OnBehalfOf other && other.uid == uid && other.gid == gid;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(uid) * 31 + Long.hashCode(gid);
    }

    @Override
    public String toString() {
        return "uid " + uid + " gid " + gid;
    }
}
