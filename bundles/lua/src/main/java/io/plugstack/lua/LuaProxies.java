package io.plugstack.lua;

import java.util.Locale;

import party.iroiro.luajava.JFunction;
import party.iroiro.luajava.Lua;

/**
 * Helpers for the proxy tables Slurm gives scripts (job_desc, options, ...): a host setter cannot raise
 * a Lua error with an exact message through JNI, so {@code __newindex} is a small Lua function that calls
 * the host setter with (key, value) and raises the text it returns, at the caller's level (so the
 * message names the script's line).
 */
public final class LuaProxies {

    private static final String RAISING_SETTER = "local set = ... return function(t, k, v) "
            + "local err = set(k, v) if err then error(err, 2) end end";

    private LuaProxies() {
    }

    /**
     * Registers metatable {@code name} in a fresh state: {@code __index} is {@code index} (gets the proxy
     * and the key), {@code __newindex} raises what {@code setter} returns (null: no __newindex, the proxy
     * is read-only to the host and writes land in the empty table, as with Slurm's read-only proxies).
     */
    public static void registerMetatable(Lua L, String name, JFunction index, JFunction setter) {
        L.newRegisteredMetatable(name);
        L.push(index);
        L.setField(-2, "__index");
        if (setter != null) {
            pushRaisingSetter(L, setter);
            L.setField(-2, "__newindex");
        }
        L.pop(1);
    }

    /** Pushes a new empty table with registered metatable {@code name}: {@code pairs} over it yields nothing. */
    public static void pushProxy(Lua L, String name) {
        L.createTable(0, 0);
        L.getRegisteredMetatable(name);
        L.setMetatable(-2);
    }

    /** Pushes a __newindex function over {@code setter}, which gets (key, value) and pushes nil or an error text. */
    public static void pushRaisingSetter(Lua L, JFunction setter) {
        L.load(RAISING_SETTER);
        L.push(setter);
        L.pCall(1, 1);
    }

    /** luaL_checkstring/checknumber's message for the value at {@code idx}, as the third argument of __newindex. */
    public static String badArgument(Lua L, int idx, String expected) {
        String got = L.isNone(idx) ? "no value" : L.type(idx).toString().toLowerCase(Locale.ROOT);
        return "bad argument #3 to '__newindex' (" + expected + " expected, got " + got + ")";
    }
}
