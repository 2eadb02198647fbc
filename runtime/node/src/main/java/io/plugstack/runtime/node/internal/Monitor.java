package io.plugstack.runtime.node.internal;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.UnixUsers;
import io.plugstack.runtime.spi.bench.CommandProtocol;

/**
 * The root role's monitor, as OpenSSH's privileged monitor serves its unprivileged child: the user role's
 * plugin code asks it (through {@code plugstack-run}, {@link OnBehalfOf}) to run a command as the user it
 * serves. One request per connection, {@code run-as uid gid argv...}, answered only when the connection's
 * SO_PEERCRED is the user role's uid, and only as a uid (not root) the root role is relaying a session of
 * right now ({@link LiveSessions}). The command runs behind setpriv as that user: in the working directory
 * and with the environment of the user's own command when the request carries them (entered and set by
 * {@code plugstack-run --exec} once it is the user), else in {@code /} with the caller's environment but
 * the user's HOME, USER and LOGNAME;
 * its stdin, stdout, stderr and exit code travel as frames (runtime/bridge/PROTOCOL.md, "The monitor").
 */
final class Monitor implements AutoCloseable {

    static final String SOCKET = "monitor.sock";
    static final String RUN_AS = "run-as";
    /** A client's stdin chunk; an empty one closes the command's stdin. */
    static final byte STDIN = 4;
    /** Exit code of a refused request, as a shell's "cannot execute". */
    static final int REFUSED = 126;
    /** Commands running at once for the user role; one more waits its turn at accept. */
    static final int MAX_COMMANDS = 64;
    /** Connections of other peers at once, each refused at once: they never take the user role's slots. */
    static final int OTHERS = 16;
    static final int MAX_FRAME = 1 << 24;
    static final long MAX_DISCARD = 1 << 20;
    static final String ENV = "/usr/bin/env";
    static final String SAFE_PATH = "/usr/bin:/bin";

    private final ServerSocketChannel server;
    private final long roleUid;
    private final LiveSessions live;
    private final SlurmLog log;
    private final ExecutorService threads = UnixSockets.threads("plugstack-monitor");
    private final RefusalLog refusals;
    /** How long a refused peer's leftovers are read before its connection is closed. */
    private final HelloDeadlines discards = new HelloDeadlines(2_000);

    private Monitor(ServerSocketChannel server, long roleUid, LiveSessions live, SlurmLog log) {
        this.refusals = new RefusalLog("monitor", log, java.util.concurrent.TimeUnit.SECONDS.toNanos(RefusalLog.WINDOW_SECONDS),
                "requests refused");
        this.server = server;
        this.roleUid = roleUid;
        this.live = live;
        this.log = log;
    }

    /** Binds {@code dir}/monitor.sock (0666: the peer check is SO_PEERCRED's) for the user role running as {@code roleUid}. */
    static Monitor start(Path dir, long roleUid, LiveSessions live, SlurmLog log) throws IOException {
        Monitor m = new Monitor(UnixSockets.bind(dir.resolve(SOCKET), "rw-rw-rw-"), roleUid, live, log);
        // the user role may use every slot; other uids (refused at once anyway) a few each, never the role's
        UnixSockets.serve(m.server, SOCKET, new Admission.Limits(MAX_COMMANDS + OTHERS, OTHERS / 4, MAX_COMMANDS), roleUid, m.threads,
                m::serve, why -> refusalFrames("plugstack-run: " + why), log, "plugstack-node-monitor");
        return m;
    }

    private void serve(SocketChannel ch) {
        try (ch) {
            long peer = OnBehalfOf.peerOf(ch).uid();
            DataInputStream in = new DataInputStream(ChannelStreams.in(ch));
            DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(ChannelStreams.out(ch)));
            if (peer != roleUid) {
                // monitor.sock is 0666: nothing of another peer's request is read (it could be any size), only refused
                refuse(out, peer, "peer uid " + peer + " is not the user role (uid " + roleUid + ")", "a request");
                ch.shutdownOutput();
                discards.start(ch); // a peer that never stops sending, nor closes, loses its connection after a while
                try {
                    discard(ChannelStreams.in(ch));
                } finally {
                    discards.met(ch);
                }
                return;
            }
            CommandProtocol.Request r = CommandProtocol.Request.read(in);
            String refused = refusal(r);
            if (refused != null) {
                refuse(out, peer, refused, LogText.of(String.join(" ", r.args().subList(0, Math.min(2, r.args().size())))));
                return;
            }
            run(asUser(Long.parseLong(r.args().get(0)), Long.parseLong(r.args().get(1)), r), r.args().subList(2, r.args().size()), r.env(), in, out);
        } catch (EOFException e) {
            // the client went before its request was whole
        } catch (IOException | RuntimeException e) {
            log.error("node: monitor: " + e.getMessage() + "; connection closed");
        }
    }

    /** The frames of a refusal as plugstack-run shows it: {@code line} on its stderr, exit 126. */
    static byte[] refusalFrames(String line) {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        try {
            DataOutputStream out = new DataOutputStream(b);
            CommandProtocol.frames(out, CommandProtocol.ERR).write((line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            CommandProtocol.exit(out, REFUSED);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // a byte array does not fail
        }
        return b.toByteArray();
    }

    /** One log line (per peer uid and minute, then a count: any local user can connect), and the refusal as plugstack-run shows it. */
    private void refuse(DataOutputStream out, long peer, String why, String what) throws IOException {
        refusals.note(peer, "node: monitor: refused " + what + ": " + why);
        CommandProtocol.frames(out, CommandProtocol.ERR).write(("plugstack-run: " + why + "\n").getBytes());
        CommandProtocol.exit(out, REFUSED);
    }

    /** Reads what a refused peer still sends, at most {@value #MAX_DISCARD} bytes, so it sees the refusal and not a reset. */
    private static void discard(InputStream in) throws IOException {
        byte[] buf = new byte[8192];
        long left = MAX_DISCARD;
        for (int n; left > 0 && (n = in.read(buf, 0, (int) Math.min(buf.length, left))) > 0;) {
            left -= n;
        }
    }

    /** Why the request is refused; null when it may run. */
    private String refusal(CommandProtocol.Request r) {
        if (!RUN_AS.equals(r.command())) {
            return "unknown request " + LogText.of(r.command());
        }
        if (r.args().size() < 3) {
            return "run-as needs a uid, a gid and a program";
        }
        long uid;
        long gid;
        try {
            uid = Long.parseLong(r.args().get(0));
            gid = Long.parseLong(r.args().get(1));
        } catch (NumberFormatException e) {
            return "not a uid and gid: " + LogText.of(r.args().get(0) + " " + r.args().get(1));
        }
        if (uid == 0) {
            return "never as root";
        }
        if (!live.live(uid, gid)) {
            return "uid " + uid + " gid " + gid + " has no session with this node now";
        }
        return null;
    }

    /**
     * The user the request is for: in the user's process's working directory and environment when the
     * request carries them ({@code plugstack-run --context}: the user role knows them from the user's
     * command), else with none, and the request's environment is the role's.
     */
    private static OnBehalfOf asUser(long uid, long gid, CommandProtocol.Request r) {
        OnBehalfOf user = OnBehalfOf.user(uid, gid);
        if (r.workdir().isEmpty()) {
            return user;
        }
        try {
            return user.in(Path.of(r.workdir()), r.env());
        } catch (IllegalArgumentException notAbsoluteOrNotAPath) {
            return user.in(Path.of("/"), r.env());
        }
    }

    private void run(OnBehalfOf user, List<String> argv, Map<String, String> env, DataInputStream in, DataOutputStream out) throws IOException {
        Process p;
        if (user.workdir().isPresent()) { // plugstack-run --exec enters the directory and sets the variables, as the user
            p = user.start(new ProcessBuilder(argv));
        } else {
            ProcessBuilder pb = new ProcessBuilder(user.command(asUser(user.uid(), argv, env))).directory(Path.of("/").toFile());
            // setpriv runs as root: it gets no variable the caller chose (LD_PRELOAD would be root's code), only PATH
            pb.environment().clear();
            pb.environment().put("PATH", SAFE_PATH);
            p = pb.start();
        }
        try {
            var stdout = threads.submit(() -> copy(p.getInputStream(), CommandProtocol.frames(out, CommandProtocol.OUT)));
            var stderr = threads.submit(() -> copy(p.getErrorStream(), CommandProtocol.frames(out, CommandProtocol.ERR)));
            threads.execute(() -> stdin(in, p.getOutputStream(), p));
            int code = p.waitFor();
            stdout.get();
            stderr.get();
            CommandProtocol.exit(out, code);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IOException("relaying the command's output: " + e.getCause().getMessage());
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * {@code argv} behind {@code env -i NAME=value...}, which runs as the user (after setpriv has dropped
     * root): the caller's variables with valid names, then the user's HOME, USER and LOGNAME.
     */
    static List<String> asUser(long uid, List<String> argv, Map<String, String> env) {
        Map<String, String> vars = new java.util.LinkedHashMap<>();
        env.forEach((k, v) -> {
            if (k.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                vars.put(k, v);
            }
        });
        UnixUsers.byUid(uid).ifPresent(u -> {
            vars.put("HOME", u.home());
            vars.put("USER", u.name());
            vars.put("LOGNAME", u.name());
        });
        vars.putIfAbsent("PATH", SAFE_PATH);
        List<String> out = new java.util.ArrayList<>(List.of(ENV, "-i"));
        vars.forEach((k, v) -> out.add(k + "=" + v));
        out.addAll(argv); // env takes the first word without '=' as the program

        return out;
    }

    private static Void copy(InputStream from, OutputStream to) throws IOException {
        byte[] buf = new byte[16 * 1024];
        for (int n; (n = from.read(buf)) > 0;) {
            to.write(buf, 0, n);
        }
        return null;
    }

    /**
     * The client's STDIN frames into the command until the empty one; the client going away (or sending
     * garbage) ends the command, since nobody reads what it says. A command that stops reading is no error.
     */
    private static void stdin(DataInputStream in, OutputStream to, Process p) {
        boolean open = true;
        try {
            for (;;) {
                byte type = in.readByte();
                int n = in.readInt();
                if (type != STDIN || n < 0 || n > MAX_FRAME) {
                    throw new IOException("bad frame");
                }
                if (n == 0) { // stdin ends; the client stays, and its going away still ends the command
                    open = false;
                    closeQuietly(to);
                    continue;
                }
                byte[] data = in.readNBytes(n);
                if (open) {
                    try {
                        to.write(data);
                        to.flush();
                    } catch (IOException commandClosedItsStdin) {
                        open = false;
                    }
                }
            }
        } catch (IOException clientGone) {
            p.destroyForcibly();
        } finally {
            closeQuietly(to);
        }
    }

    private static void closeQuietly(OutputStream to) {
        try {
            to.close();
        } catch (IOException e) {
            // the command is gone already
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        threads.shutdownNow();
        discards.close();
        refusals.close();
    }
}
