package io.plugstack.runtime.node.internal;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.user.OnBehalfOf;

/**
 * A socket of the root role whose sessions a child role serves ({@link ChildRole}: user.sock for the user
 * role, ctld.sock for the SlurmUser role): no plugin code runs here for them. Each connection's peer is read
 * with SO_PEERCRED, written in front ({@link RelayedPeer}) of a connection to the role's role.sock, and the
 * bytes are relayed both ways until either end closes ({@link RelayPumps}: one thread for every connection). While it lasts, the peer's uid is live for the monitor.
 * Root's own connections can be kept and served in the root role instead (user.sock: root's own srun).
 */
final class RoleRelay implements AutoCloseable {

    private final ServerSocketChannel server;
    private final String socket;
    private final Path roleSocket;
    private final long roleUid;
    private final LiveSessions live;
    private final SlurmLog log;
    /** Accepts, checks the peer and connects the role: a thread each only until the bytes flow. */
    private final ExecutorService pumps = UnixSockets.threads("plugstack-relay", UnixSockets.SMALL_STACK);
    /** Then every connection's bytes, on one thread. */
    private final RelayPumps bytes;
    /** Connections to the role's role.sock, a few kept ready. */
    private final RoleConnections roles;

    /** Serves root's own connections in the root role (null: relays them too). */
    private final UnixSockets.Kept rootsOwn;

    private RoleRelay(ServerSocketChannel server, String socket, Path roleSocket, long roleUid, LiveSessions live,
            UnixSockets.Kept rootsOwn, SlurmLog log) throws IOException {
        this.server = server;
        this.rootsOwn = rootsOwn;
        this.socket = socket;
        this.roleUid = roleUid;
        this.roleSocket = roleSocket;
        this.live = live;
        this.log = log;
        this.bytes = new RelayPumps("plugstack-relay-bytes-" + socket);
        this.roles = new RoleConnections(roleSocket, roleUid, pumps);
    }

    /**
     * Binds {@code dir}/{@code role.socket} and relays each connection to the role's role.sock in
     * {@code dir}/{@code role.dir}, served by {@code roleUid} (checked at every connection: the role owns that
     * directory, and a link there must never make the root role hand a user's bytes to root.sock).
     */
    static RoleRelay start(Path dir, ChildRole role, long roleUid, LiveSessions live, SlurmLog log) throws IOException {
        return start(dir, role, roleUid, live, null, role == ChildRole.USER ? Admission.Limits.USERS : Admission.Limits.of(CtldServer.MAX_CONNECTIONS),
                log);
    }

    /**
     * As {@link #start(Path, ChildRole, long, LiveSessions, SlurmLog)}, with uid 0's connections served by {@code rootsOwn}
     * (null: relayed too), within {@code limits} per peer uid.
     */
    static RoleRelay start(Path dir, ChildRole role, long roleUid, LiveSessions live, UnixSockets.Kept rootsOwn,
            Admission.Limits limits, SlurmLog log) throws IOException {
        RoleRelay r = new RoleRelay(UnixSockets.bind(dir.resolve(role.socket), role.mode), role.socket,
                dir.resolve(role.dir).resolve(NodeServer.ROLE_SOCKET), roleUid, live, rootsOwn, log);
        UnixSockets.serveKept(r.server, role.socket, limits, -1, r.pumps, r::relay, NodeServer::refusal, log, "plugstack-relay-" + role.name);
        return r;
    }

    /** Connects {@code client} to the role and hands both to the pumps; {@code release} runs when the pair ended. */
    private void relay(SocketChannel client, Runnable release) {
        RelayedPeer peer = null;
        OnBehalfOf who;
        try {
            who = UnixSockets.peer(client); // the accept loop looked it up already: remembered
            if (rootsOwn != null && who.uid() == 0) {
                rootsOwn.accept(client, release); // root's own command: its plugin code has root's rights in Slurm too
                return;
            }
        } catch (IOException e) {
            UnixSockets.closeQuietly(client);
            release.run();
            log.error("node: " + socket + ": " + e.getMessage() + "; connection closed");
            return;
        }
        SocketChannel role = null;
        try {
            role = roles.take();
            RelayedPeer relayed = new RelayedPeer(who.uid(), who.gid());
            relayed.write(new DataOutputStream(new java.io.BufferedOutputStream(ChannelStreams.out(role))));
            live.opened(relayed);
            peer = relayed; // live from here: closed exactly once, by the pumps or below
            bytes.relay(client, role, () -> {
                live.closed(relayed);
                release.run(); // its place in user.sock's limits is held until here
            });
        } catch (IOException | RuntimeException e) {
            UnixSockets.closeQuietly(client);
            if (role != null) {
                UnixSockets.closeQuietly(role);
            }
            if (peer != null) {
                live.closed(peer);
            }
            release.run();
            log.error("node: " + socket + " peer uid " + who.uid() + ": " + e.getMessage() + "; connection closed");
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        roles.close();
        pumps.shutdownNow();
        bytes.close();
    }
}
