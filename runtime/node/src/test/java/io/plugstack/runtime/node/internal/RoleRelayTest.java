package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.DataInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.runtime.node.wire.Wire;

/**
 * The root role's user.sock beside a user role: the peer's SO_PEERCRED credentials go in front of the
 * relayed connection, bytes pass both ways at once, and the peer is live for the monitor exactly while
 * its connection lasts.
 */
@Timeout(60)
class RoleRelayTest {

    @TempDir
    Path dir;

    @Test
    void theRelayNamesThePeerByItsCredentialsPassesBytesBothWaysAndKeepsItLiveWhileConnected() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path roleDir = Files.createDirectory(dir.resolve(ChildRole.USER.dir));
        LiveSessions live = new LiveSessions();
        OnBehalfOf me = OnBehalfOf.thisProcess();
        try (ServerSocketChannel role = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
                RoleRelay relay = RoleRelay.start(dir, ChildRole.USER, me.uid(), live, SlurmLog.lines("t", System.err, 0))) {
            role.bind(UnixDomainSocketAddress.of(roleDir.resolve("role.sock")));
            // the user role's side: read the header, then answer each byte with the byte + 1 while the client still writes
            CompletableFuture<RelayedPeer> header = CompletableFuture.supplyAsync(() -> {
                try (SocketChannel ch = role.accept()) {
                    DataInputStream in = new DataInputStream(ChannelStreams.in(ch));
                    RelayedPeer p = RelayedPeer.read(in);
                    OutputStream out = ChannelStreams.out(ch);
                    for (int b; (b = in.read()) != -1 && b != 'q';) {
                        out.write(b + 1);
                    }
                    return p;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (SocketChannel client = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                client.connect(UnixDomainSocketAddress.of(dir.resolve(NodeServer.USER_SOCKET)));
                OutputStream out = ChannelStreams.out(client);
                InputStream in = ChannelStreams.in(client);
                for (char c = 'a'; c < 'f'; c++) {
                    out.write(c);
                    assertThat(in.read()).isEqualTo(c + 1);
                }
                assertThat(live.live(me.uid(), me.gid())).as("live while connected").isTrue();
                out.write('q');
                assertThat(header.get()).isEqualTo(new RelayedPeer(me.uid(), me.gid()));
                assertThat(in.read()).as("the role's end closed: so is the client's").isEqualTo(-1);
            }
            for (int i = 0; i < 100 && live.live(me.uid(), me.gid()); i++) {
                Thread.sleep(20);
            }
            assertThat(live.live(me.uid(), me.gid())).as("not live once the connection ended").isFalse();
        }
    }

    /** Root's own srun, sbatch and salloc get root's rights, as in Slurm: the root role serves them, the user role never sees them. */
    @Test
    void rootsOwnCommandIsServedByTheRootRoleAndNotRelayed() throws Exception {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "the peer must be root (CI runs as root)");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectory(dir.resolve(ChildRole.USER.dir)); // no role.sock: a relayed connection would wait, then close
        CompletableFuture<String> servedHere = new CompletableFuture<>();
        try (RoleRelay relay = RoleRelay.start(dir, ChildRole.USER, 4242, new LiveSessions(), (ch, release) -> {
            try (ch) {
                servedHere.complete("uid " + OnBehalfOf.peerOf(ch).uid());
            } catch (java.io.IOException e) {
                servedHere.completeExceptionally(e);
            }
        }, Admission.Limits.USERS, SlurmLog.lines("t", System.err, 0)); SocketChannel client = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            client.connect(UnixDomainSocketAddress.of(dir.resolve(NodeServer.USER_SOCKET)));
            assertThat(servedHere.get(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("uid 0");
        }
    }

    /**
     * The role owns its socket directory: whatever answers at role.sock must be the role's uid, or a link
     * there could make the root role hand a user's bytes to root.sock as root.
     */
    @Test
    void aRoleSocketServedByAnotherUidIsRefusedAndNothingIsRelayed() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path roleDir = Files.createDirectory(dir.resolve(ChildRole.USER.dir));
        LiveSessions live = new LiveSessions();
        OnBehalfOf me = OnBehalfOf.thisProcess();
        CapturedLog log = new CapturedLog();
        try (ServerSocketChannel impostor = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
                RoleRelay relay = RoleRelay.start(dir, ChildRole.USER, me.uid() + 1, live, log.log)) {
            impostor.bind(UnixDomainSocketAddress.of(roleDir.resolve("role.sock")));
            try (SocketChannel client = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                client.connect(UnixDomainSocketAddress.of(dir.resolve(NodeServer.USER_SOCKET)));
                int read;
                try {
                    ChannelStreams.out(client).write('a');
                    read = ChannelStreams.in(client).read();
                } catch (java.io.IOException closed) { // closed before the 'a' went (broken pipe) or with it unread (reset)
                    read = -1;
                }
                assertThat(read).as("closed, nothing relayed").isEqualTo(-1);
            }
            assertThat(live.live(me.uid(), me.gid())).isFalse();
            String refused = "role.sock is served by uid " + me.uid() + ", not the role's uid " + (me.uid() + 1);
            for (int i = 0; i < 250 && log.lines.stream().noneMatch(l -> l.contains(refused)); i++) {
                Thread.sleep(20); // the client's end closes just before the line is written
            }
            assertThat(log.lines).anyMatch(l -> l.contains("role.sock is served by uid " + me.uid() + ", not the role's uid " + (me.uid() + 1)));
        }
    }

    /** A relayed connection keeps its place in user.sock's limits for as long as it is held, though no thread serves it. */
    @Test
    void aHeldRelayedConnectionCountsAgainstTheLimitsUntilItEnds() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path roleDir = Files.createDirectory(dir.resolve(ChildRole.USER.dir));
        OnBehalfOf me = OnBehalfOf.thisProcess();
        java.util.List<SocketChannel> roleEnds = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.List<SocketChannel> held = new java.util.ArrayList<>();
        try (ServerSocketChannel role = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
                RoleRelay relay = RoleRelay.start(dir, ChildRole.USER, me.uid(), new LiveSessions(), null, new Admission.Limits(3, 3, 0),
                        SlurmLog.lines("t", System.err, 0))) {
            role.bind(UnixDomainSocketAddress.of(roleDir.resolve("role.sock")));
            // each role connection on its own thread: the relay keeps spare connections, and one it has not used
            // yet sends nothing, which would hold a one-at-a-time acceptor (a clean-clone run hung there)
            Thread acceptor = new Thread(() -> {
                try {
                    for (;;) {
                        SocketChannel ch = role.accept();
                        roleEnds.add(ch);
                        Thread served = new Thread(() -> {
                            try {
                                RelayedPeer.read(new DataInputStream(ChannelStreams.in(ch)));
                                ChannelStreams.out(ch).write('w'); // "welcome": the connection is relayed and served
                            } catch (Exception closed) {
                                // a spare the test never used, closed at its end
                            }
                        });
                        served.setDaemon(true);
                        served.start();
                    }
                } catch (Exception closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            for (int i = 0; i < 3; i++) {
                held.add(relayed());
            }
            try (SocketChannel fourth = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                fourth.connect(UnixDomainSocketAddress.of(dir.resolve(NodeServer.USER_SOCKET)));
                Wire.Frame f = Wire.read(new DataInputStream(ChannelStreams.in(fourth)), Wire.MAX_USER_FRAME);
                assertThat(f.type()).as("three held: the fourth is refused").isEqualTo(io.plugstack.runtime.node.wire.FrameType.REFUSE);
            }
            held.remove(0).close();
            SocketChannel again = null;
            for (int i = 0; i < 250 && again == null; i++) { // its place comes back once the relay saw it end
                SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
                ch.connect(UnixDomainSocketAddress.of(dir.resolve(NodeServer.USER_SOCKET)));
                if (ChannelStreams.in(ch).read() == 'w') {
                    again = ch;
                } else {
                    ch.close();
                    Thread.sleep(20);
                }
            }
            assertThat(again).as("a place again once one ended").isNotNull();
            held.add(again);
        } finally {
            for (SocketChannel ch : held) {
                ch.close();
            }
            for (SocketChannel ch : roleEnds) {
                ch.close();
            }
        }
    }

    private SocketChannel relayed() throws java.io.IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        ch.connect(UnixDomainSocketAddress.of(dir.resolve(NodeServer.USER_SOCKET)));
        assertThat(ChannelStreams.in(ch).read()).isEqualTo('w');
        return ch;
    }
}
