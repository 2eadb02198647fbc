package io.plugstack.lua;

/** {@link ActingForAUserContract} in Lua 5.4. */
class ActingForAUser54Test extends ActingForAUserContract {
    @Override
    LuaVersion version() {
        return LuaVersion.LUA_5_4;
    }
}
