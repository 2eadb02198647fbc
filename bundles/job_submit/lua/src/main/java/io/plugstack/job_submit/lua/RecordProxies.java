package io.plugstack.job_submit.lua;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

import io.plugstack.lua.LuaProxies;
import party.iroiro.luajava.Lua;

/**
 * Read-only proxies over host records, as job_submit_lua.c builds {@code job_rec}, {@code slurm.jobs},
 * {@code slurm.reservations} and {@code part_list}: each proxy is an empty table (pairs yields nothing) whose own
 * metatable carries the record's key ({@code _job_rec_ptr}/{@code _resv_ptr} in Slurm) and a shared
 * {@code __index} that looks the named field up in the record. Numbers are pushed as lua_pushnumber
 * does, booleans as lua_pushboolean, lists as 1-indexed tables, null as nil.
 *
 * @param <T> the record type
 */
final class RecordProxies<T> {

    private final String meta;
    /** A record's field by name: a String, Long, Boolean, List or null (nil). */
    private final BiFunction<T, String, Object> field;
    private final Map<String, T> records = new HashMap<>();

    RecordProxies(String meta, BiFunction<T, String, Object> field) {
        this.meta = meta;
        this.field = field;
    }

    /** Proxies whose fields are {@code fields}' getters; other names read nil. */
    static <T> RecordProxies<T> of(String meta, Map<String, Function<T, Object>> fields) {
        return new RecordProxies<>(meta, (record, name) -> {
            Function<T, Object> f = fields.get(name);
            return f == null ? null : f.apply(record);
        });
    }

    void install(Lua L) {
        LuaProxies.registerMetatable(L, meta, this::index, null);
    }

    /** Forgets the records of the last call (a new call pushes its own). */
    void clear() {
        records.clear();
    }

    /** Pushes one proxy over {@code record}, known by {@code key}. */
    void push(Lua L, String key, T record) {
        records.put(key, record);
        L.createTable(0, 0);
        L.createTable(0, 2);
        L.getRegisteredMetatable(meta);
        L.getField(-1, "__index");
        L.setField(-3, "__index");
        L.pop(1);
        L.push(key);
        L.setField(-2, "_key");
        L.setMetatable(-2);
    }

    /** Pushes a table of proxies keyed by each record's {@code key} (job id, reservation or partition name). */
    void pushTable(Lua L, List<T> all, Function<T, String> key) {
        L.createTable(0, all.size());
        for (T r : all) {
            String k = key.apply(r);
            push(L, k, r);
            L.setField(-2, k);
        }
    }

    /** Sets {@code slurm[name]} to {@link #pushTable}'s table. */
    void setGlobalTable(Lua L, String name, List<T> all, Function<T, String> key) {
        L.getGlobal("slurm");
        pushTable(L, all, key);
        L.setField(-2, name);
        L.pop(1);
    }

    private int index(Lua L) {
        String key = null;
        if (L.getMetatable(1) != 0) {
            L.getField(-1, "_key");
            key = L.toString(-1);
            L.pop(2);
        }
        T record = key == null ? null : records.get(key);
        push(L, record == null || !L.isString(2) ? null : field.apply(record, L.toString(2)));
        return 1;
    }

    private static void push(Lua L, Object v) {
        if (v instanceof String s) {
            L.push(s);
        } else if (v instanceof Long n) {
            L.push((double) n);
        } else if (v instanceof Boolean b) {
            L.push(b);
        } else if (v instanceof List<?> items && !items.isEmpty()) {
            L.createTable(items.size(), 0);
            for (int i = 0; i < items.size(); i++) {
                L.push(String.valueOf(items.get(i)));
                L.rawSetI(-2, i + 1);
            }
        } else {
            L.pushNil();
        }
    }
}
