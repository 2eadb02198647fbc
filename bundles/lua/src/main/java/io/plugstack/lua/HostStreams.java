package io.plugstack.lua;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.util.HashMap;
import java.util.Map;

import party.iroiro.luajava.Lua;

/**
 * The streams behind the file objects of one Lua state: io.popen's pipes ({@link HostShell}) and files
 * opened as another user ({@link UserFiles}). The file object itself, its read formats' Lua side and
 * the 5.1 vs 5.2+ conventions are {@code stream.lua}, over the host functions here, which find a
 * stream by the id the object holds. Data crosses as bytes, unchanged ({@link LuaBytes}).
 *
 * <p>Used under the script's lock only, like the state.
 */
final class HostStreams {

    /** EPIPE, ESPIPE, EIO. */
    static final int BROKEN_PIPE = 32;
    static final int ILLEGAL_SEEK = 29;
    static final int IO_ERROR = 5;

    /** One open stream: a readable side, a writable side, or both. */
    abstract static class Stream {
        /** null: not open for reading. */
        PushbackInputStream in;
        /** null: not open for writing. */
        OutputStream out;

        /** file:close(): pushes what close returns, the count. */
        abstract int close(Lua L);

        /** The object was collected without a close: let go of it, without waiting. */
        void release() {
            closeQuietly();
        }

        /** The state is closing: nothing of the stream may outlive it. */
        void destroy() {
            release();
        }

        /** file:seek: the new position, or -1 for a stream that cannot seek (a pipe). */
        long seek(String whence, long offset) throws IOException {
            return -1;
        }

        /** What a failed write returns: a pipe's writer (C Lua's buffered fwrite) learns it only at close. */
        Failure writeFailure() {
            return new Failure("Broken pipe", BROKEN_PIPE);
        }

        /** A read error the stream reports instead of data (a directory opened for reading), else null. */
        Failure readError() {
            return null;
        }

        final void closeQuietly() {
            try {
                if (out != null) {
                    out.close();
                }
                if (in != null) {
                    in.close();
                }
            } catch (IOException e) {
                // already broken: nothing more to release
            }
        }
    }

    /** An error as C reports it: strerror's text and the errno. */
    record Failure(String message, int errno) {
        int push(Lua L) {
            L.pushNil();
            L.push(message);
            L.push(errno);
            return 3;
        }
    }

    private final Map<Integer, Stream> open = new HashMap<>();
    private int nextId = 1;
    /** stream.lua's module, in the registry. */
    private int module;

    /** Loads the file object into {@code L}; {@link #pushModule} then hands it to the libraries using it. */
    void install(Lua L, LuaVersion version) {
        L.load(LuaResources.read("stream.lua"), "=stream");
        L.push(this::read);
        L.push(this::write);
        L.push(this::flush);
        L.push(this::seek);
        L.push(this::close);
        L.push(this::release);
        L.push(version == LuaVersion.LUA_5_1);
        L.pCall(7, 1);
        module = L.ref();
    }

    /** Pushes stream.lua's module: new(id, kind), is(x), lines(f, toclose, ...), execresult(code). */
    void pushModule(Lua L) {
        L.refGet(module);
    }

    /** Registers {@code s}; the id a file object holds. */
    int add(Stream s) {
        int id = nextId++;
        open.put(id, s);
        return id;
    }

    /** Destroys every stream still open (the state is closing). */
    void closeAll() {
        open.values().forEach(Stream::destroy);
        open.clear();
    }

    private Stream stream(Lua L) {
        return open.get((int) L.toInteger(1));
    }

    private int read(Lua L) {
        Stream s = stream(L);
        if (s.readError() != null) {
            return s.readError().push(L);
        }
        if (s.in == null) {
            return new Failure("Bad file descriptor", 9).push(L);
        }
        try {
            if (L.isNumber(2)) {
                return pushOrNil(L, readBytes(s.in, (int) L.toNumber(2)));
            }
            switch (L.toString(2)) {
                case "a":
                    LuaBytes.push(L, s.in.readAllBytes());
                    return 1;
                case "n":
                    return pushNumber(L, s.in);
                default:
                    return pushOrNil(L, readLine(s.in, "L".equals(L.toString(2))));
            }
        } catch (IOException e) {
            return new Failure(String.valueOf(e.getMessage()), IO_ERROR).push(L);
        }
    }

    private int write(Lua L) {
        Stream s = stream(L);
        if (s.out == null) {
            return new Failure("Bad file descriptor", 9).push(L);
        }
        try {
            s.out.write(LuaBytes.of(L, 2));
        } catch (IOException e) {
            Failure f = s.writeFailure(); // the reader went away
            if (f != null) {
                return f.push(L);
            }
        }
        L.push(true);
        return 1;
    }

    private int flush(Lua L) {
        Stream s = stream(L);
        try {
            if (s.out != null) {
                s.out.flush();
            }
        } catch (IOException e) {
            return new Failure("Broken pipe", BROKEN_PIPE).push(L);
        }
        L.push(true);
        return 1;
    }

    private int seek(Lua L) {
        Stream s = stream(L);
        try {
            long at = s.seek(L.toString(2), (long) L.toNumber(3));
            if (at < 0) {
                return new Failure("Illegal seek", ILLEGAL_SEEK).push(L);
            }
            L.push(at);
            return 1;
        } catch (IOException e) {
            return new Failure("Invalid argument", 22).push(L);
        }
    }

    private int close(Lua L) {
        return open.remove((int) L.toInteger(1)).close(L);
    }

    private int release(Lua L) {
        Stream s = open.remove((int) L.toInteger(1));
        if (s != null) {
            s.release();
        }
        return 0;
    }

    private static int pushOrNil(Lua L, byte[] b) {
        if (b == null) {
            L.pushNil();
        } else {
            LuaBytes.push(L, b);
        }
        return 1;
    }

    private static byte[] readLine(PushbackInputStream in, boolean keepNewline) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                if (keepNewline) {
                    line.write(c);
                }
                return line.toByteArray();
            }
            line.write(c);
        }
        return line.size() == 0 ? null : line.toByteArray();
    }

    private static byte[] readBytes(PushbackInputStream in, int n) throws IOException {
        if (n == 0) {
            int c = in.read();
            if (c == -1) {
                return null;
            }
            in.unread(c);
            return new byte[0];
        }
        byte[] b = in.readNBytes(n);
        return b.length == 0 ? null : b;
    }

    /** The "n" format: skip white space, read a numeral; nil when there is none. */
    private static int pushNumber(Lua L, PushbackInputStream in) throws IOException {
        int c = in.read();
        while (c != -1 && Character.isWhitespace(c)) {
            c = in.read();
        }
        StringBuilder s = new StringBuilder();
        while (c != -1 && (Character.isLetterOrDigit(c) || c == '.' || c == '+' || c == '-')) {
            s.append((char) c);
            c = in.read();
        }
        if (c != -1) {
            in.unread(c);
        }
        try {
            L.push(Long.parseLong(s.toString()));
        } catch (NumberFormatException notInteger) {
            try {
                L.push(Double.parseDouble(s.toString()));
            } catch (NumberFormatException e) {
                L.pushNil();
            }
        }
        return 1;
    }
}
