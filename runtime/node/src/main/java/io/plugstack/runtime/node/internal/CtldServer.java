package io.plugstack.runtime.node.internal;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.node.wire.FrameType;
import io.plugstack.runtime.node.wire.JobMessages;
import io.plugstack.runtime.node.wire.Messages;
import io.plugstack.runtime.node.wire.Wire;

/**
 * {@code ctld.sock}: the real slurmctld's job_submit/lua, running the project's shim job_submit.lua,
 * connects here (one connection per Lua state, kept). Mode 0600, owned by SlurmUser; the peer must be
 * root or SlurmUser by SO_PEERCRED. JOB_HELLO → JOB_FIELDS, then JOB_CALL → JOB_RESULT until the
 * shim closes. A malformed frame ends that connection with one log line, as on the bridge's sockets.
 */
final class CtldServer implements AutoCloseable {

    static final String SOCKET = "ctld.sock";
    /** slurmctld has one job_submit Lua state; a few more connections cover a reload's overlap. */
    static final int MAX_CONNECTIONS = 16;

    private final ServerSocketChannel server;
    private final OptionalLong slurmUid;
    private final String slurmUser;
    private final CtldCall calls;
    private final SlurmLog log;
    private final ExecutorService connections = UnixSockets.threads("plugstack-ctld");
    /** Says when the slurmctld calling (JOB_HELLO's release) is not the release played. */
    private final ReleaseMismatch release;

    private CtldServer(ServerSocketChannel server, String slurmUser, OptionalLong slurmUid, CtldCall calls, ReleaseMismatch release,
            SlurmLog log) {
        this.server = server;
        this.release = release;
        this.slurmUser = slurmUser;
        this.slurmUid = slurmUid;
        this.calls = calls;
        this.log = log;
    }

    /** Binds {@code dir}/ctld.sock for {@code slurmUser} (SlurmUser of slurm.conf) and serves it. */
    static CtldServer start(Path dir, String slurmUser, CtldCall calls, ReleaseMismatch release, SlurmLog log) throws IOException {
        Path path = dir.resolve(SOCKET);
        ServerSocketChannel server = UnixSockets.bind(path, "rw-------");
        OptionalLong uid = io.plugstack.api.user.UnixUsers.uidOf(slurmUser).map(OptionalLong::of).orElse(OptionalLong.empty());
        if (uid.isPresent()) {
            Files.setOwner(path, FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName(slurmUser));
        } else {
            log.error("node: SlurmUser " + slurmUser + " does not exist here: " + path + " serves root only");
        }
        CtldServer s = new CtldServer(server, slurmUser, uid, calls, release, log);
        UnixSockets.serve(server, SOCKET, Admission.Limits.of(MAX_CONNECTIONS), -1, s.connections, s::connection, NodeServer::refusal, log,
                "plugstack-node-ctld");
        return s;
    }

    /**
     * The ctld role: {@value NodeServer#ROLE_SOCKET} in its own directory, for the root role's relay only; each
     * connection is checked as ctld.sock's would be, with the peer the relay names ({@link RelayedPeer}).
     */
    static CtldServer startRole(Path dir, String slurmUser, CtldCall calls, ReleaseMismatch release, SlurmLog log) throws IOException {
        ServerSocketChannel server = UnixSockets.bind(dir.resolve(NodeServer.ROLE_SOCKET), "rw-------");
        OptionalLong uid = io.plugstack.api.user.UnixUsers.uidOf(slurmUser).map(OptionalLong::of).orElse(OptionalLong.empty());
        CtldServer s = new CtldServer(server, slurmUser, uid, calls, release, log);
        UnixSockets.serve(server, NodeServer.ROLE_SOCKET, Admission.Limits.of(MAX_CONNECTIONS), -1, s.connections, ch -> s.connection(ch, true),
                NodeServer::refusal, log,
                "plugstack-node-ctld");
        return s;
    }

    private void connection(SocketChannel ch) {
        connection(ch, false);
    }

    private void connection(SocketChannel ch, boolean relayed) {
        String peer = "peer ?";
        try (ch) {
            DataInputStream in = new DataInputStream(Channels.newInputStream(ch));
            OutputStream out = Channels.newOutputStream(ch);
            long uid = RelayedPeer.of(ch, in, relayed).uid();
            peer = "job_submit peer uid " + uid;
            Wire.Frame first = Wire.read(in, uid == 0 || isSlurm(uid) ? Wire.MAX_ROOT_FRAME : Wire.MAX_USER_FRAME);
            if (first.type() != FrameType.JOB_HELLO) {
                throw new IOException("first frame is " + first.type() + ", not JOB_HELLO");
            }
            JobMessages.JobHello hello = JobMessages.JobHello.decode(first.body());
            String refused = uid != 0 && !isSlurm(uid) ? "uid " + uid + " is neither root nor SlurmUser " + slurmUser
                    : hello.protocol() != Wire.PROTOCOL ? "protocol " + hello.protocol() + " is not " + Wire.PROTOCOL : null;
            if (refused != null) {
                log.error("node: " + peer + ": " + refused);
                Wire.write(out, FrameType.REFUSE, new Messages.Refuse(refused).encode());
                return;
            }
            SlurmVersion.ofVersionString(hello.release()).ifPresent(release::slurmctld); // NULL (the Lua shim): says nothing
            Wire.write(out, FrameType.JOB_FIELDS, CtldCall.fields().encode());
            for (;;) {
                Wire.Frame f = Wire.read(in, Wire.MAX_ROOT_FRAME);
                if (f.type() != FrameType.JOB_CALL) {
                    throw new IOException("unexpected " + f.type() + " frame");
                }
                JobMessages.JobResult r = calls.call(JobMessages.JobCall.decode(f.body()), hello.clusterName());
                Wire.write(out, FrameType.JOB_RESULT, r.encode());
            }
        } catch (EOFException e) {
            // the Lua state is gone (slurmctld stopped or reloaded the script)
        } catch (IOException | RuntimeException e) {
            if (server.isOpen()) { // else the daemon is stopping and ended the connection itself
                log.error("node: " + peer + ": " + (e.getMessage() != null ? e.getMessage() : e.toString()) + "; connection closed");
            }
        }
    }

    private boolean isSlurm(long uid) {
        return slurmUid.isPresent() && slurmUid.getAsLong() == uid;
    }

    @Override
    public void close() throws IOException {
        connections.shutdownNow();
        server.close();
    }
}
