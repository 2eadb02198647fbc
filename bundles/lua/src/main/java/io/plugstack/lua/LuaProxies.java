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
