package io.plugstack.lua;

/** The call limits in Lua 5.1 (no __gc on tables: the collector sentinel is a newproxy). */
class LuaLimits51Test extends LuaLimitsContract {

    @Override
    LuaVersion version() {
        return LuaVersion.LUA_5_1;
    }
}
