package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.api.spank.SpankItem;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.runtime.node.wire.FrameType;
import io.plugstack.runtime.node.wire.Messages;
import io.plugstack.runtime.node.wire.Wire;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.SpankStacks;
import io.plugstack.runtime.spank.conf.PlugstackConf;
import io.plugstack.runtime.spank.conf.StackEntry;
import io.plugstack.runtime.spank.stack.PluginResolver;
import io.plugstack.runtime.spank.stack.Session;

/** The node daemon over its real sockets: who may open what, a callback's effects, bad frames. */
@org.junit.jupiter.api.Timeout(60) // a socket that never answers fails the test, it does not hang the build
class NodeServerTest {

    @TempDir
    Path tmp;
    Path dir;
    NodeServer server;
    final List<String> logged = new java.util.concurrent.CopyOnWriteArrayList<>();

    final List<String> optionCalls = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** What each init saw of the user's command (Spank.commandUser). */
    final List<String> commandUsers = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** In init: registers --renice=prio; in user_init: sets FOO, unsets HOME, logs. */
    final SpankPlugin plugin = new SpankPlugin() {
        @Override
        public int spankInit(Spank spank, List<String> args) {
            commandUsers.add(spank.context() + " " + spank.commandUser().map(u -> "uid " + u.uid() + " in "
                    + u.workdir().map(Path::toString).orElse("-") + " env " + u.environment()).orElse("none"));
            spank.optionRegister(new io.plugstack.api.spank.SpankOption("renice", "prio", "run at niceness prio",
                    io.plugstack.api.spank.SpankOption.Arg.REQUIRED, 7, (val, optarg, remote) -> {
                        optionCalls.add(val + " " + optarg + " " + remote);
                        return "bad".equals(optarg) ? -1 : 0;
                    }));
            return 0;
        }

        @Override
        public int userInit(Spank spank, List<String> args) {
            spank.setenv("FOO", "job " + spank.jobId().orElse(-1L), true);
            spank.unsetenv("HOME");
            spank.log().error("user_init ran");
            return 0;
        }
    };

    /** The engine the runtime uses, with plugstack.conf "required rec" resolving to {@link #plugin}. */
    final SpankStacks stacks = new SpankStacks() {
        final PlugstackConf.Result conf = new PlugstackConf.Result(
                List.of(new StackEntry(true, "rec", List.of(), Path.of("/etc/slurm/plugstack.conf"), 1)), Optional.empty());

        @Override
        public Path plugstackConf() {
            return Path.of("/etc/slurm/plugstack.conf");
        }

        @Override
        public PlugstackConf.Result read(SlurmLog log) {
            return conf;
        }

        @Override
        public SpankSession.Opened session(SpankContext context, PlugstackConf.Result read, SpankSession.Setup setup,
                SlurmVersion release, SlurmLog log) {
            PluginResolver resolver = (reference, ctx, job) -> PluginResolver.Resolution.of(
                    new PluginResolver.Loaded(reference, reference + ".so", "1.0.0", plugin, () -> { }));
            return Session.open(context, read, setup, release, resolver, log);
        }
    };

    @BeforeEach
    void start() throws IOException {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        dir = tmp.resolve("run");
        server = NodeServer.start(dir, stacks, (level, message) -> logged.add(message), 300);
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    private static Messages.Hello hello(SpankContext context) {
        return new Messages.Hello(Wire.PROTOCOL, context.value(), "22.05.8", 4242, List.of(), null);
    }

    private SocketChannel connect(String socket) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        ch.connect(UnixDomainSocketAddress.of(dir.resolve(socket)));
        return ch;
    }

    private static Wire.Frame exchange(SocketChannel ch, FrameType type, byte[] body) throws IOException {
        OutputStream out = Channels.newOutputStream(ch);
        Wire.write(out, type, body);
        InputStream in = Channels.newInputStream(ch);
        return Wire.read(in, Wire.MAX_ROOT_FRAME);
    }

    /** Waits (at most 5 s) for a log line the server writes once it has closed the connection. */
    private void awaitLogged(java.util.function.Predicate<String> line) throws InterruptedException {
        for (int i = 0; i < 500 && logged.stream().noneMatch(line); i++) {
            Thread.sleep(10);
        }
        assertThat(logged).anyMatch(line);
    }

    /** The server ended the connection: end of stream, or a reset when it left our bytes unread. */
    private static boolean closedByServer(SocketChannel ch) {
        try {
            return Channels.newInputStream(ch).read() == -1;
        } catch (IOException reset) {
            return true;
        }
    }

    @Test
    void theSocketsAreMadeWithExplicitModes() throws IOException {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(NodeServer.USER_SOCKET)))).isEqualTo("rw-rw-rw-");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(NodeServer.ROOT_SOCKET)))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwxr-xr-x");
    }

    @Test
    void anSrunOpensALocalSessionOnTheUserSocket() throws IOException {
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET)) {
            Wire.Frame f = exchange(ch, FrameType.HELLO, hello(SpankContext.LOCAL).encode());
            assertThat(f.type()).isEqualTo(FrameType.WELCOME);
            assertThat(Messages.Welcome.decode(f.body()).session()).hasSize(32);
        }
    }

    @Test
    void theWelcomeSaysWhichCallbacksThePluginsDefineSoTheBridgeForwardsOnlyThose() throws IOException {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "slurmstepd's sessions are root's");
        try (SocketChannel ch = connect(NodeServer.ROOT_SOCKET)) {
            Wire.Frame f = exchange(ch, FrameType.HELLO, hello(SpankContext.REMOTE).encode());
            // the plugin defines slurm_spank_init (wire 0) and slurm_spank_user_init (wire 4)
            assertThat(Messages.Welcome.decode(f.body()).callbacks()).isEqualTo(1 << 0 | 1 << 4);
        }
    }

    @Test
    void aSubmittingCommandsWelcomeAlsoAsksForInitPostOptWhereItsSessionRecordsTheJobsVersions() throws IOException {
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET)) {
            Wire.Frame f = exchange(ch, FrameType.HELLO, hello(SpankContext.LOCAL).encode());
            assertThat(Messages.Welcome.decode(f.body()).callbacks())
                    .isEqualTo(1 << 0 | 1 << 4 | 1 << Wire.CALLBACKS.indexOf(io.plugstack.api.spank.SpankCallback.INIT_POST_OPT));
        }
    }

    @Test
    void aRemoteSessionRunsTheJavaPluginsAndAnswersWithTheirEffects() throws IOException {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "slurmstepd's sessions are root's");
        try (SocketChannel ch = connect(NodeServer.ROOT_SOCKET)) {
            assertThat(exchange(ch, FrameType.HELLO, hello(SpankContext.REMOTE).encode()).type()).isEqualTo(FrameType.WELCOME);
            Messages.Call init = new Messages.Call(0, List.of(Messages.Item.number(SpankItem.S_JOB_ID.ordinal(), 7)), List.of());
            assertThat(Messages.Done.decode(exchange(ch, FrameType.CALL, init.encode()).body()).rc()).isZero();
            Messages.Call userInit = new Messages.Call(4, List.of(Messages.Item.number(SpankItem.S_JOB_UID.ordinal(), 1000),
                    Messages.Item.number(SpankItem.S_JOB_ID.ordinal(), 7)), List.of("HOME=/home/u", "PATH=/bin"));
            Messages.Done done = Messages.Done.decode(exchange(ch, FrameType.CALL, userInit.encode()).body());
            assertThat(done.rc()).isZero();
            assertThat(done.env()).containsExactly(new Messages.EnvOp("FOO", "job 7"), new Messages.EnvOp("HOME", null));
            assertThat(done.logs()).extracting(Messages.LogLine::text).contains("user_init ran");
        }
    }

    @Test
    void anSrunsPluginsSeeItsUserWorkingDirectoryAndEnvironment() throws IOException {
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET)) {
            Messages.Hello local = new Messages.Hello(Wire.PROTOCOL, SpankContext.LOCAL.value(), "22.05.8", 4242, List.of(), null,
                    "/home/u/run", List.of("PROJECT=p1"));
            assertThat(exchange(ch, FrameType.HELLO, local.encode()).type()).isEqualTo(FrameType.WELCOME);
            assertThat(Messages.Done.decode(exchange(ch, FrameType.CALL, new Messages.Call(0, List.of(), List.of()).encode()).body()).rc())
                    .isZero();
        }
        assertThat(commandUsers).containsExactly("LOCAL uid " + OnBehalfOf.thisProcess().uid() + " in /home/u/run env {PROJECT=p1}");
    }

    @Test
    void slurmstepdsPluginsHaveNoCommandUser() throws IOException {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "slurmstepd's sessions are root's");
        try (SocketChannel ch = connect(NodeServer.ROOT_SOCKET)) {
            assertThat(exchange(ch, FrameType.HELLO, hello(SpankContext.REMOTE).encode()).type()).isEqualTo(FrameType.WELCOME);
            assertThat(Messages.Done.decode(exchange(ch, FrameType.CALL, new Messages.Call(0, List.of(), List.of()).encode()).body()).rc())
                    .isZero();
        }
        assertThat(commandUsers).containsExactly("REMOTE none");
    }

    @Test
    void theOptionsPluginsRegisterInInitGoToTheBridgeAndComeBackAsOptionFrames() throws IOException {
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET)) {
            assertThat(exchange(ch, FrameType.HELLO, hello(SpankContext.LOCAL).encode()).type()).isEqualTo(FrameType.WELCOME);
            Messages.Done init = Messages.Done.decode(exchange(ch, FrameType.CALL, new Messages.Call(0, List.of(), List.of()).encode()).body());
            assertThat(init.options()).hasSize(1);
            Messages.OptionDecl renice = init.options().get(0);
            assertThat(renice.name()).isEqualTo("renice");
            assertThat(renice.arginfo()).isEqualTo("prio");
            assertThat(renice.hasArg()).isEqualTo(1);
            Wire.Frame ok = exchange(ch, FrameType.OPTION, new Messages.Option(renice.val(), "5", false).encode());
            assertThat(Messages.OptionRc.decode(ok.body()).rc()).isZero();
            Wire.Frame bad = exchange(ch, FrameType.OPTION, new Messages.Option(renice.val(), "bad", false).encode());
            assertThat(Messages.OptionRc.decode(bad.body()).rc()).isEqualTo(-1);
            Wire.Frame unknown = exchange(ch, FrameType.OPTION, new Messages.Option(renice.val() + 99, "5", false).encode());
            assertThat(Messages.OptionRc.decode(unknown.body()).rc()).isEqualTo(-1);
        }
        assertThat(optionCalls).containsExactly("7 5 false", "7 bad false");
    }

    @Test
    void aRemoteSessionIsNotOpenedOnTheUserSocket() throws IOException {
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET)) {
            Wire.Frame f = exchange(ch, FrameType.HELLO, hello(SpankContext.REMOTE).encode());
            assertThat(f.type()).isEqualTo(FrameType.REFUSE);
            assertThat(Messages.Refuse.decode(f.body()).reason()).contains("may not open a remote session");
        }
    }

    @Test
    void anotherUserCannotOpenARemoteSession() throws Exception {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "only root can connect as another user");
        String client = "import socket,struct,sys\n"
                + "c=socket.socket(socket.AF_UNIX); c.connect(sys.argv[1])\n"
                + "body=struct.pack('>III'," + Wire.PROTOCOL + ",2,7)+b'22.05.8'+struct.pack('>IIIII',1,0,0xFFFFFFFF,0xFFFFFFFF,0)\n"
                + "c.sendall(struct.pack('>I',len(body)+1)+bytes([1])+body)\n"
                + "out=b''\n"
                + "while True:\n  d=c.recv(4096)\n  if not d: break\n  out+=d\n"
                + "sys.stdout.write(str(out[4])+' '+out[9:].decode('utf-8','replace'))\n";
        Process p = new ProcessBuilder(OnBehalfOf.user(4242, 4343).command(
                List.of("/usr/bin/python3", "-c", client, dir.resolve(NodeServer.USER_SOCKET).toString()))).start();
        String reply = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(err).isZero();
        assertThat(reply).isEqualTo(FrameType.REFUSE.code() + " uid 4242 may not open a remote session (root only, on the root socket)");
        assertThat(logged).contains("node: peer uid 4242: uid 4242 may not open a remote session (root only, on the root socket)");
    }

    @Test
    void aMalformedFrameEndsOnlyThatConnection() throws Exception {
        try (SocketChannel bad = connect(NodeServer.USER_SOCKET)) {
            Channels.newOutputStream(bad).write(new byte[] {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1});
            assertThat(closedByServer(bad)).isTrue();
        }
        try (SocketChannel good = connect(NodeServer.USER_SOCKET)) {
            assertThat(exchange(good, FrameType.HELLO, hello(SpankContext.ALLOCATOR).encode()).type()).isEqualTo(FrameType.WELCOME);
        }
        awaitLogged(l -> l.startsWith("node: peer uid ") && l.contains("bad frame length 2147483647")
                && l.endsWith("; connection closed"));
    }

    @Test
    void aPeerThatNeverSaysHelloIsClosedAtTheDeadline() throws Exception {
        try (SocketChannel silent = connect(NodeServer.USER_SOCKET)) {
            assertThat(closedByServer(silent)).isTrue(); // blocks until the server closes it, after 300 ms
        }
    }

    @Test
    void usersFillingTheirSocketDoNotStarveRootsSessions() throws Exception {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "slurmstepd's sessions are root's");
        server.close();
        // idle peers stay; this test (root) has no per-uid share, so it fills user.sock's total
        server = NodeServer.start(dir, stacks, (level, message) -> logged.add(message), 60_000, new Admission.Limits(16, 4, 2));
        List<SocketChannel> idle = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 16 + 1; i++) {
                idle.add(connect(NodeServer.USER_SOCKET));
            }
            awaitLogged(l -> l.equals("node: user.sock: refused a connection of uid 0: 16 connections already served"));
            try (SocketChannel ch = connect(NodeServer.ROOT_SOCKET)) {
                assertThat(exchange(ch, FrameType.HELLO, hello(SpankContext.REMOTE).encode()).type()).isEqualTo(FrameType.WELCOME);
            }
        } finally {
            for (SocketChannel c : idle) {
                c.close();
            }
        }
    }

    @Test
    void aTaskChildAttachesToItsStepsSessionAndRunsOnTheSamePluginInstances() throws IOException {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "slurmstepd's sessions are root's");
        try (SocketChannel step = connect(NodeServer.ROOT_SOCKET)) {
            Wire.Frame w = exchange(step, FrameType.HELLO, hello(SpankContext.REMOTE).encode());
            String token = Messages.Welcome.decode(w.body()).session();
            Messages.Done init = Messages.Done.decode(exchange(step, FrameType.CALL, new Messages.Call(0, List.of(), List.of()).encode()).body());
            int val = init.options().get(0).val();
            // slurmstepd processed --renice=5 on the step's session ...
            exchange(step, FrameType.OPTION, new Messages.Option(val, "5", true).encode());
            try (SocketChannel child = connect(NodeServer.ROOT_SOCKET)) {
                Wire.Frame a = exchange(child, FrameType.ATTACH, new Messages.Attach(Wire.PROTOCOL, token, 4343).encode());
                assertThat(a.type()).isEqualTo(FrameType.WELCOME);
                assertThat(Messages.Welcome.decode(a.body()).session()).isEqualTo(token);
                // ... and the child's option callback reaches the same plugin instance
                exchange(child, FrameType.OPTION, new Messages.Option(val, "6", true).encode());
            }
            // the child's end (its exec) does not end the step's session
            assertThat(exchange(step, FrameType.OPTION, new Messages.Option(val, "7", true).encode()).type()).isEqualTo(FrameType.OPTION_RC);
        }
        assertThat(optionCalls).containsExactly("7 5 true", "7 6 true", "7 7 true");
    }

    @Test
    void anAttachWithoutALiveStepTokenIsRefused() throws IOException {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "slurmstepd's sessions are root's");
        try (SocketChannel child = connect(NodeServer.ROOT_SOCKET)) {
            Wire.Frame f = exchange(child, FrameType.ATTACH, new Messages.Attach(Wire.PROTOCOL, "0123456789abcdef", 1).encode());
            assertThat(f.type()).isEqualTo(FrameType.REFUSE);
            assertThat(Messages.Refuse.decode(f.body()).reason()).isEqualTo("attach: no step session has that token");
        }
    }

    @Test
    void anAttachIsNotServedOnTheUserSocket() throws IOException {
        String token;
        try (SocketChannel local = connect(NodeServer.USER_SOCKET)) {
            token = Messages.Welcome.decode(exchange(local, FrameType.HELLO, hello(SpankContext.LOCAL).encode()).body()).session();
            try (SocketChannel child = connect(NodeServer.USER_SOCKET)) {
                Wire.Frame f = exchange(child, FrameType.ATTACH, new Messages.Attach(Wire.PROTOCOL, token, 1).encode());
                assertThat(f.type()).isEqualTo(FrameType.REFUSE);
                assertThat(Messages.Refuse.decode(f.body()).reason()).startsWith("attach: uid ").contains("root only, on the root socket");
            }
        }
    }

    @Test
    void anUnknownProtocolOrReleaseIsRefusedNamingIt() throws IOException {
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET)) {
            Wire.Frame f = exchange(ch, FrameType.HELLO, new Messages.Hello(9, 1, "22.05.8", 1, List.of(), null).encode());
            assertThat(Messages.Refuse.decode(f.body()).reason()).isEqualTo("protocol 9 is not " + Wire.PROTOCOL);
        }
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET)) {
            Wire.Frame f = exchange(ch, FrameType.HELLO, new Messages.Hello(Wire.PROTOCOL, 1, "soon", 1, List.of(), null).encode());
            assertThat(Messages.Refuse.decode(f.body()).reason()).isEqualTo("not a Slurm release: \"soon\"");
        }
    }

    @Test
    void aPreReleaseSlurmIsWelcomedAsTheReleaseItPrecedes() throws IOException {
        try (SocketChannel ch = connect(NodeServer.USER_SOCKET)) {
            Wire.Frame f = exchange(ch, FrameType.HELLO, new Messages.Hello(Wire.PROTOCOL, 1, "22.05.0-0rc1", 1, List.of(), null).encode());
            assertThat(f.type()).isEqualTo(FrameType.WELCOME);
        }
    }
}
