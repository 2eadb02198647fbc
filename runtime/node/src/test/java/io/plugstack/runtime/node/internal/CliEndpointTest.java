package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.clifilter.CliFilterChain;
import io.plugstack.runtime.clifilter.CliFilterChains;
import io.plugstack.runtime.node.wire.CliMessages;
import io.plugstack.runtime.node.wire.CliMessages.CliCall;
import io.plugstack.runtime.node.wire.CliMessages.CliResult;
import io.plugstack.runtime.node.wire.CliMessages.Write;
import io.plugstack.runtime.node.wire.FrameType;
import io.plugstack.runtime.node.wire.Messages;
import io.plugstack.runtime.node.wire.Messages.LogLine;
import io.plugstack.runtime.node.wire.Wire;
import io.plugstack.runtime.spank.SpankStacks;

/** user.sock as the cli_filter shim uses it: one chain per command, Slurm's JSON in, rc, log lines and writes out. */
@Timeout(60)
class CliEndpointTest {

    @TempDir
    Path tmp;
    NodeServer server;
    final List<String> seen = new CopyOnWriteArrayList<>();
    /** The command's working directory and environment each setup_defaults saw. */
    final List<String> processes = new CopyOnWriteArrayList<>();
    final List<String> logged = new CopyOnWriteArrayList<>();
    volatile boolean loadable = true;

    /** Refuses job name "refuse" (logging through its System.Logger); else sets a default time and a comment naming the uid. */
    final CliFilterChain chain = new CliFilterChain() {
        @Override
        public int setupDefaults(CliOptions o, boolean early) {
            seen.add("setup_defaults " + o.command() + " early " + early + " set " + o.setOptions());
            processes.add("in " + o.user().workdir().map(Path::toString).orElse("-") + " env " + o.user().environment());
            o.set("time", "9");
            return 0;
        }

        @Override
        public int preSubmit(CliOptions o, int offset) {
            seen.add("pre_submit " + offset + " uid " + o.uid() + " name " + o.get("job-name").orElse("-") + " argv " + o.argv()
                    + " spank " + o.spank() + " isSet(time) " + o.isSet("time"));
            if (o.get("job-name").filter("refuse"::equals).isPresent()) {
                System.getLogger("cli_filter/t").log(System.Logger.Level.ERROR, "cli_filter/t: pre_submit: refused");
                return -1;
            }
            o.set("comment", "uid " + o.uid());
            o.unset("mem");
            return 0;
        }

        @Override
        public void postSubmit(int offset, long jobId, long stepId) {
            seen.add("post_submit " + offset + " " + jobId + " " + stepId);
        }

        @Override
        public void close() {
            seen.add("closed");
        }
    };

    final CliFilterChains chains = new CliFilterChains() {
        @Override
        public Optional<CliFilterChain> open(io.plugstack.api.slurm.SlurmLog log) {
            if (!loadable) {
                log.error("cannot create cli_filter context for cli_filter/gone");
                return Optional.empty();
            }
            return Optional.of(chain);
        }

        @Override
        public java.util.List<io.plugstack.runtime.host.catalog.PluginPin> configured() {
            return java.util.List.of(); // no CliFilterPlugins= in this test
        }
    };

    final SpankStacks noSpank = (SpankStacks) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] { SpankStacks.class }, (p, m, a) -> {
                throw new UnsupportedOperationException(m.getName());
            });

    @BeforeEach
    void start() throws IOException {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        SlurmLog log = (level, message) -> logged.add(message);
        server = NodeServer.start(tmp.resolve("run"), noSpank, log, 5_000);
        server.serveCliFilter(new CliEndpoint(chains, io.plugstack.runtime.host.catalog.PluginCallGuard.DIRECT, log));
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    static long myUid() throws IOException {
        return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
    }

    private SocketChannel connect(String socket, String command) throws IOException {
        return connect(socket, new CliMessages.CliHello(Wire.PROTOCOL, command, null, List.of()).encode());
    }

    private SocketChannel connect(String socket, byte[] hello) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        ch.connect(UnixDomainSocketAddress.of(tmp.resolve("run").resolve(socket)));
        Wire.write(Channels.newOutputStream(ch), FrameType.CLI_HELLO, hello);
        return ch;
    }

    @Test
    void theCommandsWorkingDirectoryAndEnvironmentReachThePluginsUser() throws Exception {
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET, new CliMessages.CliHello(Wire.PROTOCOL, "srun", "/home/u/run",
                List.of("PROJECT=p1", "NOEQUALS", "PROJECT=second", "A=b=c")).encode())) {
            assertThat(call(ch, new CliCall(CliMessages.SETUP_DEFAULTS, false, 0, 0, 0, "{\"argv\":[]}")).rc()).isZero();
        }
        assertThat(processes).containsExactly("in /home/u/run env {PROJECT=p1, A=b=c}");
    }

    @Test
    void aCommandWithoutPwdRunsItsUsersProgramsInRoot() throws Exception {
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET, new CliMessages.CliHello(Wire.PROTOCOL, "srun", "relative/dir",
                List.of()).encode())) {
            assertThat(call(ch, new CliCall(CliMessages.SETUP_DEFAULTS, false, 0, 0, 0, "{\"argv\":[]}")).rc()).isZero();
        }
        assertThat(processes).containsExactly("in / env {}");
    }

    @Test
    void aShimOfAnotherProtocolIsRefusedByItsProtocol() throws Exception {
        byte[] oldHello = new Wire.Out().u32(2).str("sbatch").bytes(); // protocol 2's CLI_HELLO had no workdir nor environment
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET, oldHello)) {
            assertThatThrownBy(() -> call(ch, new CliCall(CliMessages.SETUP_DEFAULTS, false, 0, 0, 0, "{}")))
                    .hasMessage("refused: protocol 2 is not " + Wire.PROTOCOL);
        }
    }

    private static CliResult call(SocketChannel ch, CliCall call) throws IOException {
        OutputStream out = Channels.newOutputStream(ch);
        InputStream in = Channels.newInputStream(ch);
        Wire.write(out, FrameType.CLI_CALL, call.encode());
        Wire.Frame f = Wire.read(in, Wire.MAX_ROOT_FRAME);
        if (f.type() == FrameType.REFUSE) {
            throw new IOException("refused: " + Messages.Refuse.decode(f.body()).reason());
        }
        assertThat(f.type()).isEqualTo(FrameType.CLI_RESULT);
        return CliResult.decode(f.body());
    }

    @Test
    void oneCommandsHooksRunOnOneChainWithSlurmsOptionsAndThePeersUid() throws Exception {
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET, "sbatch")) {
            CliResult d = call(ch, new CliCall(CliMessages.SETUP_DEFAULTS, false, 0, 0, 0, "{\"argv\":[]}"));
            assertThat(d.rc()).isZero();
            assertThat(d.writes()).containsExactly(new Write("time", "9"));
            CliResult p = call(ch, new CliCall(CliMessages.PRE_SUBMIT, false, 0, 0, 0,
                    "{\"job-name\":\"a\\/b\",\"mem\":\"10\",\"time\":\"00:05:00\",\"spank:renice\":\"5\",\"argv\":[\"x.sh\",\"1\"]}"));
            assertThat(p.rc()).isZero();
            assertThat(p.writes()).containsExactly(new Write("comment", "uid " + myUid()), new Write("mem", null));
            CliResult s = call(ch, new CliCall(CliMessages.POST_SUBMIT, false, 0, 42, 4294967294L, null));
            assertThat(s.rc()).isZero();
        }
        assertThat(seen).startsWith("setup_defaults SBATCH early false set []",
                "pre_submit 0 uid " + myUid() + " name a/b argv [x.sh, 1] spank {*={renice=5}} isSet(time) true",
                "post_submit 0 42 4294967294");
        awaitSeen("closed");
    }

    @Test
    void aRefusalComesBackWithWhatThePluginLogged() throws Exception {
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET, "srun")) {
            CliResult r = call(ch, new CliCall(CliMessages.PRE_SUBMIT, false, 0, 0, 0, "{\"job-name\":\"refuse\",\"argv\":[]}"));
            assertThat(r.rc()).isEqualTo(-1);
            assertThat(r.logs()).containsExactly(new LogLine(SlurmLog.Level.ERROR.ordinal(), "cli_filter/t: pre_submit: refused"));
            assertThat(r.writes()).isEmpty();
        }
        String uid = Long.toString(myUid());
        assertThat(logged).anyMatch(l -> l.contains("cli_filter: srun of uid " + uid + ": pre_submit rc -1"));
    }

    @Test
    void aChainThatCannotBeLoadedFailsEveryHookWithSlurmsLines() throws Exception {
        loadable = false;
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET, "salloc")) {
            CliResult r = call(ch, new CliCall(CliMessages.SETUP_DEFAULTS, false, 0, 0, 0, "{}"));
            assertThat(r.rc()).isEqualTo(-1);
            assertThat(r.logs()).extracting(LogLine::text).containsExactly("cannot create cli_filter context for cli_filter/gone");
            assertThat(call(ch, new CliCall(CliMessages.POST_SUBMIT, false, 0, 1, 2, null)).rc()).isZero();
        }
    }

    @Test
    void anUnknownCommandIsRefusedAndRootSockDoesNotServeTheShim() throws Exception {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(tmp.resolve("run").resolve(NodeServer.USER_SOCKET)));
            // as the shim does: CLI_HELLO and the first CLI_CALL in one write, then the answer
            byte[] hello = Wire.frame(FrameType.CLI_HELLO, new CliMessages.CliHello(Wire.PROTOCOL, "scancel", null, List.of()).encode());
            byte[] call = Wire.frame(FrameType.CLI_CALL, new CliCall(CliMessages.SETUP_DEFAULTS, false, 0, 0, 0, "{}").encode());
            byte[] both = java.util.Arrays.copyOf(hello, hello.length + call.length);
            System.arraycopy(call, 0, both, hello.length, call.length);
            Channels.newOutputStream(ch).write(both);
            Wire.Frame f = Wire.read(Channels.newInputStream(ch), Wire.MAX_ROOT_FRAME);
            assertThat(f.type()).isEqualTo(FrameType.REFUSE);
            assertThat(Messages.Refuse.decode(f.body()).reason()).isEqualTo("cli_filter: unknown command \"scancel\"");
        }
        try (SocketChannel ch = connect(NodeServer.ROOT_SOCKET, "srun")) {
            assertThatThrownBy(() -> call(ch, new CliCall(CliMessages.SETUP_DEFAULTS, false, 0, 0, 0, "{}"))).isInstanceOf(IOException.class);
        }
    }

    @Test
    void optionsThatAreNotSlurmsJsonEndTheConnectionBeforeAnyPlugin() throws Exception {
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET, "sbatch")) {
            assertThatThrownBy(() -> call(ch, new CliCall(CliMessages.PRE_SUBMIT, false, 0, 0, 0, "{\"time\":[\"x\"]"))).isInstanceOf(EOFException.class);
        }
        assertThat(seen).noneMatch(l -> l.startsWith("pre_submit"));
        // the daemon logs once the connection is closed: wait for the line, bounded
        for (int i = 0; i < 100 && logged.stream().noneMatch(l -> l.contains("options:")); i++) {
            Thread.sleep(20);
        }
        assertThat(logged).anyMatch(l -> l.contains("options:"));
    }

    /** A user's shim may send JSON nested a million deep: refused at a depth Slurm never writes, never a stack overflow. */
    @Test
    void deeplyNestedJsonIsRefusedAsMalformed() {
        String deep = "{\"argv\":" + "[".repeat(1_000_000) + "]".repeat(1_000_000) + "}";
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CliJsonReader.object(deep))
                .hasMessageStartingWith("options: JSON nested deeper than " + CliJsonReader.MAX_DEPTH);
    }

    @Test
    void theJsonReaderReadsWhatSlurmWrites() throws Exception {
        Map<String, Object> m = CliJsonReader.object("{\"comment\":\"c2\",\"export\":\"NONE\",\"job-name\":\"cli-dump\",\"output\":\"\\/dev\\/null\","
                + "\"wrap\":\"echo \\\"a\\\"\\n\\u0001\",\"x\":null,\"argv\":[]}");
        assertThat(m).containsEntry("output", "/dev/null").containsEntry("wrap", "echo \"a\"\n\u0001").containsEntry("x", null)
                .containsEntry("argv", List.of());
        assertThatThrownBy(() -> CliJsonReader.object("{\"a\":\"b\"} x")).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> CliJsonReader.object("[]")).isInstanceOf(IOException.class);
    }

    private void awaitSeen(String what) throws InterruptedException {
        for (int i = 0; i < 100 && !seen.contains(what); i++) {
            Thread.sleep(20);
        }
        assertThat(seen).contains(what);
    }
}
