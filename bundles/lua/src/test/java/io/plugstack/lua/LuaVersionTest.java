package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The plugstack.lua.version setting. */
class LuaVersionTest {

    @Test
    void unsetMeansLua54() {
        assertThat(LuaVersion.parse(null)).isEqualTo(LuaVersion.LUA_5_4);
    }

    @Test
    void acceptsSpellings() {
        assertThat(LuaVersion.parse("Lua 5.1")).isEqualTo(LuaVersion.LUA_5_1);
        assertThat(LuaVersion.parse("54")).isEqualTo(LuaVersion.LUA_5_4);
    }

    @Test
    void lua53IsRefusedNamingTheMissingNatives() {
        assertThatThrownBy(() -> LuaVersion.parse("5.3")).hasMessageContaining("plugstack.lua.version=5.3")
                .hasMessageContaining("Lua 5.3 is not available");
    }

    @Test
    void garbageIsRefused() {
        assertThatThrownBy(() -> LuaVersion.parse("6")).hasMessageContaining("not a Lua version");
    }
}
