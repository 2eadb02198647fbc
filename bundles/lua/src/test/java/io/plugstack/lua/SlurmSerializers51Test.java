package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.plugin.SlurmVersion;

/**
 * The serializer functions under Lua 5.1 (its own JVM: one Lua version per JVM). slurm_lua.c's
 * integer branches are compiled out below 5.3: every number is a double, and a number key goes
 * through lua_tolstring, which turns it into a string on the stack; the next lua_next then fails.
 */
class SlurmSerializers51Test {

    @TempDir
    Path dir;
    LuaHarness lua;

    @BeforeEach
    void setUp() {
        lua = new LuaHarness(dir);
    }

    private String run(String body) {
        return lua.run(LuaVersion.LUA_5_1, SlurmVersion.parse("26.05.3"), body);
    }

    @Test
    void everyNumberIsAFloat() {
        assertThat(run("return slurm.to_json({n = 1}) .. slurm.to_yaml(2)")).isEqualTo("{\n  \"n\": 1.0\n}%YAML 1.1\n--- !!float 2.000000\n...\n");
    }

    @Test
    void aTableWithNumberKeysRaisesLuasInvalidKeyError() {
        assertThat(run("local ok, e = pcall(slurm.to_json, {1, 2}) return e")).isEqualTo("invalid key to 'next'");
    }

    @Test
    void parsedIntegersArePlainNumbers() {
        assertThat(run("local t = slurm.from_json('[1, 2.5]') return t[1] .. ' ' .. t[2] .. ' ' .. #t")).isEqualTo("1 2.5 2");
    }
}
