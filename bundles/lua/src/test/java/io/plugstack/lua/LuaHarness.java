package io.plugstack.lua;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.testkit.RecordingLogger;
import party.iroiro.luajava.Lua;

/** A script with the common slurm table only, evaluated in the real C Lua. */
final class LuaHarness {

    /** A Lua chunk defining d(v): prints a value with sorted keys, numbers with their math.type (5.3+). */
    static final String DUMP = "local function d(v) if type(v) ~= 'table' then return type(v) == 'string' and string.format('%q', v)"
            + " or (math.type(v) or type(v)) .. ':' .. tostring(v) end local ks = {} for k in pairs(v) do ks[#ks + 1] = k end"
            + " table.sort(ks, function(a, b) if type(a) ~= type(b) then return type(a) < type(b) end return tostring(a) < tostring(b) end)"
            + " local o = {} for _, k in ipairs(ks) do o[#o + 1] = (type(k) == 'number' and '#' or '') .. tostring(k) .. '=' .. d(v[k]) end"
            + " return '{' .. table.concat(o, ',') .. '}' end\n";

    final RecordingLogger log = new RecordingLogger("test/lua");
    private final Path dir;

    LuaHarness(Path dir) {
        this.dir = dir;
    }

    /** The lines the script logged through slurm.log* (the loader's own lines left out). */
    List<String> scriptLines() {
        return log.lines().stream().filter(l -> l.contains(" lua: ")).toList();
    }

    /** What {@code expr} gives as tostring, in a fresh Lua 5.4 state with the slurm table. */
    String eval(String expr) {
        return eval(LuaVersion.LUA_5_4, expr);
    }

    String eval(LuaVersion version, String expr) {
        return eval(version, SlurmVersion.builtFor(), expr);
    }

    /** The same, with the slurm table of Slurm {@code release}. */
    String eval(SlurmVersion release, String expr) {
        return eval(LuaVersion.LUA_5_4, release, expr);
    }

    /** The same, in Lua {@code version} with the slurm table of Slurm {@code release}. */
    String eval(LuaVersion version, SlurmVersion release, String expr) {
        return run(OnBehalfOf.thisProcess(), version, release, "return tostring(" + expr + ")");
    }

    /** What {@code body} (statements ending in a return) returns as tostring, in Lua {@code version} at Slurm {@code release}. */
    String run(LuaVersion version, SlurmVersion release, String body) {
        return run(OnBehalfOf.thisProcess(), version, release, body);
    }

    /**
     * What {@code body} (statements ending in a return) returns as tostring, called for {@code user}
     * (the script loaded as the runtime); {@code all(...)} joins any results with "|".
     */
    String runAs(OnBehalfOf user, LuaVersion version, String body) {
        return run(user, version, SlurmVersion.builtFor(), body);
    }

    private String run(OnBehalfOf user, LuaVersion version, SlurmVersion release, String body) {
        try {
            Path file = dir.resolve("probe.lua");
            Files.writeString(file, "local function all(...) local t = {} for i = 1, select('#', ...) do "
                    + "t[i] = tostring((select(i, ...))) end return table.concat(t, '|') end\n"
                    + "function probe()\n" + body + "\nend\n");
            SlurmTable slurm = new SlurmTable(log, "tux",
                    q -> q.equals("high") ? OptionalLong.of(100) : OptionalLong.empty(), release);
            try (LuaScript s = new LuaScript(file, "test/lua", version, List.of("probe"), L -> slurm.install(L, version), log)) {
                if (s.load().isPresent()) {
                    throw new AssertionError("load failed: " + log.lines());
                }
                return s.call(user, (Lua L) -> {
                    LuaCall c = LuaCall.invoke(L, "probe", l -> { });
                    return c.outcome() == LuaCall.Outcome.ERROR ? "error: " + c.error() : L.toString(-1);
                }).orElseThrow();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
