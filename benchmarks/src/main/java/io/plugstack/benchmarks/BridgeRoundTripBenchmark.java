package io.plugstack.benchmarks;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.node.internal.NodeServer;
import io.plugstack.runtime.node.wire.FrameType;
import io.plugstack.runtime.node.wire.Messages;
import io.plugstack.runtime.node.wire.Wire;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.SpankStacks;
import io.plugstack.runtime.spank.conf.PlugstackConf;
import io.plugstack.runtime.spank.conf.StackEntry;
import io.plugstack.runtime.spank.stack.PluginResolver;
import io.plugstack.runtime.spank.stack.Session;

/**
 * One forwarded SPANK callback, round trip, as the bridge will see it (issue 12's target: under 50 µs
 * median): a CALL of slurm_spank_user_init with a job's items and a 30-variable environment over the
 * node daemon's real Unix socket, the node's session running one Java plugin that reads an item and
 * sets a variable, and the DONE back. The client is Java here, the server in-process; what is measured
 * is the daemon's side plus one socket round trip. {@code benchmarks/run bridge-c} measures the same
 * with the C bridge's own codec and connection against a real node daemon (benchmarks/bridge-c.sh).
 */
final class BridgeRoundTripBenchmark {

    private BridgeRoundTripBenchmark() {
    }

    static void run(int calls) throws Exception {
        SpankPlugin plugin = new SpankPlugin() {
            @Override
            public int userInit(Spank spank, List<String> args) {
                spank.setenv("JOB_SEEN", Long.toString(spank.jobId().orElse(-1L)), true);
                return 0;
            }
        };
        PlugstackConf.Result conf = new PlugstackConf.Result(
                List.of(new StackEntry(true, "bench", List.of(), Path.of("/etc/slurm/plugstack.conf"), 1)), Optional.empty());
        SpankStacks stacks = new SpankStacks() {
            public Path plugstackConf() {
                return conf.entries().get(0).file();
            }

            public PlugstackConf.Result read(SlurmLog log) {
                return conf;
            }

            public SpankSession.Opened session(SpankContext context, PlugstackConf.Result read, SpankSession.Setup setup,
                    SlurmVersion release, SlurmLog log) {
                PluginResolver resolver = (reference, ctx, job) -> PluginResolver.Resolution.of(
                        new PluginResolver.Loaded(reference, reference + ".so", "1.0.0", plugin, () -> { }));
                return Session.open(context, read, setup, release, resolver, log);
            }
        };
        Path dir = Files.createTempDirectory("plugstack-bridge-bench");
        List<String> env = new java.util.ArrayList<>();
        for (int i = 0; i < 30; i++) {
            env.add("VARIABLE_" + i + "=value of variable " + i);
        }
        Messages.Call call = new Messages.Call(4, List.of(Messages.Item.number(0, 1000), Messages.Item.number(1, 1000),
                Messages.Item.number(2, 4242), Messages.Item.number(3, 0), Messages.Item.number(6, 1),
                Messages.Item.number(7, 1)), env);
        byte[] frame = Wire.frame(FrameType.CALL, call.encode());
        double[] micros = new double[calls];
        try (NodeServer server = NodeServer.start(dir, stacks, SlurmLog.QUIET);
                SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(dir.resolve(NodeServer.USER_SOCKET)));
            OutputStream out = Channels.newOutputStream(ch);
            InputStream in = Channels.newInputStream(ch);
            Wire.write(out, FrameType.HELLO, new Messages.Hello(Wire.PROTOCOL, SpankContext.LOCAL.value(), "25.11.0", 1,
                    List.of(), null).encode());
            Wire.read(in, Wire.MAX_ROOT_FRAME);
            for (int i = -calls; i < calls; i++) { // the first half warms up
                long t0 = System.nanoTime();
                out.write(frame);
                Wire.Frame done = Wire.read(in, Wire.MAX_ROOT_FRAME);
                long t1 = System.nanoTime();
                if (done.type() != FrameType.DONE || Messages.Done.decode(done.body()).rc() != 0) {
                    throw new IllegalStateException("the call failed: " + done.type());
                }
                if (i >= 0) {
                    micros[i] = (t1 - t0) / 1_000.0;
                }
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
        System.out.println(Stats.of(micros).line("bridge round trip: user_init CALL -> DONE (Java client)", "us")
                + "   target < 50 us");
    }
}
