package io.plugstack.lua;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/** Lua source as the C API wants it: a direct buffer, from this bundle's resources or a file. */
final class LuaResources {
    private LuaResources() {
    }

    /** A Lua chunk shipped next to this class. */
    static ByteBuffer read(String name) {
        try (InputStream in = LuaResources.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return direct(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A script file's bytes, unchanged (luaL_loadfile reads bytes, no decoding). */
    static ByteBuffer read(Path file) throws IOException {
        return direct(Files.readAllBytes(file));
    }

    private static ByteBuffer direct(byte[] bytes) {
        ByteBuffer b = ByteBuffer.allocateDirect(bytes.length);
        b.put(bytes).flip();
        return b;
    }
}
