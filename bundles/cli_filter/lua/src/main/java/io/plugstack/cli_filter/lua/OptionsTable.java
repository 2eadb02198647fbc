package io.plugstack.cli_filter.lua;

import java.util.List;
import java.util.Map;

import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.lua.LuaProxies;
import party.iroiro.luajava.Lua;

/**
 * The {@code options} proxy (CLI-43): {@code options[name]} is the option's value as Slurm's getter
 * renders it (a string) or nil; special keys argv and spank_job_env (1-indexed), spank (plugin →
 * option → value) and type. Assigning a string or number calls the option's setter (numbers become
 * strings by Lua's own rules, "8.0" for a 5.4 float); a failing setter or an unknown name is
 * silently ignored, and the early/late pass is the options object's business.
 */
final class OptionsTable {

    static final String META = "plugstack.cli_options";

    private CliOptions current;

    void install(Lua L) {
        LuaProxies.registerMetatable(L, META, this::index, this::newIndex);
    }

    /** Pushes a proxy over {@code options}; it stays current until the next push. */
    void push(Lua L, CliOptions options) {
        current = options;
        LuaProxies.pushProxy(L, META);
    }

    /** The options of the last push (json_cli_options reads them). */
    CliOptions current() {
        return current;
    }

    private int index(Lua L) {
        String key = L.isString(2) ? L.toString(2) : null;
        if (key == null || current == null) {
            L.pushNil();
            return 1;
        }
        switch (key) {
            case "argv":
                pushOneIndexed(L, current.argv());
                break;
            case "spank_job_env":
                pushOneIndexed(L, current.spankJobEnv());
                break;
            case "type":
                L.push(current.command().slurmName());
                break;
            case "spank":
                pushSpank(L, current.spank());
                break;
            default:
                String v = current.get(key).orElse(null);
                if (v == null) {
                    L.pushNil();
                } else {
                    L.push(v);
                }
        }
        return 1;
    }

    private static void pushOneIndexed(Lua L, List<String> items) {
        L.createTable(items.size(), 0);
        for (int i = 0; i < items.size(); i++) {
            L.push(items.get(i));
            L.rawSetI(-2, i + 1);
        }
    }

    private static void pushSpank(Lua L, Map<String, Map<String, String>> spank) {
        L.createTable(0, spank.size());
        spank.forEach((plugin, opts) -> {
            L.createTable(0, opts.size());
            opts.forEach((name, value) -> {
                if (value != null && !"unset".equals(value)) {
                    L.push(value);
                    L.setField(-2, name);
                }
            });
            L.setField(-2, plugin);
        });
    }

    /** __newindex(t, k, v) with (k, v) here: nil, or an error text for a value that is not a string. */
    private int newIndex(Lua L) {
        if (!L.isString(2)) { // strings and numbers
            L.push(LuaProxies.badArgument(L, 2, "string"));
            return 1;
        }
        if (current != null && L.isString(1)) {
            current.set(L.toString(1), L.toString(2)); // false (unknown name, bad value) is ignored, as in Slurm
        }
        L.pushNil();
        return 1;
    }
}
