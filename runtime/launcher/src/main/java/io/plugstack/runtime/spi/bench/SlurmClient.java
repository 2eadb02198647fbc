package io.plugstack.runtime.spi.bench;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@code SlurmClient <command> [args]}: what the srun/sbatch/salloc/squeue shims in a job's PATH
 * run. It hands the command to the runtime that started the job and exits with its exit code.
 */
public final class SlurmClient {
    private SlurmClient() {
    }

    public static void main(String[] argv) throws IOException {
        String socket = System.getenv(CommandProtocol.SOCKET_ENV);
        if (argv.length == 0 || socket == null) {
            System.err.println("plugstack: " + (argv.length == 0 ? "usage: SlurmClient <command> [args]"
                    : CommandProtocol.SOCKET_ENV + " is not set: not inside a Plugstack job"));
            System.exit(2);
        }
        System.exit(run(Path.of(socket), new CommandProtocol.Request(argv[0], Arrays.asList(argv).subList(1, argv.length),
                System.getenv(), Path.of("").toAbsolutePath().toString())));
    }

    /** Sends {@code request} to the runtime at {@code socket}, copies its output here; its exit code. */
    public static int run(Path socket, CommandProtocol.Request request) throws IOException {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            DataOutputStream out = new DataOutputStream(Channels.newOutputStream(ch));
            request.write(out);
            DataInputStream in = new DataInputStream(Channels.newInputStream(ch));
            while (true) {
                byte type = in.readByte();
                if (type == CommandProtocol.EXIT) {
                    System.out.flush();
                    return in.readInt();
                }
                byte[] data = in.readNBytes(in.readInt());
                (type == CommandProtocol.ERR ? System.err : System.out).write(data);
            }
        }
    }
}
