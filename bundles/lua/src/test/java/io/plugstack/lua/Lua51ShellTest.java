package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lua 5.1's conventions for the same host functions (its own JVM: one global Lua per JVM). */
class Lua51ShellTest {

    @TempDir
    Path dir;

    @Test
    void osExecuteReturnsTheRawWaitStatusUnder51() {
        assertThat(new LuaHarness(dir).eval(LuaVersion.LUA_5_1, "os.execute('exit 3')")).isEqualTo("768");
    }

    @Test
    void popenCloseReturnsTrueUnder51() {
        assertThat(new LuaHarness(dir).eval(LuaVersion.LUA_5_1, "io.popen('exit 3'):close()")).isEqualTo("true");
    }

    @Test
    void logWrappersUseUnpackUnder51() {
        LuaHarness lua = new LuaHarness(dir);
        lua.eval(LuaVersion.LUA_5_1, "slurm.log_info('%d-%s', 5, 'x')");
        assertThat(lua.scriptLines()).containsExactly("INFO lua: 5-x");
    }
}
