package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.user.OnBehalfOf;

/** The accept loop every node socket shares: per-uid shares with the reason sent back, and no failure that stops it. */
@Timeout(60)
class UnixSocketsTest {

    @TempDir
    Path dir;
    ServerSocketChannel server;
    final CapturedLog captured = new CapturedLog();
    final CountDownLatch release = new CountDownLatch(1);
    final ExecutorService pool = UnixSockets.threads("t");

    /** Each served connection gets "ok", then is held until the test ends. */
    void held(SocketChannel ch) {
        try (ch) {
            ch.write(java.nio.ByteBuffer.wrap("ok".getBytes(StandardCharsets.US_ASCII)));
            release.await(60, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            // the test is over
        }
    }

    @BeforeEach
    void bind() throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        server = UnixSockets.bind(dir.resolve("t.sock"), "rw-rw-rw-");
    }

    @AfterEach
    void close() throws IOException {
        release.countDown();
        server.close();
        pool.shutdownNow();
    }

    /** python3 as {@code uid}: opens {@code n} connections, prints what each got first, holds them until its stdin ends. */
    private Process client(long uid, int n) throws IOException {
        String py = "import socket,struct,sys\n"
                + "held=[]; got=[]\n"
                + "for i in range(int(sys.argv[2])):\n"
                + "  c=socket.socket(socket.AF_UNIX); c.connect(sys.argv[1]); c.settimeout(10); d=b''\n"
                + "  try:\n"
                + "    while True:\n"
                + "      x=c.recv(4096)\n"
                + "      if not x: break\n"
                + "      d+=x\n"
                + "      if d==b'ok': break\n"
                + "  except Exception as e: d=repr(e).encode()\n"
                + "  got.append('ok' if d==b'ok' else 'REFUSE '+d[9:].decode() if len(d)>9 and d[4]==67 else repr(d)); held.append(c)\n"
                + "print('|'.join(got)); sys.stdout.flush(); sys.stdin.read()\n";
        return new ProcessBuilder(OnBehalfOf.user(uid, uid).command(List.of("/usr/bin/python3", "-c", py, dir.resolve("t.sock").toString(),
                Integer.toString(n)))).start();
    }

    private static String firstLine(Process p) throws IOException {
        InputStream in = p.getInputStream();
        StringBuilder b = new StringBuilder();
        for (int c; (c = in.read()) != -1 && c != '\n';) {
            b.append((char) c);
        }
        return b.toString();
    }

    @Test
    void aUidPastItsShareIsRefusedWithTheReasonWhileAnotherUidIsServed() throws Exception {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "needs root (CI runs as root): the peers are other uids");
        UnixSockets.serve(server, "t.sock", new Admission.Limits(8, 2, 1), -1, pool, this::held, NodeServer::refusal, captured.log, "t-accept");
        Process greedy = client(4242, 3);
        assertThat(firstLine(greedy)).isEqualTo("ok|ok|REFUSE uid 4242 already holds 2 connections (at most 2 per uid)");
        Process other = client(4243, 1);
        assertThat(firstLine(other)).as("another user meanwhile").isEqualTo("ok");
        assertThat(captured.lines).containsExactly(
                "t: error: node: t.sock: refused a connection of uid 4242: uid 4242 already holds 2 connections (at most 2 per uid)");
        greedy.getOutputStream().close();
        other.getOutputStream().close();
        assertThat(greedy.waitFor(10, TimeUnit.SECONDS) && other.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aThreadThatCannotStartLosesOneConnectionAndTheLoopGoesOn() throws Exception {
        AtomicInteger failures = new AtomicInteger(3);
        Executor failing = r -> {
            if (failures.getAndDecrement() > 0) {
                throw new OutOfMemoryError("unable to create native thread: possibly out of memory or process/resource limits reached");
            }
            pool.execute(r);
        };
        UnixSockets.serve(server, "t.sock", Admission.Limits.of(8), -1, failing, this::held, NodeServer::refusal, captured.log, "t-accept");
        for (int i = 0; i < 3; i++) {
            try (SocketChannel ch = connect()) {
                assertThat(ch.read(java.nio.ByteBuffer.allocate(16))).as("closed").isEqualTo(-1);
            }
        }
        try (SocketChannel ch = connect()) {
            java.nio.ByteBuffer got = java.nio.ByteBuffer.allocate(2);
            while (got.hasRemaining() && ch.read(got) > 0) {
                // "ok"
            }
            assertThat(new String(got.array(), StandardCharsets.US_ASCII)).isEqualTo("ok");
        }
        assertThat(captured.lines).hasSize(1).allMatch(l -> l.contains("cannot start a thread: java.lang.OutOfMemoryError"));
    }

    @Test
    void threadsThatCannotStartForLongEnoughEndTheDaemon() throws Exception {
        AtomicInteger exits = new AtomicInteger();
        Runnable exit = UnixSockets.cannotServe;
        Duration after = UnixSockets.cannotServeAfter;
        UnixSockets.cannotServe = exits::incrementAndGet;
        UnixSockets.cannotServeAfter = Duration.ZERO;
        try {
            Executor none = r -> {
                throw new java.util.concurrent.RejectedExecutionException("no threads");
            };
            UnixSockets.serve(server, "t.sock", Admission.Limits.of(8), -1, none, this::held, null, captured.log, "t-accept");
            for (int i = 0; i < 2; i++) {
                try (SocketChannel ch = connect()) {
                    assertThat(ch.read(java.nio.ByteBuffer.allocate(16))).isEqualTo(-1);
                }
            }
            for (int i = 0; i < 250 && exits.get() == 0; i++) {
                Thread.sleep(20);
            }
            assertThat(exits.get()).isEqualTo(1);
            assertThat(captured.lines).anyMatch(l -> l.contains("no thread could be started for 0 s")
                    && l.endsWith("exiting so that the service manager starts the daemon again"));
        } finally {
            UnixSockets.cannotServe = exit;
            UnixSockets.cannotServeAfter = after;
        }
    }

    private SocketChannel connect() throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        ch.connect(UnixDomainSocketAddress.of(dir.resolve("t.sock")));
        return ch;
    }
}
