package io.plugstack.runtime.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.runtime.bench.api.Bench;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.api.NodeView;
import io.plugstack.runtime.spi.bench.CommandProtocol;

/** The bench's command socket runs each command as its peer's user, known by the peer's credentials only. */
@org.junit.jupiter.api.Timeout(60) // a socket that never answers fails the test, it does not hang the build
class CommandServerTest {

    @TempDir
    Path data;

    /** Records which commands reached the bench, and as whom. */
    private static class RecordingBench implements Bench {
        final List<String> ran = new java.util.concurrent.CopyOnWriteArrayList<>();
        final List<OnBehalfOf> users = new java.util.concurrent.CopyOnWriteArrayList<>();
        final java.util.concurrent.CountDownLatch hungUp = new java.util.concurrent.CountDownLatch(1);

        int ran(String cmd, List<String> args, CommandIO io) {
            ran.add(cmd + " " + String.join(" ", args));
            users.add(io.user());
            return 0;
        }

        private int ran(String cmd, List<String> args) {
            ran.add(cmd + " " + String.join(" ", args));
            return 0;
        }

        @Override public int srun(List<String> args, CommandIO io) { return ran("srun", args, io); }
        @Override public int sbatch(List<String> args, CommandIO io) { return ran("sbatch", args); }
        @Override public int salloc(List<String> args, CommandIO io) { return ran("salloc", args); }
        @Override public int scrontab(List<String> args, CommandIO io) { return ran("scrontab", args); }
        @Override public int scancel(List<String> args, CommandIO io) { return ran("scancel", args); }
        @Override public int squeue(List<String> args, CommandIO io) { return ran("squeue", args); }
        @Override public int sinfo(List<String> args, CommandIO io) { return ran("sinfo", args); }
        @Override public int scontrol(List<String> args, CommandIO io) { return ran("scontrol", args); }
        @Override public void hangUp(CommandIO io) { hungUp.countDown(); }
        @Override public NodeView node() { return null; }
        @Override public boolean awaitIdle(long timeoutMillis) { return true; }
    }

    @Test
    void theRuntimesOwnUserIsServed() throws Exception {
        RecordingBench bench = new RecordingBench();
        try (CommandServer server = CommandServer.start(data, bench);
                SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(data.resolve("bench.sock")));
            new CommandProtocol.Request("srun", List.of("true"), Map.of(), "/").write(new DataOutputStream(Channels.newOutputStream(ch)));
            DataInputStream in = new DataInputStream(Channels.newInputStream(ch));
            assertThat(in.readByte()).isEqualTo(CommandProtocol.EXIT);
            assertThat(in.readInt()).isZero();
        }
        assertThat(bench.ran).containsExactly("srun true");
    }

    @Test
    void anotherUserIsServedAsThatUserByThePeerCredentialsWhateverTheRequestSays() throws Exception {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "only root can connect as another user");
        RecordingBench bench = new RecordingBench();
        try (CommandServer server = CommandServer.start(data, bench)) {
            Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwxr-xr-x"));
            // a request frame for "srun true" whose environment claims root, sent by a process of uid 4242 gid 4343
            String client = "import socket,struct,sys\n"
                    + "def s(t): b=t.encode(); return struct.pack('>i',len(b))+b\n"
                    + "c=socket.socket(socket.AF_UNIX); c.connect(sys.argv[1])\n"
                    + "c.sendall(s('srun')+struct.pack('>i',1)+s('true')+struct.pack('>i',2)+s('USER')+s('root')+s('SUDO_UID')+s('0')+s('/'))\n"
                    + "out=b''\n"
                    + "while True:\n  d=c.recv(4096)\n  if not d: break\n  out+=d\n"
                    + "sys.stdout.write(out.decode('utf-8','replace'))\n";
            Process p = new ProcessBuilder(OnBehalfOf.user(4242, 4343).command(
                    List.of("/usr/bin/python3", "-c", client, data.resolve("bench.sock").toString()))).start();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor()).as(err).isZero();
        }
        assertThat(bench.ran).containsExactly("srun true");
        assertThat(bench.users).containsExactly(OnBehalfOf.user(4242, 4343));
    }

    @Test
    void aRuntimeThatIsNotRootServesOnlyItsOwnUserAndRefusesOthersInOneLine() throws Exception {
        OnBehalfOf runtime = OnBehalfOf.user(1000, 1000);
        assertThat(CommandServer.servedAs(runtime, OnBehalfOf.user(1000, 27))).isEqualTo(runtime);
        for (OnBehalfOf other : List.of(OnBehalfOf.user(1001, 1001), OnBehalfOf.user(0, 0))) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> CommandServer.servedAs(runtime, other))
                    .hasMessage("bench socket: refused uid " + other.uid() + ": this runtime runs as uid 1000, not root, "
                            + "so it runs jobs only as uid 1000 (start it as root to serve other users)");
        }
        assertThat(CommandServer.servedAs(OnBehalfOf.user(0, 0), OnBehalfOf.user(1001, 1002))).isEqualTo(OnBehalfOf.user(1001, 1002));
    }

    @Test
    void anSrunWhoseClientGoesAwayIsHungUp() throws Exception {
        java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(1);
        RecordingBench bench = new RecordingBench() {
            @Override
            public int srun(List<String> args, CommandIO io) {
                running.countDown();
                try {
                    return hungUp.await(30, java.util.concurrent.TimeUnit.SECONDS) ? 130 : 0;
                } catch (InterruptedException e) {
                    return 1;
                }
            }
        };
        try (CommandServer server = CommandServer.start(data, bench)) {
            try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                ch.connect(UnixDomainSocketAddress.of(data.resolve("bench.sock")));
                new CommandProtocol.Request("srun", List.of("sleep", "100"), Map.of(), "/")
                        .write(new DataOutputStream(Channels.newOutputStream(ch)));
                assertThat(running.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            } // the client goes away while srun runs
            assertThat(bench.hungUp.await(10, java.util.concurrent.TimeUnit.SECONDS)).as("hangUp called").isTrue();
        }
    }

    @Test
    void theSocketIsOpenToEveryUser() throws Exception {
        try (CommandServer server = CommandServer.start(data, new RecordingBench())) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve("bench.sock")))).isEqualTo("rw-rw-rw-");
        }
    }

    @Test
    void jobsFindAShimForEveryBenchCommandIncludingTheQueriesFirstOnTheirPath() throws Exception {
        try (CommandServer server = CommandServer.start(data, new RecordingBench())) {
            Map<String, String> env = server.jobEnvironment(Map.of("PATH", "/usr/bin:/bin"));
            assertThat(env.get("PATH")).isEqualTo(data.resolve("bin") + ":/usr/bin:/bin");
            try (var shims = Files.list(data.resolve("bin"))) {
                assertThat(shims.map(p -> p.getFileName().toString()))
                        .containsExactlyInAnyOrder("srun", "sbatch", "salloc", "scrontab", "scancel", "squeue", "sinfo", "scontrol");
            }
        }
    }
}
