package io.plugstack.lua;

/** {@link ActingForAUserContract} in Lua 5.1 (its own JVM: one global Lua per JVM). */
class ActingForAUser51Test extends ActingForAUserContract {
    @Override
    LuaVersion version() {
        return LuaVersion.LUA_5_1;
    }
}
