package io.plugstack.runtime.node.wire;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.plugstack.api.spank.SpankCallback;

/**
 * Frames and fields of the bridge protocol. A frame is {@code u32 length} (big-endian, of what follows:
 * the type byte and the body), {@code u8 type}, body. Fields: {@code u32} and {@code i64} big-endian;
 * {@code str} = {@code u32} byte count then the bytes ({@code 0xFFFFFFFF} = NULL); a list = {@code u32}
 * count then the items. Every length is checked against what the frame holds: a malformed frame is an
 * {@link IOException} naming what is wrong, never an allocation of what a peer claims.
 */
public final class Wire {

    /** The protocol version HELLO carries. */
    public static final int PROTOCOL = 3;
    /** The largest frame accepted from an unprivileged peer (user.sock). */
    public static final int MAX_USER_FRAME = 1 << 20;
    /** The largest frame accepted from root (root.sock: a step's environment can be large). */
    public static final int MAX_ROOT_FRAME = 8 << 20;
    /** A NULL string. */
    static final int NULL = 0xFFFFFFFF;

    /**
     * The callbacks as the wire numbers them: spank.h's order of the twelve {@code slurm_spank_*}
     * functions (slurm_spank_init_failure_mode is data, not a callback).
     */
    public static final List<SpankCallback> CALLBACKS = List.of(SpankCallback.INIT, SpankCallback.JOB_PROLOG,
            SpankCallback.INIT_POST_OPT, SpankCallback.LOCAL_USER_INIT, SpankCallback.USER_INIT,
            SpankCallback.TASK_INIT_PRIVILEGED, SpankCallback.TASK_INIT, SpankCallback.TASK_POST_FORK, SpankCallback.TASK_EXIT,
            SpankCallback.JOB_EPILOG, SpankCallback.SLURMD_EXIT, SpankCallback.EXIT);

    private Wire() {
    }

    /** One frame: its type and body. */
    public record Frame(FrameType type, byte[] body) {
    }

    /** Reads one frame, at most {@code max} bytes long; EOFException at a clean end of stream before it. */
    public static Frame read(InputStream in, int max) throws IOException {
        byte[] head = in.readNBytes(4);
        if (head.length == 0) {
            throw new EOFException("connection closed");
        }
        if (head.length < 4) {
            throw new IOException("truncated frame length");
        }
        long length = ByteBuffer.wrap(head).getInt() & 0xffffffffL;
        if (length < 1 || length > max) {
            throw new IOException("bad frame length " + length + " (1.." + max + ")");
        }
        byte[] rest = in.readNBytes((int) length);
        if (rest.length < length) {
            throw new IOException("truncated frame: " + rest.length + " of " + length + " bytes");
        }
        FrameType type = FrameType.of(rest[0] & 0xff).orElseThrow(() -> new IOException("unknown frame type " + (rest[0] & 0xff)));
        byte[] body = new byte[rest.length - 1];
        System.arraycopy(rest, 1, body, 0, body.length);
        return new Frame(type, body);
    }

    /** Writes one frame. */
    public static void write(OutputStream out, FrameType type, byte[] body) throws IOException {
        out.write(frame(type, body));
        out.flush();
    }

    /** The bytes of one frame. */
    public static byte[] frame(FrameType type, byte[] body) {
        ByteBuffer b = ByteBuffer.allocate(5 + body.length);
        b.putInt(1 + body.length).put((byte) type.code()).put(body);
        return b.array();
    }

    /** Builds a frame body field by field. */
    public static final class Out {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        public Out u32(long v) {
            bytes.write((int) (v >>> 24));
            bytes.write((int) (v >>> 16));
            bytes.write((int) (v >>> 8));
            bytes.write((int) v);
            return this;
        }

        public Out i64(long v) {
            u32(v >>> 32);
            return u32(v);
        }

        public Out str(String s) {
            if (s == null) {
                return u32(NULL & 0xffffffffL);
            }
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            u32(b.length);
            bytes.writeBytes(b);
            return this;
        }

        public Out strs(List<String> list) {
            u32(list.size());
            list.forEach(this::str);
            return this;
        }

        public byte[] bytes() {
            return bytes.toByteArray();
        }
    }

    /** Reads a frame body field by field; every read checks what is left. */
    public static final class In {
        private final ByteBuffer b;

        public In(byte[] body) {
            this.b = ByteBuffer.wrap(body);
        }

        public long u32() throws IOException {
            need(4, "u32");
            return b.getInt() & 0xffffffffL;
        }

        /** A u32 that must fit an int (counts, codes). */
        public int u32Int(String what) throws IOException {
            long v = u32();
            if (v > Integer.MAX_VALUE) {
                throw new IOException(what + " " + v + " out of range");
            }
            return (int) v;
        }

        public long i64() throws IOException {
            need(8, "i64");
            return b.getLong();
        }

        public String str() throws IOException {
            long n = u32();
            if (n == (NULL & 0xffffffffL)) {
                return null;
            }
            need(n, "string of " + n + " bytes");
            byte[] s = new byte[(int) n];
            b.get(s);
            return new String(s, StandardCharsets.UTF_8);
        }

        public List<String> strs() throws IOException {
            int n = count("strings", 4);
            List<String> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(str());
            }
            return out;
        }

        /** A list count, checked against the bytes left ({@code minItem} bytes per item at least). */
        public int count(String what, int minItem) throws IOException {
            long n = u32();
            if (n * minItem > b.remaining()) {
                throw new IOException(what + ": " + n + " items do not fit in " + b.remaining() + " bytes");
            }
            return (int) n;
        }

        /** {@return how many bytes of the body are not read yet} (a field added at a frame's end is optional) */
        public int left() {
            return b.remaining();
        }

        /** Fails unless the body was read exactly. */
        public void end(String what) throws IOException {
            if (b.hasRemaining()) {
                throw new IOException(what + ": " + b.remaining() + " bytes left over");
            }
        }

        private void need(long n, String what) throws IOException {
            if (n > b.remaining()) {
                throw new IOException("truncated " + what + ": " + b.remaining() + " bytes left");
            }
        }
    }
}
