package io.plugstack.lua;

import java.util.function.Consumer;

import party.iroiro.luajava.Lua;
import party.iroiro.luajava.LuaException;

/**
 * One call of a script's global function with Slurm's outcome rules (JSL-11, JSL-14, CLI-42): the
 * function may be missing (nil: the call is skipped), raise an error, or return; a number (or numeric
 * string, lua_isnumber) is the rc truncated to int, anything else is "non-numeric".
 *
 * @param outcome what happened
 * @param rc      the returned number as an int (0 unless {@link Outcome#NUMBER})
 * @param error   the Lua error text ({@link Outcome#ERROR} only), "path:LINE: message"
 */
public record LuaCall(Outcome outcome, int rc, String error) {

    public enum Outcome {
        /** The global is not a function (removed at run time): skipped. */
        MISSING,
        /** A Lua error was raised. */
        ERROR,
        /** The first result is a number or numeric string. */
        NUMBER,
        /** The first result is nil, none, a boolean, a table... */
        NON_NUMBER
    }

    /** Calls global {@code fn} with what {@code args} pushes, asking for one result. */
    public static LuaCall invoke(Lua L, String fn, Consumer<Lua> args) {
        L.getGlobal(fn);
        if (!L.isFunction(-1)) {
            L.pop(1);
            return new LuaCall(Outcome.MISSING, 0, null);
        }
        LuaGuard.naming(fn);
        int base = L.getTop();
        args.accept(L);
        try {
            L.pCall(L.getTop() - base, 1);
        } catch (LuaException e) {
            return new LuaCall(Outcome.ERROR, 0, e.getMessage());
        }
        if (L.isNumber(-1)) {
            return new LuaCall(Outcome.NUMBER, (int) L.toNumber(-1), null);
        }
        return new LuaCall(Outcome.NON_NUMBER, 0, null);
    }
}
