package io.plugstack.lua;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import party.iroiro.luajava.Lua;
import party.iroiro.luajava.LuaException;

/**
 * Lua values to and from {@link SlurmData}, as src/lua/slurm_lua.c does it in Slurm 26.05
 * ({@code slurm_lua_to_data}: {@code _to_data}, {@code _lua_to_data}, {@code _dump_table},
 * {@code _foreach_table_row}, {@code _dump_string}; {@code slurm_lua_from_data}: {@code _from_data}),
 * run on the real Lua stack step by step so that what C Lua does along the way happens here too:
 * <ul>
 * <li>nil is null; a 5.3+ integer is an int64, any other number a double (under 5.1 every number);
 * booleans and strings as they are (a string ends at its first NUL); a value whose metatable has a
 * {@code __metatable} field, a function, userdata or thread is ESLURM_LUA_INVALID_CONVERSION_TYPE;
 * deeper than MAX_DEPTH 16 (the value itself at depth 0) likewise.</li>
 * <li>A table is walked with {@code lua_next}: integer keys become "%ld" keys, other keys go through
 * {@code lua_tolstring} (in place: a float key, and under 5.1 every number key, becomes a string on
 * the stack), or the key's {@code __tostring}. The table is a list when its keys, in traversal order,
 * are 1, 2, 3... (an empty table too), otherwise a dictionary in traversal order.</li>
 * <li>Slurm's loop calls {@code lua_next} again after a failed row with whatever is then on top of
 * the stack as the key: a failure inside a table (and a converted number key) therefore reaches the
 * script as Lua's own "invalid key to 'next'", not as the conversion error. That call is checked
 * here first: when Lua would raise, {@link Raise} carries the message instead (lua_next is never
 * called with a key it would reject: no Lua error unwinds through the JNI frames).</li>
 * </ul>
 * Back to Lua: lists are 1-based sequences ({@code lua_rawseti}, a null leaves a hole), dictionaries
 * tables assigned key by key in order ({@code lua_setfield}; here lua_settable with the key pushed as
 * its bytes, the same assignment), both made by {@code lua_createtable(L, length, 0)}; ints
 * {@code lua_pushinteger}, doubles {@code lua_pushnumber}, null nil. Beyond Slurm, a conversion
 * stops at {@link #MAX_VALUES} values or {@link #MAX_BYTES} string bytes (a table reached twice is
 * converted twice: sixteen levels of shared tables would otherwise never end).
 */
final class LuaData {

    static final int MAX_DEPTH = 16;
    static final int MAX_VALUES = 1 << 20;
    static final long MAX_BYTES = 16L << 20;
    static final int ESLURM_LUA_INVALID_CONVERSION_TYPE = 7408;
    static final int ESLURM_DATA_TOO_LARGE = 9205;

    /** The Lua error Slurm's C code would raise as it is, not as a conversion failure. */
    static final class Raise extends Exception {
        private static final long serialVersionUID = 1L;

        Raise(String message) {
            super(message, null, false, false);
        }
    }

    /** Past {@link #MAX_VALUES} or {@link #MAX_BYTES}. */
    static final class TooLarge extends Exception {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super(null, null, false, false);
        }
    }

    private final Lua L;
    private final boolean integers;
    private int values;
    private long bytes;

    LuaData(Lua L, LuaVersion version) {
        this.L = L;
        this.integers = version.hasFloatSubtype();
    }

    /**
     * slurm_lua_to_data: the value on top of the stack. With no argument, lua_pushvalue(L, 0) reads
     * past the stack top, which real Lua 5.4 and 5.1 showed to be a non-convertible slot: refused.
     *
     * @return 0, or the error code (dst is then null)
     */
    int toData(SlurmData dst) throws Raise, TooLarge {
        int top = L.getTop();
        L.checkStack(8);
        if (top == 0) {
            return ESLURM_LUA_INVALID_CONVERSION_TYPE;
        }
        L.pushValue(top);
        int rc = luaToData(dst, L.getTop(), 0);
        if (rc != 0) {
            dst.setNull();
        }
        L.setTop(top);
        return rc;
    }

    private void count(long stringBytes) throws TooLarge {
        bytes += stringBytes;
        if (++values > MAX_VALUES || bytes > MAX_BYTES) {
            throw new TooLarge();
        }
    }

    /** _lua_to_data. */
    private int luaToData(SlurmData dst, int index, int depth) throws Raise, TooLarge {
        if (depth > MAX_DEPTH) {
            return ESLURM_LUA_INVALID_CONVERSION_TYPE;
        }
        if (L.getMetaField(index, "__metatable") != 0) {
            L.pop(1);
            return ESLURM_LUA_INVALID_CONVERSION_TYPE;
        }
        count(0);
        switch (L.type(index)) {
            case NONE, NIL -> dst.setNull();
            case NUMBER -> {
                if (integers && L.isInteger(index)) {
                    dst.setInt(L.toInteger(index));
                } else {
                    dst.setFloat(L.toNumber(index));
                }
            }
            case BOOLEAN -> dst.setBool(L.toBoolean(index));
            case STRING -> {
                String s = latin1(LuaBytes.of(L, index));
                count(s.length());
                dst.setString(s);
            }
            case TABLE -> {
                return dumpTable(dst, index, depth);
            }
            default -> {
                return ESLURM_LUA_INVALID_CONVERSION_TYPE;
            }
        }
        return 0;
    }

    private static String latin1(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    /** _dump_table: every row, then a list when the keys were 1..n. */
    private int dumpTable(SlurmData dst, int index, int depth) throws Raise, TooLarge {
        L.checkStack(8);
        dst.setDict();
        int[] lastKey = {0};
        int rc = 0;
        L.pushNil();
        while (true) { // while (lua_next(L, index) && !rc)
            if (!nextAccepts(index)) {
                throw new Raise("invalid key to 'next'");
            }
            if (L.next(index) == 0 || rc != 0) {
                break;
            }
            rc = row(dst, lastKey, depth);
        }
        if (rc == 0 && lastKey[0] >= 0) {
            dst.dictToList();
        }
        return rc;
    }

    /** Whether lua_next takes the key on top: nil, or a key the table holds (live: a dead key is refused here). */
    private boolean nextAccepts(int table) {
        if (L.isNil(-1)) {
            return true;
        }
        L.pushValue(-1);
        L.rawGet(table);
        boolean held = !L.isNil(-1);
        L.pop(1);
        return held;
    }

    /** _foreach_table_row: key at -2, value at -1; on failure the value stays on the stack, as in C. */
    private int row(SlurmData dst, int[] lastKey, int depth) throws Raise, TooLarge {
        int nkey = -1;
        SlurmData child = null;
        if (integers && L.type(-2) == Lua.LuaType.NUMBER && L.isInteger(-2)) {
            nkey = (int) L.toInteger(-2); // C's int: a key past 2^31 wraps, its "%ld" key too
            child = dst.keySet(Integer.toString(nkey));
        }
        if (child == null) {
            String key = dumpString(-2);
            if (key == null) {
                return ESLURM_LUA_INVALID_CONVERSION_TYPE;
            }
            count(key.length());
            child = dst.keySet(key);
            if (lastKey[0] >= 0) {
                nkey = (int) CNumbers.strtoul(SlurmData.cString(key));
            }
        }
        if (lastKey[0] >= 0) {
            lastKey[0] = nkey > 0 && lastKey[0] + 1 == nkey ? nkey : -1;
        }
        int rc = luaToData(child, L.getTop(), depth + 1);
        if (rc != 0) {
            return rc;
        }
        L.pop(1);
        return 0;
    }

    /**
     * _dump_string: lua_tolstring at {@code index} (a number becomes a string where it is), else the
     * value's __tostring (luaL_callmeta), after which {@code index} names the slot below the result.
     */
    private String dumpString(int index) throws Raise {
        Lua.LuaType type = L.type(index);
        if (type != Lua.LuaType.STRING && type != Lua.LuaType.NUMBER) {
            int obj = L.getTop() + index + 1;
            if (L.getMetaField(obj, "__tostring") == 0) {
                return null;
            }
            L.pushValue(obj);
            try {
                L.pCall(1, 1);
            } catch (LuaException e) {
                throw new Raise(e.getMessage());
            }
            type = L.type(index);
            if (type != Lua.LuaType.STRING && type != Lua.LuaType.NUMBER) {
                return null;
            }
        }
        return latin1(LuaBytes.of(L, index));
    }

    /** slurm_lua_from_data: pushes {@code d}. */
    void push(SlurmData d) {
        L.checkStack(4);
        switch (d.type()) {
            case NULL -> L.pushNil();
            case BOOL -> L.push(d.bool());
            case INT -> L.push(d.integer());
            case FLOAT -> L.push((Number) d.real());
            case STRING -> LuaBytes.push(L, d.string().getBytes(StandardCharsets.ISO_8859_1));
            case LIST -> {
                L.createTable(d.list().size(), 0);
                int t = L.getTop();
                int i = 1;
                for (SlurmData v : d.list()) {
                    push(v);
                    L.rawSetI(t, i++);
                }
            }
            case DICT -> {
                L.createTable(d.dict().size(), 0);
                int t = L.getTop();
                for (Map.Entry<String, SlurmData> e : d.dict().entrySet()) {
                    LuaBytes.push(L, e.getKey().getBytes(StandardCharsets.ISO_8859_1));
                    push(e.getValue());
                    L.setTable(t);
                }
            }
            default -> throw new IllegalStateException(d.type().toString());
        }
    }
}
