package io.plugstack.runtime.node.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.plugstack.runtime.spi.bench.CommandProtocol;

/**
 * Version changes typed at the root role's shell, sent on to the user role's shell, so both roles run the
 * same versions: a pin or an upgrade the admin makes holds for every srun as it does for slurmstepd.
 * Deploying needs no sending on: both roles watch the same deploy folder. The user role may not have
 * installed a jar the admin just deployed, so a refused command is tried again for a few seconds.
 */
final class RoleAdmin {

    /** The commands (with or without their scope) whose effect the user role must share. */
    static final Set<String> SENT_ON = Set.of("pin", "unpin", "upgrade", "rollback", "withdraw", "unwithdraw", "feature:install",
            "feature:uninstall");
    static final long RETRY_MS = 10_000;

    private RoleAdmin() {
    }

    /** Whether {@code line} changes what versions or features run. */
    static boolean sentOn(String line) {
        String first = line.strip().split("\\s+", 2)[0];
        return SENT_ON.contains(first.startsWith("plugstack:") ? first.substring("plugstack:".length()) : first);
    }

    /** The result of the command in a child role. */
    record Result(int code, String said) {
    }

    /** Runs {@code line} in the shell at {@code socket} of the role running as {@code roleUid}; tried again while it fails, for {@link #RETRY_MS}. */
    static Result send(Path socket, long roleUid, String line) {
        long end = System.currentTimeMillis() + RETRY_MS;
        for (;;) {
            Result r;
            try {
                r = once(socket, roleUid, line);
            } catch (IOException e) { // the role is (re)starting: its socket is not served yet
                r = new Result(1, "the role's shell " + socket + ": " + e.getMessage());
            }
            if (r.code() == 0 || alreadyThere(r) || System.currentTimeMillis() > end) {
                return alreadyThere(r) ? new Result(0, r.said()) : r;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return r;
            }
        }
    }

    /**
     * The user role has the feature installed, or not installed (the version withdrawn, or not), already: it
     * restores the root role's features.state and versions at its start, so after a crash of the root role
     * mid-command it may be ahead. Not an error.
     */
    private static boolean alreadyThere(Result r) {
        return r.code() != 0 && (r.said().contains(" is already installed (feature:uninstall it first)")
                || r.said().contains(" is not installed (installed: ") || r.said().contains(" is already withdrawn")
                || r.said().contains(" is not withdrawn"));
    }

    /**
     * {@code ch}, connected to a socket in a child role's directory, once its peer is that role's uid; else
     * closed and refused. The role owns its directory, so what is at a name there proves nothing.
     */
    static SocketChannel servedBy(SocketChannel ch, long roleUid, Path socket) throws IOException {
        long peer = io.plugstack.api.user.OnBehalfOf.peerOf(ch).uid();
        if (peer != roleUid) {
            ch.close();
            throw new IOException(socket + " is served by uid " + peer + ", not the role's uid " + roleUid + "; refused");
        }
        return ch;
    }

    private static Result once(Path socket, long roleUid, String line) throws IOException {
        if (!Files.exists(socket)) {
            return new Result(1, "the role's shell " + socket + " is not there (is the role running?)");
        }
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            servedBy(ch, roleUid, socket);
            new CommandProtocol.Request("gogo", List.of(line), Map.of(), "/").write(new DataOutputStream(Channels.newOutputStream(ch)));
            DataInputStream in = new DataInputStream(Channels.newInputStream(ch));
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            for (;;) {
                byte type = in.readByte();
                if (type == CommandProtocol.EXIT) {
                    return new Result(in.readInt(), said.toString(StandardCharsets.UTF_8));
                }
                int n = in.readInt();
                if (n < 0 || n > Monitor.MAX_FRAME) {
                    throw new IOException("bad frame from the user role's shell");
                }
                said.write(in.readNBytes(n));
            }
        }
    }
}
