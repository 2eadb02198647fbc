package io.plugstack.runtime.node.internal;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import io.plugstack.api.user.OnBehalfOf;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.runtime.node.wire.FrameType;
import io.plugstack.runtime.node.wire.Messages;
import io.plugstack.runtime.node.wire.Wire;
import io.plugstack.runtime.spank.SpankStacks;

/**
 * The node daemon's two Unix sockets: {@code user.sock} (mode 0666: srun, sbatch, salloc of any user)
 * and {@code root.sock} (0600: slurmstepd, slurmd), in a directory of root's (0755, {@link SocketDirectory}). Every connection
 * is one bridge session; its peer is known by SO_PEERCRED and {@link SessionPolicy} decides what it
 * may open. A malformed frame ends that connection with one log line naming the peer, nothing else.
 */
public final class NodeServer implements AutoCloseable {

    public static final String USER_SOCKET = "user.sock";
    static final String ROOT_SOCKET = "root.sock";
    /** A child role's socket: the root role relays user.sock's (or ctld.sock's) connections to it. */
    static final String ROLE_SOCKET = "role.sock";
    /**
     * Connections served at once per socket; one more is refused at once rather than queued behind a
     * stuck peer. Each socket has its own, so users filling user.sock never starve slurmstepd on root.sock.
     */
    /** root.sock (slurmstepd, slurmd: root only) and a role's role.sock (the root role's relay only). */
    static final int MAX_CONNECTIONS = 256;
    /** How long a peer has to say HELLO before its connection is closed. */
    static final long HELLO_SECONDS = 10;
    /**
     * Right after the daemon starts, its boot features may still be starting or refreshing plugin
     * bundles: for this long after start, a stack that fails to load is tried again (for at most
     * {@link #SETTLE_RETRY_MS}) before the session is refused, so the first jobs after a restart are not
     * failed by the runtime's own start. Later, a failure is answered at once.
     */
    static final long SETTLE_MS = 60_000;
    static final long SETTLE_RETRY_MS = 5_000;

    private final SpankStacks stacks;
    private final SlurmLog log;
    private final List<ServerSocketChannel> servers;
    private final HelloDeadlines hellos;
    /** Connection threads, kept for the next connection: a thread per srun would cost a thread's start each time. */
    private final java.util.concurrent.ExecutorService connections = UnixSockets.threads("plugstack-bridge");
    /** Sessions between their frames: no thread waits for a held session's next callback. */
    private final SessionLoop sessions;
    private final SecureRandom random = new SecureRandom();
    /** The live slurmstepd (remote) sessions by their WELCOME token, for their task children's ATTACH. */
    private final java.util.Map<String, BridgeSession> steps = new java.util.concurrent.ConcurrentHashMap<>();

    private final long startedAt = System.currentTimeMillis();
    /** Serves user.sock connections that start with CLI_HELLO (real srun/sbatch/salloc's cli_filter shim); null: none. */
    private volatile CliEndpoint cliFilter;

    /** user.sock's limits (per uid); a role's role.sock serves only the relay, up to as many in all. */
    private final Admission.Limits users;

    /** Connections closed on an error (a malformed frame...), logged per uid without flooding. */
    private final RefusalLog errors;

    private NodeServer(SpankStacks stacks, SlurmLog log, List<ServerSocketChannel> servers, long helloMillis, Admission.Limits users)
            throws IOException {
        this.errors = new RefusalLog("bridge", log, java.util.concurrent.TimeUnit.SECONDS.toNanos(RefusalLog.WINDOW_SECONDS),
                "connections closed on an error");
        this.stacks = stacks;
        this.users = users;
        this.log = log;
        this.servers = servers;
        this.hellos = new HelloDeadlines(helloMillis);
        this.sessions = new SessionLoop("plugstack-node-sessions", connections);
    }

    /** Binds both sockets in {@code dir} and serves them on daemon threads. */
    public static NodeServer start(Path dir, SpankStacks stacks, SlurmLog log) throws IOException {
        return start(dir, stacks, log, HELLO_SECONDS * 1000, Admission.Limits.USERS);
    }

    /**
     * The root role beside a user role: root.sock only (slurmstepd, slurmd); user.sock is the relay's
     * ({@link RoleRelay}), and no plugin code runs here for another user's session (root's own commands
     * are served here: {@link #serveRootsOwnCommand}).
     */
    static NodeServer startRootRole(Path dir, SpankStacks stacks, SlurmLog log) throws IOException {
        ServerSocketChannel root = UnixSockets.bind(dir.resolve(ROOT_SOCKET), "rw-------");
        NodeServer s = new NodeServer(stacks, log, List.of(root), HELLO_SECONDS * 1000, Admission.Limits.USERS);
        s.serve(root, SessionPolicy.Socket.ROOT);
        return s;
    }

    /**
     * The user role: {@value #ROLE_SOCKET} in its own directory, for the root role's relay only; each
     * connection serves the user-side session of the peer the relay names ({@link RelayedPeer}).
     */
    static NodeServer startUserRole(Path dir, SpankStacks stacks, SlurmLog log, Admission.Limits users) throws IOException {
        ServerSocketChannel role = UnixSockets.bind(dir.resolve(ROLE_SOCKET), "rw-------");
        NodeServer s = new NodeServer(stacks, log, List.of(role), HELLO_SECONDS * 1000, users);
        s.serve(role, SessionPolicy.Socket.ROLE);
        return s;
    }

    /** {@link #start(Path, SpankStacks, SlurmLog)} with another HELLO deadline (tests). */
    static NodeServer start(Path dir, SpankStacks stacks, SlurmLog log, long helloMillis) throws IOException {
        return start(dir, stacks, log, helloMillis, Admission.Limits.USERS);
    }

    /** {@link #start(Path, SpankStacks, SlurmLog)} with another HELLO deadline and user.sock's limits. */
    static NodeServer start(Path dir, SpankStacks stacks, SlurmLog log, long helloMillis, Admission.Limits users) throws IOException {
        ServerSocketChannel user = UnixSockets.bind(dir.resolve(USER_SOCKET), "rw-rw-rw-");
        ServerSocketChannel root = UnixSockets.bind(dir.resolve(ROOT_SOCKET), "rw-------");
        NodeServer s = new NodeServer(stacks, log, List.of(user, root), helloMillis, users);
        s.serve(user, SessionPolicy.Socket.USER);
        s.serve(root, SessionPolicy.Socket.ROOT);
        return s;
    }

    /** A REFUSE frame: what the bridge and the shims read in place of their first answer. */
    static byte[] refusal(String why) {
        return Wire.frame(FrameType.REFUSE, new Messages.Refuse(why).encode());
    }

    /**
     * Serves a user.sock connection the root role's relay kept for itself: root's own srun, sbatch or
     * salloc, whose SPANK and cli_filter code runs as root, as it does inside root's command in Slurm.
     */
    void serveRootsOwnCommand(SocketChannel ch, Runnable release) {
        // on this server's threads (full stacks for plugin code), not the relay's small-stack thread that accepted it
        try {
            connections.execute(() -> connection(ch, SessionPolicy.Socket.USER, release)); // its place is held while it is served
        } catch (java.util.concurrent.RejectedExecutionException stopping) {
            release.run();
            UnixSockets.closeQuietly(ch);
        }
    }

    private void serve(ServerSocketChannel server, SessionPolicy.Socket socket) {
        String name = socket.name().toLowerCase();
        Admission.Limits limits = switch (socket) {
            case USER -> users;
            case ROLE -> Admission.Limits.of(users.total()); // the relay, as root: the root role applied the per-uid limits
            default -> Admission.Limits.of(MAX_CONNECTIONS);
        };
        UnixSockets.serveKept(server, name + ".sock", limits, -1, connections, (ch, release) -> connection(ch, socket, release), NodeServer::refusal, log,
                "plugstack-node-" + name);
    }

    /**
     * Serves one connection: its first frame on this thread, then its session on {@link #sessions}, which
     * owns the connection from then on; {@code release} gives its place in the socket's limits back once
     * it ended.
     */
    private void connection(SocketChannel ch, SessionPolicy.Socket socket, Runnable release) {
        String peer = "peer ?";
        long peerUid = -1;
        BridgeSession session = null;
        String token = null;
        boolean kept = false;
        try {
            DataInputStream in = new DataInputStream(Channels.newInputStream(ch));
            OutputStream out = Channels.newOutputStream(ch);
            RelayedPeer who = RelayedPeer.of(ch, in, socket == SessionPolicy.Socket.ROLE);
            long uid = who.uid();
            peerUid = uid;
            peer = "peer uid " + uid;
            int max = uid == 0 ? Wire.MAX_ROOT_FRAME : Wire.MAX_USER_FRAME;
            hellos.start(ch); // a peer that connects and says nothing must not hold its slot for ever
            Wire.Frame first;
            try {
                first = Wire.read(in, max);
            } finally {
                hellos.met(ch);
            }
            Consumer<Throwable> ended = ended(peerUid, peer, release);
            if (first.type() == FrameType.ATTACH) {
                kept = attached(Messages.Attach.decode(first.body()), socket, uid, peer, ch, in, out, max, ended);
                return;
            }
            CliEndpoint cli = cliFilter;
            if (first.type() == FrameType.CLI_HELLO && socket != SessionPolicy.Socket.ROOT && cli != null) {
                kept = cli.serve(first, uid, who.gid(), ch, in, out, max, sessions, ended);
                return;
            }
            if (first.type() != FrameType.HELLO) {
                throw new IOException("first frame is " + first.type() + ", not HELLO or ATTACH");
            }
            Messages.Hello hello = Messages.Hello.decode(first.body());
            Optional<String> refused = refusal(hello, socket, uid);
            if (refused.isEmpty()) {
                StringBuilder why = new StringBuilder();
                ReleaseMismatch check = releaseCheck;
                if (check != null) {
                    check.caller(release(hello));
                }
                session = open(SpankContext.of(hello.context()).orElseThrow(), release(hello), hello.jobVersions(),
                        UserProcess.of(uid, who.gid(), hello.workdir(), hello.environment()), why);
                if (session == null) {
                    refused = Optional.of("spank: " + why);
                }
            }
            if (refused.isPresent()) {
                refuse(out, peer, refused.get());
                return;
            }
            token = token();
            if (session.context() == SpankContext.REMOTE) {
                steps.put(token, session); // its task children ATTACH to it
            }
            Wire.write(out, FrameType.WELCOME, new Messages.Welcome(Wire.PROTOCOL, token, session.definedCallbacks()).encode());
            BridgeSession served = session;
            String step = token;
            kept = true;
            sessions.serve(ch, in, max, f -> answer(served, f, out), why -> {
                if (step != null) {
                    steps.remove(step);
                }
                served.close();
                ended.accept(why);
            });
        } catch (EOFException e) {
            // the Slurm process is done with its session
        } catch (IOException | RuntimeException | StackOverflowError e) {
            noteError(peerUid, peer, e);
        } finally {
            if (!kept) {
                UnixSockets.closeQuietly(ch);
                if (token != null) {
                    steps.remove(token);
                }
                if (session != null) {
                    session.close();
                }
                release.run();
            }
        }
    }

    /** A kept connection's end: the error it ended on, if any, logged as one at its start would be; then its place given back. */
    private Consumer<Throwable> ended(long uid, String peer, Runnable release) {
        return why -> {
            try {
                if (why != null) {
                    noteError(uid, peer, why);
                }
            } finally {
                release.run();
            }
        };
    }

    private void noteError(long uid, String peer, Throwable e) {
        // a peer can send bad frames as fast as it connects: one line per uid and minute, then a count
        errors.note(uid, "node: " + peer + ": " + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()) + "; connection closed");
    }

    /** One CALL → DONE or OPTION → OPTION_RC. */
    private static void answer(BridgeSession session, Wire.Frame f, OutputStream out) throws IOException {
        switch (f.type()) {
            case CALL -> Wire.write(out, FrameType.DONE, session.call(Messages.Call.decode(f.body())).encode());
            case OPTION -> Wire.write(out, FrameType.OPTION_RC, session.option(Messages.Option.decode(f.body())).encode());
            default -> throw new IOException("unexpected " + f.type() + " frame");
        }
    }

    /**
     * A task child of a slurmstepd joins its step's session: slurmstepd forks each task, and the child
     * runs task_init_privileged (as root) and task_init (after dropping to the job's user) on the same
     * plugin instances as its parent. The child connects while still root, so only root on root.sock
     * may attach, and only with the token of a live step session; the connection outlives the drop to
     * the user (SO_PEERCRED is the connect-time identity) and closes at exec (SOCK_CLOEXEC). Its end
     * never closes the step's session.
     */
    private boolean attached(Messages.Attach attach, SessionPolicy.Socket socket, long uid, String peer, SocketChannel ch, DataInputStream in,
            OutputStream out, int max, Consumer<Throwable> ended) throws IOException {
        BridgeSession step = attach.session() == null ? null : steps.get(attach.session());
        Optional<String> refused = attach.protocol() != Wire.PROTOCOL ? Optional.of("protocol " + attach.protocol() + " is not " + Wire.PROTOCOL)
                : SessionPolicy.refusal(SpankContext.REMOTE, socket, uid)
                        .or(() -> step == null ? Optional.of("no step session has that token") : Optional.empty());
        if (refused.isPresent()) {
            refuse(out, peer, "attach: " + refused.get());
            return false;
        }
        Wire.write(out, FrameType.WELCOME, new Messages.Welcome(Wire.PROTOCOL, attach.session(), step.definedCallbacks()).encode());
        sessions.serve(ch, in, max, f -> answer(step, f, out), ended); // its end never closes the step's session
        return true;
    }

    private void refuse(OutputStream out, String peer, String reason) throws IOException {
        log.error("node: " + peer + ": " + reason);
        Wire.write(out, FrameType.REFUSE, new Messages.Refuse(reason).encode());
    }

    /** The session, tried again while the daemon settles after its start (see {@link #SETTLE_MS}); null and {@code why} when it cannot be opened. */
    private BridgeSession open(SpankContext context, SlurmVersion release, String jobVersions, io.plugstack.api.user.OnBehalfOf peer,
            StringBuilder why) throws IOException {
        long first = System.currentTimeMillis();
        for (;;) {
            why.setLength(0);
            Optional<BridgeSession> s = BridgeSession.open(stacks, context, release, jobVersions, peer, why);
            long now = System.currentTimeMillis();
            if (s.isPresent() || now - startedAt > SETTLE_MS || now - first > SETTLE_RETRY_MS) {
                return s.orElse(null);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the runtime was settling");
            }
        }
    }

    private static Optional<String> refusal(Messages.Hello hello, SessionPolicy.Socket socket, long uid) {
        if (hello.protocol() != Wire.PROTOCOL) {
            return Optional.of("protocol " + hello.protocol() + " is not " + Wire.PROTOCOL);
        }
        Optional<SpankContext> context = SpankContext.of(hello.context());
        if (context.isEmpty()) {
            return Optional.of("unknown context " + hello.context());
        }
        if (SlurmVersion.ofVersionString(hello.slurmVersion()).isEmpty()) {
            return Optional.of("not a Slurm release: \"" + hello.slurmVersion() + "\"");
        }
        return SessionPolicy.refusal(context.get(), socket, uid);
    }

    private static SlurmVersion release(Messages.Hello hello) {
        return SlurmVersion.ofVersionString(hello.slurmVersion()).orElseThrow(); // refusal() let only a release through
    }

    /** The connecting process's uid, from SO_PEERCRED. */
    static long peerUid(SocketChannel ch) throws IOException {
        return OnBehalfOf.peerOf(ch).uid();
    }


    /** From now on, user.sock connections that start with CLI_HELLO go to {@code endpoint}. */
    void serveCliFilter(CliEndpoint endpoint) {
        this.cliFilter = endpoint;
    }

    /** Says when the Slurm that opens sessions is not the release the runtime plays ({@link ReleaseMismatch}). */
    void checkCallerRelease(ReleaseMismatch check) {
        this.releaseCheck = check;
    }

    private volatile ReleaseMismatch releaseCheck;

    private String token() {
        byte[] b = new byte[16];
        random.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    @Override
    public void close() throws IOException {
        hellos.close();
        errors.close();
        sessions.close(); // every parked session ends (on the connection threads, still running)
        connections.shutdownNow();
        CliEndpoint cli = cliFilter;
        if (cli != null) {
            cli.close();
        }
        for (ServerSocketChannel s : servers) {
            s.close();
        }
    }
}
