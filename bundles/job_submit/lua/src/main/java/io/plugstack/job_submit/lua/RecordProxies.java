package io.plugstack.job_submit.lua;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import party.iroiro.luajava.Lua;

/**
 * Read-only proxies over host records, as job_submit_lua.c builds {@code job_rec}, {@code slurm.jobs}
 * and {@code slurm.reservations}: each proxy is an empty table (pairs yields nothing) whose own
 * metatable carries the record's key ({@code _job_rec_ptr}/{@code _resv_ptr} in Slurm) and a shared
 * {@code __index} that looks the named field up in the record. Numbers are pushed as lua_pushnumber
 * does, booleans as lua_pushboolean, lists as 1-indexed tables, null as nil.
 *
 * @param <T> the record type
 */
final class RecordProxies<T> {

    private final String meta;
    private final Map<String, Function<T, Object>> fields;
    private final Map<String, T> records = new HashMap<>();

    RecordProxies(String meta, Map<String, Function<T, Object>> fields) {
        this.meta = meta;
        this.fields = fields;
    }

    void install(Lua L) {
        L.newRegisteredMetatable(meta);
        L.push(this::index);
        L.setField(-2, "__index");
        L.pop(1);
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

    /** Sets {@code slurm[name]} to a table of proxies keyed by each record's {@code key} (job id, reservation name). */
    void setGlobalTable(Lua L, String name, List<T> all, Function<T, String> key) {
        L.getGlobal("slurm");
        L.createTable(0, all.size());
        for (T r : all) {
            String k = key.apply(r);
            push(L, k, r);
            L.setField(-2, k);
        }
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
        Function<T, Object> f = L.isString(2) ? fields.get(L.toString(2)) : null;
        push(L, f == null || record == null ? null : f.apply(record));
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
