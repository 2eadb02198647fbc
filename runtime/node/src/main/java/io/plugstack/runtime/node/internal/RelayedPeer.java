package io.plugstack.runtime.node.internal;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * The credentials of a user.sock peer, as the root role read them with SO_PEERCRED, written in front of
 * the connection it relays to the user role's role.sock. The user role believes them only from a
 * connection whose own SO_PEERCRED is root's (the root role), never from anyone else.
 *
 * @param uid the peer's uid
 * @param gid the peer's gid
 */
record RelayedPeer(long uid, long gid) {

    /** "PSR1": the header's first four bytes. */
    static final int MAGIC = 0x50535231;

    /**
     * The peer of a connection: its SO_PEERCRED credentials, or on a child role's {@code role.sock} those the
     * root role's relay writes in front, believed only when the connection's own peer is root.
     */
    static RelayedPeer of(java.nio.channels.SocketChannel ch, DataInputStream in, boolean relayed) throws IOException {
        io.plugstack.api.user.OnBehalfOf connected = io.plugstack.api.user.OnBehalfOf.peerOf(ch);
        if (!relayed) {
            return new RelayedPeer(connected.uid(), connected.gid());
        }
        if (connected.uid() != 0) {
            throw new IOException("uid " + connected.uid() + " is not the root role; only it relays to " + NodeServer.ROLE_SOCKET);
        }
        return read(in);
    }

    void write(DataOutputStream out) throws IOException {
        out.writeInt(MAGIC);
        out.writeLong(uid);
        out.writeLong(gid);
        out.flush();
    }

    static RelayedPeer read(DataInputStream in) throws IOException {
        int magic = in.readInt();
        if (magic != MAGIC) {
            throw new IOException("not a relayed connection (header " + Integer.toHexString(magic) + ")");
        }
        long uid = in.readLong();
        long gid = in.readLong();
        if (uid < 0 || gid < 0 || uid > 0xFFFF_FFFFL || gid > 0xFFFF_FFFFL) {
            throw new IOException("bad relayed credentials uid " + uid + " gid " + gid);
        }
        return new RelayedPeer(uid, gid);
    }
}
