package io.plugstack.lua;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import party.iroiro.luajava.Lua;

/**
 * Lua strings as the bytes they are. LuaJava's {@code push(String)} goes through JNI's modified UTF-8,
 * which turns NUL, supplementary characters and any byte that is not UTF-8 into something else: a file
 * or a command's output read through the host would not be what C Lua reads. Pure ASCII text (most of
 * what scripts read) is pushed as a string; anything else as a chunk returning a quoted literal, which
 * C Lua's own lexer turns back into exactly those bytes.
 */
final class LuaBytes {
    private LuaBytes() {
    }

    /** Pushes {@code b} as one Lua string, byte for byte. */
    static void push(Lua L, byte[] b) {
        if (ascii(b)) {
            L.push(new String(b, StandardCharsets.US_ASCII));
            return;
        }
        ByteBuffer chunk = ByteBuffer.allocateDirect(b.length * 4 + 16);
        chunk.put("return \"".getBytes(StandardCharsets.US_ASCII));
        for (byte x : b) {
            int c = x & 0xff;
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
                chunk.put(x);
            } else { // three digits always, so a digit after it is not read as part of the escape
                chunk.put((byte) '\\').put((byte) ('0' + c / 100)).put((byte) ('0' + c / 10 % 10)).put((byte) ('0' + c % 10));
            }
        }
        chunk.put((byte) '"').flip();
        L.load(chunk, "=bytes");
        L.pCall(0, 1);
    }

    /** The bytes of the string (or number, converted as lua_tolstring does) at {@code index}. */
    static byte[] of(Lua L, int index) {
        ByteBuffer buf = L.toBuffer(index);
        if (buf == null) {
            return L.toString(index).getBytes(StandardCharsets.UTF_8);
        }
        byte[] b = new byte[buf.remaining()];
        buf.get(b);
        return b;
    }

    /** Bytes 1 to 127 only: the same bytes through modified UTF-8. */
    private static boolean ascii(byte[] b) {
        for (byte x : b) {
            if (x <= 0) {
                return false;
            }
        }
        return true;
    }
}
