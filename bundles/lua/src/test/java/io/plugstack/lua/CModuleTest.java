package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A C module found on package.cpath loads and calls back into liblua (LuaJava's loadAsGlobal, Slurm's
 * RTLD_GLOBAL). The module is compiled here with gcc and declares the one Lua API function it uses
 * itself, so no Lua headers are needed; skipped when gcc is absent.
 */
class CModuleTest {

    @TempDir
    Path dir;

    @Test
    void requireLoadsACModuleFromCpath() throws Exception {
        Path src = dir.resolve("probe.c");
        Files.writeString(src, "typedef struct lua_State lua_State;\n"
                + "extern void lua_pushnumber(lua_State *L, double n);\n"
                + "int luaopen_probe(lua_State *L) { lua_pushnumber(L, 42.5); return 1; }\n");
        Process gcc;
        try {
            gcc = new ProcessBuilder("gcc", "-shared", "-fPIC", "-o", dir.resolve("probe.so").toString(), src.toString())
                    .inheritIO().start();
        } catch (java.io.IOException e) {
            assumeTrue(false, "gcc not available: " + e.getMessage());
            return;
        }
        assumeTrue(gcc.waitFor(60, TimeUnit.SECONDS) && gcc.exitValue() == 0, "gcc could not build the probe module");
        String result = new LuaHarness(dir).eval("(function() package.cpath = '" + dir + "/?.so;' .. package.cpath "
                + "return require('probe') end)()");
        assertThat(result).isEqualTo("42.5");
    }
}
