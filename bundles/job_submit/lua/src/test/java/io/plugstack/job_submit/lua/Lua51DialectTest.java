package io.plugstack.job_submit.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.lua.LuaVersion;

/** The same plugin under plugstack.lua.version=5.1 (its own JVM: one global Lua per JVM). */
class Lua51DialectTest {

    @TempDir
    Path dir;

    private String eval(String expr) {
        return new LuaSite(dir).eval(LuaVersion.LUA_5_1, expr, LuaSite.request());
    }

    @Test
    void numbersPrintAsIntegersUnderLua51() {
        assertThat(eval("'' .. job_desc.min_nodes")).isEqualTo("1");
    }

    @Test
    void versionIsLua51() {
        assertThat(eval("_VERSION")).isEqualTo("Lua 5.1");
    }

    @Test
    void unpackIsAGlobalUnder51SoLogWrappersWork() {
        assertThat(eval("type(unpack)")).isEqualTo("function");
    }

    @Test
    void percentSWithNilIsAnErrorUnder51() {
        assertThat(eval("pcall(string.format, '%s', nil)")).isEqualTo("false");
    }
}
