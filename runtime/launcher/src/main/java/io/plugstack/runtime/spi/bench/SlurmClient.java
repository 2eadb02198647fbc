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
    /** The byte a client sends after its request to interrupt its command (srun's Ctrl-C, twice). */
    public static final int INTERRUPT = 'I';

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
        if (request.command().equals("srun") || request.command().equals("salloc")) {
            Interrupts.install(request.command(), ch);
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
     * Ctrl-C on srun or salloc, as Slurm's srun takes it: the first press says how to abort, a second
     * within one second tells the runtime, which cancels the command's job (it ends CANCELLED); the
     * client then prints what is left and exits with the command's code. Killing the client cancels it too.
     */
    static final class Interrupts {
        private Interrupts() {
        }

        static void install(String command, SocketChannel ch) {
            PrintStream err = System.err;
            long[] last = {Long.MIN_VALUE / 2};
            try {
                sun.misc.Signal.handle(new sun.misc.Signal("INT"), sig -> {
                    long now = System.nanoTime();
                    if (now - last[0] > 1_000_000_000L) {
                        last[0] = now;
                        err.println(command + ": interrupt (one more within 1 sec to abort)");
                        return;
                    }
                    err.println(command + ": forcing job termination");
                    try {
                        ch.write(java.nio.ByteBuffer.wrap(new byte[] {(byte) INTERRUPT}));
                    } catch (IOException e) {
                        System.exit(1); // the runtime is gone: nothing left to wait for
                    }
                });
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // no SIGINT handling here (e.g. a JVM started with -Xrs): Ctrl-C kills the client, which cancels too
            }
        }
    }
}
