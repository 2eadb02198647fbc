package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.plugstack.runtime.node.wire.FrameType;
import io.plugstack.runtime.node.wire.Messages;
import io.plugstack.runtime.node.wire.Wire;

/**
 * Node mode in the real distribution: configured by an admin's plugstack.node.cfg, the runtime serves
 * the bridge's sockets, and a session runs the SPANK stack of the runtime's plugstack.conf.
 */
class NodeModeIT extends BootedRuntime {

    @Test
    void aNodeCfgMakesTheRuntimeServeTheBridgeAndRunItsStack() throws Exception {
        Path log = dir.resolve("node-demo.log");
        runtime.plugstackConf("required demo " + log);
        Path sockets = dir.resolve("node-run");
        Path part = runtime.home().resolve("plugstack.node.cfg.part");
        Files.writeString(part, "socket_dir=" + sockets + "\n");
        Files.move(part, runtime.deployDir().resolve("plugstack.node.cfg"), StandardCopyOption.ATOMIC_MOVE);
        Path user = sockets.resolve("user.sock");
        // served once a connection is accepted: the file can exist a moment before (a listener bound, then
        // replaced as the configuration reaches node mode again)
        SocketChannel[] served = new SocketChannel[1];
        PlugstackRuntime.await(() -> {
            try {
                SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
                try {
                    c.connect(UnixDomainSocketAddress.of(user));
                } catch (java.io.IOException e) {
                    c.close();
                    return false;
                }
                served[0] = c;
                return true;
            } catch (java.io.IOException e) {
                return false;
            }
        }, "node mode to serve " + user);
        try (SocketChannel ch = served[0]) {
            OutputStream out = Channels.newOutputStream(ch);
            InputStream in = Channels.newInputStream(ch);
            Wire.write(out, FrameType.HELLO, new Messages.Hello(Wire.PROTOCOL, 1, "25.11.0", 1, List.of(), null).encode());
            assertThat(Wire.read(in, Wire.MAX_ROOT_FRAME).type()).isEqualTo(FrameType.WELCOME);
            for (int callback : new int[] {0, 2, 11}) { // init, init_post_opt, exit: an srun's local stack
                Wire.write(out, FrameType.CALL, new Messages.Call(callback, List.of(), List.of()).encode());
                Wire.Frame done = Wire.read(in, Wire.MAX_ROOT_FRAME);
                assertThat(done.type()).isEqualTo(FrameType.DONE);
                assertThat(Messages.Done.decode(done.body()).rc()).isZero();
            }
        }
        assertThat(Files.readAllLines(log)).containsSubsequence("init local", "init_post_opt local", "exit local");
    }
}
