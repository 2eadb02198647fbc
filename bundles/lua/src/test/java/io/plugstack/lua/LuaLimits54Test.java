package io.plugstack.lua;

/** The call limits in Lua 5.4. */
class LuaLimits54Test extends LuaLimitsContract {

    @Override
    LuaVersion version() {
        return LuaVersion.LUA_5_4;
    }
}
