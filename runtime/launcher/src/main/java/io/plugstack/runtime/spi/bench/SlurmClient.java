package io.plugstack.runtime.spi.bench;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * {@code SlurmClient <command> [args]}: what the srun/sbatch/salloc/scrontab/scancel shims in a job's
 * PATH run (the socket is the job's {@code PLUGSTACK_SOCKET}); {@code SlurmClient --home DIR <command>
 * [args]}: what a home's {@code bin/srun}, {@code bin/sbatch}, ... run from a Unix shell (the socket is
 * that home's {@code data/bench.sock}). The command runs in the runtime as the user of this process
 * (the runtime reads it from the socket), in this directory, with this environment; this process
 * prints its output and exits with its exit code.
 */
public final class SlurmClient {
    private SlurmClient() {
    }

    public static void main(String[] argv) throws IOException {
        List<String> a = Arrays.asList(argv);
        Path home = null;
        if (a.size() >= 2 && a.get(0).equals("--home")) {
            home = Path.of(a.get(1)).toAbsolutePath().normalize();
            a = a.subList(2, a.size());
        }
        String socket = home != null ? socketOf(home).toString() : System.getenv(CommandProtocol.SOCKET_ENV);
        if (a.isEmpty() || socket == null) {
            System.err.println("plugstack: " + (a.isEmpty() ? "usage: SlurmClient [--home DIR] <command> [args]"
                    : CommandProtocol.SOCKET_ENV + " is not set: not inside a Plugstack job"));
            System.exit(2);
        }
        CommandProtocol.Request request = new CommandProtocol.Request(a.get(0), a.subList(1, a.size()), System.getenv(),
                Path.of("").toAbsolutePath().toString());
        SocketChannel ch;
        try {
            ch = connect(Path.of(socket));
        } catch (IOException e) {
            System.err.println(notRunning(request.command(), home, Path.of(socket), e));
            System.exit(1);
            return;
        }
        if (request.command().equals("srun")) {
            forwardInterrupts(ch);
        }
        System.exit(run(ch, request));
    }

    /** A home's command socket. */
    public static Path socketOf(Path home) {
        return home.resolve("data").resolve("bench.sock");
    }

    /** The one line a command prints when no runtime serves its socket. */
    static String notRunning(String command, Path home, Path socket, IOException e) {
        String why = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        return command + ": error: no Plugstack runtime is running " + (home != null ? "on the home " + home : "for this job")
                + " (cannot connect to " + socket + ": " + why + ")";
    }

    /** Sends {@code request} to the runtime at {@code socket}, copies its output here; its exit code. */
    public static int run(Path socket, CommandProtocol.Request request) throws IOException {
        return run(connect(socket), request);
    }

    private static SocketChannel connect(Path socket) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            ch.connect(UnixDomainSocketAddress.of(socket));
            return ch;
        } catch (IOException e) {
            ch.close();
            throw e;
        }
    }

    private static int run(SocketChannel channel, CommandProtocol.Request request) throws IOException {
        try (SocketChannel ch = channel) {
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

    /**
     * Ctrl-C on srun goes to the runtime, whose srun acts on it as Slurm's does (the first press shows
     * the step's tasks, a second within a second cancels it), the same code as at the console. Other
     * commands keep the default: Ctrl-C ends the client, which hangs up its command (salloc's job is
     * cancelled, a submitted batch job goes on).
     */
    private static void forwardInterrupts(SocketChannel ch) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), sig -> {
                try {
                    ch.write(java.nio.ByteBuffer.wrap(new byte[] {CommandProtocol.INTERRUPT}));
                } catch (IOException e) {
                    System.exit(1); // the runtime is gone: nothing left to wait for
                }
            });
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            // no SIGINT handling here (a JVM started with -Xrs): Ctrl-C ends the client, which hangs the step up
        }
    }
}
