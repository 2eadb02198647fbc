package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.runtime.node.wire.FrameType;
import io.plugstack.runtime.node.wire.Messages;
import io.plugstack.runtime.node.wire.Wire;

/** Sessions between their frames hold no thread; each frame is still answered in order, and each session ends once. */
@Timeout(120)
class SessionLoopTest {

    /** Sessions one test holds at most. */
    private static final int MOST = 200;

    @TempDir
    Path dir;

    private final ExecutorService workers = UnixSockets.threads("test-session-workers");
    private final List<SocketChannel> open = new ArrayList<>();
    private ServerSocketChannel server;

    @BeforeEach
    void listen() throws IOException {
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(dir.resolve("s")), MOST);
    }

    @AfterEach
    void closeAll() throws IOException {
        for (SocketChannel ch : open) {
            ch.close();
        }
        server.close();
        workers.shutdownNow();
    }

    /** A connected pair: [0] the client's end, [1] the end a session serves. */
    private SocketChannel[] pair() throws IOException {
        SocketChannel client = SocketChannel.open(StandardProtocolFamily.UNIX);
        client.connect(server.getLocalAddress());
        SocketChannel served = server.accept();
        open.add(client);
        open.add(served);
        return new SocketChannel[] {client, served};
    }

    /** Serves {@code served} on {@code loop}, answering every frame with a REFUSE naming the frame's number in its session. */
    private static void serveEcho(SessionLoop loop, SocketChannel served, int max, Consumer<Throwable> end) {
        AtomicInteger n = new AtomicInteger();
        loop.serve(served, new DataInputStream(ChannelStreams.in(served)), max,
                f -> Wire.write(ChannelStreams.out(served), FrameType.REFUSE, new Messages.Refuse(f.type() + " " + n.incrementAndGet()).encode()),
                end);
    }

    /** {@link #serveEcho} on a worker, as a connection's thread would start it. */
    private void serveEchoOnAWorker(SessionLoop loop, SocketChannel served, int max, Consumer<Throwable> end) {
        workers.execute(() -> serveEcho(loop, served, max, end));
    }

    private static String call(SocketChannel client) throws IOException {
        Wire.write(ChannelStreams.out(client), FrameType.CALL, new byte[] {1});
        Wire.Frame f = Wire.read(new DataInputStream(ChannelStreams.in(client)), Wire.MAX_ROOT_FRAME);
        return Messages.Refuse.decode(f.body()).reason();
    }

    @Test
    void heldSessionsAreParkedWithoutAThreadEachAndAnsweredWhenTheyWriteAgain() throws Exception {
        try (SessionLoop loop = new SessionLoop("test-sessions", workers)) {
            List<SocketChannel> clients = new ArrayList<>();
            for (int i = 0; i < MOST; i++) {
                SocketChannel[] p = pair();
                clients.add(p[0]);
                serveEchoOnAWorker(loop, p[1], Wire.MAX_ROOT_FRAME, why -> { });
                assertThat(call(p[0])).isEqualTo("CALL 1");
            }
            for (int i = 0; i < 500 && loop.parked() < MOST; i++) {
                Thread.sleep(20);
            }
            assertThat(loop.parked()).as("every held session parked").isEqualTo(MOST);
            for (int i = 0; i < 500 && busyWorkers() > 0; i++) {
                Thread.sleep(20);
            }
            assertThat(busyWorkers()).as("no worker waits in a read").isZero();
            for (SocketChannel c : clients) {
                assertThat(call(c)).isEqualTo("CALL 2");
                assertThat(call(c)).as("and the next, in order").isEqualTo("CALL 3");
            }
        }
    }

    /** A held srun: WELCOME went, and the next callback may come minutes later. */
    @Test
    void aSessionSilentFromItsStartIsParkedAtOnce() throws Exception {
        try (SessionLoop loop = new SessionLoop("test-sessions", workers)) {
            SocketChannel[] p = pair();
            serveEcho(loop, p[1], Wire.MAX_ROOT_FRAME, why -> { });
            assertThat(loop.parked()).as("serve returned: parked, no thread reads").isEqualTo(1);
            assertThat(call(p[0])).isEqualTo("CALL 1");
        }
    }

    @Test
    void aSessionEndsOnceWhenItsPeerClosesParkedOrNot() throws Exception {
        try (SessionLoop loop = new SessionLoop("test-sessions", workers)) {
            for (boolean parkFirst : new boolean[] {true, false}) {
                SocketChannel[] p = pair();
                ConcurrentLinkedQueue<String> ends = new ConcurrentLinkedQueue<>();
                CountDownLatch ended = new CountDownLatch(1);
                serveEchoOnAWorker(loop, p[1], Wire.MAX_ROOT_FRAME, why -> {
                    ends.add(String.valueOf(why));
                    ended.countDown();
                });
                assertThat(call(p[0])).isEqualTo("CALL 1");
                if (parkFirst) {
                    Thread.sleep(SessionLoop.LINGER_MS * 5);
                }
                p[0].close();
                assertThat(ended.await(30, TimeUnit.SECONDS)).isTrue();
                Thread.sleep(50);
                assertThat(ends).as("ended once, as a peer that closed (no error)").containsExactly("null");
                assertThat(p[1].isOpen()).isFalse();
            }
        }
    }

    @Test
    void aBadFrameEndsTheSessionWithItsError() throws Exception {
        try (SessionLoop loop = new SessionLoop("test-sessions", workers)) {
            SocketChannel[] p = pair();
            CountDownLatch ended = new CountDownLatch(1);
            List<Throwable> why = new ArrayList<>();
            serveEchoOnAWorker(loop, p[1], 16, e -> {
                why.add(e);
                ended.countDown();
            });
            Thread.sleep(SessionLoop.LINGER_MS * 5); // parked: the bad frame arrives on a resumed worker
            Wire.write(ChannelStreams.out(p[0]), FrameType.CALL, new byte[64]);
            assertThat(ended.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(why.get(0)).hasMessageContaining("bad frame length 65 (1..16)");
        }
    }

    @Test
    void closingTheLoopEndsEveryParkedSession() throws Exception {
        CountDownLatch ended = new CountDownLatch(3);
        try (SessionLoop loop = new SessionLoop("test-sessions", workers)) {
            for (int i = 0; i < 3; i++) {
                SocketChannel[] p = pair();
                serveEchoOnAWorker(loop, p[1], Wire.MAX_ROOT_FRAME, e -> ended.countDown());
                assertThat(call(p[0])).isEqualTo("CALL 1");
            }
            for (int i = 0; i < 500 && loop.parked() < 3; i++) {
                Thread.sleep(20);
            }
        }
        assertThat(ended.await(30, TimeUnit.SECONDS)).isTrue();
    }

    /** Workers inside a frame's read or answer, by their stacks. */
    private static long busyWorkers() {
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(e -> e.getKey().getName().equals("test-session-workers"))
                .filter(e -> java.util.Arrays.stream(e.getValue()).anyMatch(f -> f.getClassName().equals(SessionLoop.class.getName())))
                .count();
    }
}
