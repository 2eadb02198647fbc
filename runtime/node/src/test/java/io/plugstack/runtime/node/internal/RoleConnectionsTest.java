package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.user.OnBehalfOf;

/** The root role's connections to a role: a few kept ready, and one the role closed never handed out. */
@Timeout(60)
class RoleConnectionsTest {

    @TempDir
    Path dir;

    private final ExecutorService threads = UnixSockets.threads("test-role-connections");
    private final List<SocketChannel> accepted = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (SocketChannel ch : accepted) {
            ch.close();
        }
        threads.shutdownNow();
    }

    private ServerSocketChannel role() throws Exception {
        ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        s.bind(UnixDomainSocketAddress.of(dir.resolve("role.sock")));
        return s;
    }

    @Test
    void afterTheFirstConnectionSomeAreKeptReady() throws Exception {
        try (ServerSocketChannel role = role();
                RoleConnections c = new RoleConnections(dir.resolve("role.sock"), OnBehalfOf.thisProcess().uid(), threads)) {
            c.take().close();
            for (int i = 0; i < 1 + RoleConnections.SPARES; i++) {
                accepted.add(role.accept()); // the first, then the kept ones: each connected before anyone asked
            }
            assertThat(accepted).hasSize(1 + RoleConnections.SPARES);
        }
    }

    @Test
    void aKeptConnectionTheRoleClosedIsNotHandedOut() throws Exception {
        try (ServerSocketChannel role = role();
                RoleConnections c = new RoleConnections(dir.resolve("role.sock"), OnBehalfOf.thisProcess().uid(), threads)) {
            c.take().close();
            List<SocketChannel> kept = new ArrayList<>();
            for (int i = 0; i < 1 + RoleConnections.SPARES; i++) {
                kept.add(role.accept());
            }
            for (SocketChannel k : kept) {
                k.close(); // the role restarted: every kept connection is dead
            }
            SocketChannel fresh = c.take();
            SocketChannel served = role.accept(); // a new connection was made for it
            accepted.add(served);
            fresh.write(ByteBuffer.wrap(new byte[] {42}));
            ByteBuffer b = ByteBuffer.allocate(1);
            assertThat(served.read(b)).isEqualTo(1);
            assertThat(b.get(0)).isEqualTo((byte) 42);
            fresh.close();
        }
    }
}
