package io.plugstack.runtime.spi.bench;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a job's processes reach the bench: the srun/sbatch/salloc/squeue shims on their PATH send
 * one request (command, arguments, environment, working directory) over the runtime's Unix socket
 * and get the command's stdout/stderr back as frames, then its exit code. After its request a client
 * sends only {@link #INTERRUPT} bytes, one per Ctrl-C its srun gets; closing the connection while the
 * command runs hangs it up (srun's and salloc's own job is cancelled).
 */
public final class CommandProtocol {

    /** The environment variable naming the socket, set in every job's environment. */
    public static final String SOCKET_ENV = "PLUGSTACK_SOCKET";
    /** Frame types of the reply. */
    public static final byte OUT = 1;
    public static final byte ERR = 2;
    public static final byte EXIT = 3;
    /** The one byte a client sends after its request: a Ctrl-C of its terminal, for the command to act on. */
    public static final byte INTERRUPT = 'I';

    private CommandProtocol() {
    }

    /** A command as the shim sends it. */
    public record Request(String command, List<String> args, Map<String, String> env, String workdir) {
        public void write(DataOutputStream out) throws IOException {
            string(out, command);
            out.writeInt(args.size());
            for (String a : args) {
                string(out, a);
            }
            out.writeInt(env.size());
            for (Map.Entry<String, String> e : env.entrySet()) {
                string(out, e.getKey());
                string(out, e.getValue());
            }
            string(out, workdir);
            out.flush();
        }

        /**
         * Reads a request of at most {@value #MAX_REQUEST} bytes in all: each string may be 16 MiB, but a peer
         * (any user, on a 0666 socket) must not make the server buffer many of them.
         */
        public static Request read(DataInputStream in) throws IOException {
            long[] left = {MAX_REQUEST};
            String command = readString(in, left);
            List<String> args = new ArrayList<>();
            for (int i = count(in, left); i > 0; i--) {
                args.add(readString(in, left));
            }
            Map<String, String> env = new LinkedHashMap<>();
            for (int i = count(in, left); i > 0; i--) {
                env.put(readString(in, left), readString(in, left));
            }
            return new Request(command, args, env, readString(in, left));
        }

        /** The most a whole request may take. */
        public static final int MAX_REQUEST = 32 << 20;

        private static int count(DataInputStream in, long[] left) throws IOException {
            take(left, 4);
            return in.readInt();
        }

        private static String readString(DataInputStream in, long[] left) throws IOException {
            int n = in.readInt();
            if (n < 0 || n > (1 << 24)) {
                throw new IOException("bad string length " + n);
            }
            take(left, 4L + n);
            return new String(in.readNBytes(n), StandardCharsets.UTF_8);
        }

        private static void take(long[] left, long bytes) throws IOException {
            left[0] -= bytes;
            if (left[0] < 0) {
                throw new IOException("a request of more than " + MAX_REQUEST + " bytes");
            }
        }
    }

    private static void string(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    /** An output stream that sends what is written as frames of {@code type}. */
    public static OutputStream frames(DataOutputStream out, byte type) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                synchronized (out) {
                    out.writeByte(type);
                    out.writeInt(len);
                    out.write(b, off, len);
                    out.flush();
                }
            }
        };
    }

    /** The last frame: the exit code. */
    public static void exit(DataOutputStream out, int code) throws IOException {
        synchronized (out) {
            out.writeByte(EXIT);
            out.writeInt(code);
            out.flush();
        }
    }
}
