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
import io.plugstack.runtime.bench.api.JobView;
import io.plugstack.runtime.bench.api.NodeView;
import io.plugstack.runtime.spi.bench.CommandProtocol;

/** The bench's command socket serves the runtime's own user only, checked by the peer's credentials. */
@org.junit.jupiter.api.Timeout(60) // a socket that never answers fails the test, it does not hang the build
class CommandServerTest {

    @TempDir
    Path data;

    /** Records which commands reached the bench. */
    private static final class RecordingBench implements Bench {
        final List<String> ran = new ArrayList<>();

        private int ran(String cmd, List<String> args) {
            ran.add(cmd + " " + String.join(" ", args));
            return 0;
        }

        @Override public int srun(List<String> args, CommandIO io) { return ran("srun", args); }
        @Override public int sbatch(List<String> args, CommandIO io) { return ran("sbatch", args); }
        @Override public int salloc(List<String> args, CommandIO io) { return ran("salloc", args); }
        @Override public int scrontab(List<String> args, CommandIO io) { return ran("scrontab", args); }
        @Override public int scancel(List<String> args, CommandIO io) { return ran("scancel", args); }
        @Override public int squeue(List<String> args, CommandIO io) { return ran("squeue", args); }
        @Override public int sinfo(List<String> args, CommandIO io) { return ran("sinfo", args); }
        @Override public int scontrol(List<String> args, CommandIO io) { return ran("scontrol", args); }
        @Override public int updateJob(long jobId, Map<String, String> fields, CommandIO io) { return 0; }
        @Override public List<JobView> jobs() { return List.of(); }
        @Override public NodeView node() { return null; }
        @Override public void restartSlurmd() { }
        @Override public void resumeNode() { }
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
    void anotherUserIsRefusedEvenWhenTheSocketModeLetsThemConnect() throws Exception {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "only root can connect as another user");
        RecordingBench bench = new RecordingBench();
        try (CommandServer server = CommandServer.start(data, bench)) {
            Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(data.resolve("bench.sock"), PosixFilePermissions.fromString("rw-rw-rw-"));
            // a request frame for "srun true", sent by a process of uid 4242; it prints what comes back
            String client = "import socket,struct,sys\n"
                    + "def s(t): b=t.encode(); return struct.pack('>i',len(b))+b\n"
                    + "c=socket.socket(socket.AF_UNIX); c.connect(sys.argv[1])\n"
                    + "c.sendall(s('srun')+struct.pack('>i',1)+s('true')+struct.pack('>i',0)+s('/'))\n"
                    + "out=b''\n"
                    + "while True:\n  d=c.recv(4096)\n  if not d: break\n  out+=d\n"
                    + "sys.stdout.write(out.decode('utf-8','replace'))\n";
            Process p = new ProcessBuilder(OnBehalfOf.user(4242, 4343).command(
                    List.of("/usr/bin/python3", "-c", client, data.resolve("bench.sock").toString()))).start();
            String reply = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor()).as(err).isZero();
            assertThat(reply).contains("plugstack: error: bench socket: refused user 4242: only uid 0");
        }
        assertThat(bench.ran).isEmpty();
    }
}
