package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The relay's byte pumps: every held connection on one thread, nothing lost or reordered, both ends closed together. */
@Timeout(120)
class RelayPumpsTest {

    /** Two connected channels: what the pumps get (inner) and what a test holds (outer). */
    private record Link(SocketChannel outer, SocketChannel inner) {
        static Link open() throws IOException {
            SocketChannel[] pair = socketPair();
            return new Link(pair[0], pair[1]);
        }
    }

    private static SocketChannel[] socketPair() throws IOException {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("pumps");
        java.nio.file.Path path = dir.resolve("s");
        try (var server = java.nio.channels.ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(java.net.UnixDomainSocketAddress.of(path));
            SocketChannel a = SocketChannel.open(StandardProtocolFamily.UNIX);
            a.connect(java.net.UnixDomainSocketAddress.of(path));
            SocketChannel b = server.accept();
            return new SocketChannel[] {a, b};
        } finally {
            java.nio.file.Files.deleteIfExists(path);
            java.nio.file.Files.deleteIfExists(dir);
        }
    }

    @Test
    void megabytesBothWaysAtOnceArriveWholeAndInOrderThoughOneReaderIsSlow() throws Exception {
        try (RelayPumps pumps = new RelayPumps("test-pumps")) {
            Link client = Link.open();
            Link role = Link.open();
            pumps.relay(client.inner(), role.inner(), () -> { });
            byte[] up = randomBytes(8 << 20, 1);
            byte[] down = randomBytes(8 << 20, 2);
            CompletableFuture<Void> w1 = write(client.outer(), up);
            CompletableFuture<Void> w2 = write(role.outer(), down);
            CompletableFuture<byte[]> r1 = read(role.outer(), up.length, 0);
            CompletableFuture<byte[]> r2 = read(client.outer(), down.length, 1); // a slow reader: the rest waits, nothing is dropped
            w1.get(60, TimeUnit.SECONDS);
            w2.get(60, TimeUnit.SECONDS);
            assertThat(digest(r1.get(60, TimeUnit.SECONDS))).isEqualTo(digest(up));
            assertThat(digest(r2.get(60, TimeUnit.SECONDS))).isEqualTo(digest(down));
            client.outer().close();
            role.outer().close();
        }
    }

    @Test
    void eitherEndClosingClosesTheOtherAndEndsThePairOnce() throws Exception {
        try (RelayPumps pumps = new RelayPumps("test-pumps")) {
            for (boolean clientCloses : new boolean[] {true, false}) {
                Link client = Link.open();
                Link role = Link.open();
                AtomicInteger ended = new AtomicInteger();
                CountDownLatch done = new CountDownLatch(1);
                pumps.relay(client.inner(), role.inner(), () -> {
                    ended.incrementAndGet();
                    done.countDown();
                });
                SocketChannel closing = clientCloses ? client.outer() : role.outer();
                SocketChannel other = clientCloses ? role.outer() : client.outer();
                closing.close();
                assertThat(other.read(ByteBuffer.allocate(1))).as("the other end sees the close").isEqualTo(-1);
                assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
                Thread.sleep(50);
                assertThat(ended.get()).isEqualTo(1);
                other.close();
            }
        }
    }

    @Test
    void hundredsOfHeldConnectionsShareOneThread() throws Exception {
        int before = relayThreads();
        List<Link> held = new ArrayList<>();
        try (RelayPumps pumps = new RelayPumps("test-pumps")) {
            for (int i = 0; i < 200; i++) {
                Link client = Link.open();
                Link role = Link.open();
                held.add(client);
                held.add(role);
                pumps.relay(client.inner(), role.inner(), () -> { });
            }
            // every pair still relays
            for (int i = 0; i < held.size(); i += 2) {
                held.get(i).outer().write(ByteBuffer.wrap(new byte[] {(byte) i}));
                ByteBuffer b = ByteBuffer.allocate(1);
                assertThat(held.get(i + 1).outer().read(b)).isEqualTo(1);
                assertThat(b.get(0)).isEqualTo((byte) i);
            }
            assertThat(relayThreads() - before).isEqualTo(1);
        } finally {
            for (Link l : held) {
                l.outer().close();
            }
        }
    }

    @Test
    void closingThePumpsEndsEveryPair() throws Exception {
        Link client = Link.open();
        Link role = Link.open();
        CountDownLatch done = new CountDownLatch(1);
        try (RelayPumps pumps = new RelayPumps("test-pumps")) {
            pumps.relay(client.inner(), role.inner(), done::countDown);
            client.outer().write(ByteBuffer.wrap(new byte[] {7}));
            assertThat(role.outer().read(ByteBuffer.allocate(1))).isEqualTo(1);
        }
        assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(client.outer().read(ByteBuffer.allocate(1))).isEqualTo(-1);
        client.outer().close();
        role.outer().close();
    }

    private static int relayThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("test-pumps")).count();
    }

    private static byte[] randomBytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static byte[] digest(byte[] b) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(b);
    }

    private static CompletableFuture<Void> write(SocketChannel ch, byte[] data) {
        return CompletableFuture.runAsync(() -> {
            try {
                OutputStream out = ChannelStreams.out(ch);
                for (int off = 0; off < data.length; off += 100_000) {
                    out.write(data, off, Math.min(100_000, data.length - off));
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, CompletableFuture.delayedExecutor(0, TimeUnit.MILLISECONDS, r -> new Thread(r).start()));
    }

    private static CompletableFuture<byte[]> read(SocketChannel ch, int n, int pauseMs) {
        CompletableFuture<byte[]> f = new CompletableFuture<>();
        new Thread(() -> {
            try {
                InputStream in = ChannelStreams.in(ch);
                byte[] b = new byte[n];
                int got = 0;
                while (got < n) {
                    int k = in.read(b, got, Math.min(64 * 1024, n - got));
                    if (k < 0) {
                        throw new IOException("ended after " + got);
                    }
                    got += k;
                    if (pauseMs > 0) {
                        Thread.sleep(pauseMs);
                    }
                }
                f.complete(b);
            } catch (Exception e) {
                f.completeExceptionally(e);
            }
        }).start();
        return f;
    }
}
