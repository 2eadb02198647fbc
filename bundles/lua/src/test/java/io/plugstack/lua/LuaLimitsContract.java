package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.testkit.RecordingLogger;

/**
 * The call limits inside a real C Lua state, for one Lua version (a subclass per version: one global
 * Lua per JVM). Runaway calls must stop, as Lua errors naming the function and the limit, and the next
 * call must be served; a JUnit timeout bounds each test should a stop fail.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
abstract class LuaLimitsContract {

    static final LuaLimits LIMITS = new LuaLimits(1000, LuaLimits.JOB_SUBMIT_TIMEOUT, 16);

    @TempDir
    Path dir;
    final RecordingLogger log = new RecordingLogger("job_submit/lua");
    LuaScript script;

    abstract LuaVersion version();

    @BeforeEach
    void noScriptYet() {
        script = null;
    }

    @AfterEach
    void close() {
        if (script != null) {
            script.close();
        }
    }

    /** Loads {@code lua} (which must define {@code f}) under {@link #LIMITS}. */
    void load(String lua) throws IOException {
        Path file = dir.resolve("job_submit.lua");
        Files.writeString(file, lua);
        script = new LuaScript(file, "job_submit/lua", version(), List.of("f"), L -> { }, log, LIMITS);
        assertThat(script.load()).isEmpty();
    }

    /** Calls f(arg): its error text, or its result as a string. */
    String call(String arg) {
        return script.call(L -> {
            LuaCall c = LuaCall.invoke(L, "f", l -> l.push(arg));
            return c.outcome() == LuaCall.Outcome.ERROR ? "error: " + c.error() : L.toString(-1);
        }).orElse("no state");
    }

    static final String TIME = "f exceeded its time limit of 1000 ms (plugstack.jobsubmit.call.timeout.ms)";
    static final String MEMORY = "f exceeded the Lua memory limit of 16 MB, using ";

    @Test
    void aLoopForEverFailsAtTheLimitNamingTheLineAndTheNextCallIsServedWithItsGlobals() throws Exception {
        load("calls = 0\nfunction f(x)\n  calls = calls + 1\n  if x == 'spin' then\n    while true do end\n  end\n"
                + "  return x .. calls\nend\n");
        assertThat(call("a")).isEqualTo("a1");
        assertThat(call("spin")).isEqualTo("error: " + dir.resolve("job_submit.lua") + ":5: " + TIME);
        assertThat(call("b")).isEqualTo("b3"); // the same state: a stopped call is an ordinary runtime error
    }

    @Test
    void aScriptsOwnPcallCannotSwallowTheStop() throws Exception {
        load("function f(x)\n  while true do pcall(function() while true do end end) end\nend\n");
        assertThat(call("x")).startsWith("error: ").endsWith(TIME);
        load("function f(x)\n  while true do xpcall(function() while true do end end, function(e) while true do end end) end\nend\n");
        assertThat(call("x")).startsWith("error: ").contains(TIME);
    }

    @Test
    void loopsInsideCoroutinesStop() throws Exception {
        load("function f(x)\n  if x == 'wrap' then coroutine.wrap(function() while true do end end)() end\n"
                + "  local co = coroutine.create(function() while true do end end)\n"
                + "  local ok, err = coroutine.resume(co)\n  return 'resumed: ' .. tostring(err)\nend\n");
        assertThat(call("wrap")).startsWith("error: ").endsWith(TIME);
        // the coroutine dies of it; the caller goes on, and is stopped in turn if it keeps running
        assertThat(call("create")).endsWith(TIME);
    }

    @Test
    void loopsInLuaCallbacksOfASingleCCallStop() throws Exception {
        load("function f(x)\n  local t = {3, 1, 2}\n"
                + "  if x == 'sort' then table.sort(t, function(a, b) while true do end end) end\n"
                + "  if x == 'gsub' then string.gsub('abc', '%w', function(c) while true do end end) end\n  return 'done'\nend\n");
        assertThat(call("sort")).startsWith("error: ").endsWith(TIME);
        assertThat(call("gsub")).startsWith("error: ").endsWith(TIME);
        assertThat(call("none")).isEqualTo("done");
    }

    @Test
    void growingWithoutBoundFailsAtTheMemoryLimitAndTheStateIsLoadedAgain() throws Exception {
        load("calls = 0\nfunction f(x)\n  calls = calls + 1\n"
                + "  if x == 'hog' then hoard = {} while true do hoard[#hoard + 1] = {} end end\n  return x .. calls\nend\n");
        assertThat(call("a")).isEqualTo("a1");
        assertThat(call("hog")).startsWith("error: " + dir.resolve("job_submit.lua") + ":4: " + MEMORY);
        assertThat(log.lines()).anyMatch(l -> l.contains("Lua state over its memory limit of 16 MB: thrown away"));
        assertThat(call("b")).isEqualTo("b1"); // a fresh state: calls started again, hoard is gone
    }

    @Test
    void aStringDoublingAtEachInstructionStopsNearTheLimit() throws Exception {
        // one instruction doubles what the state holds: the collector's cycles bring the check forward
        load("function f(x)\n  local s = 'x'\n  while true do s = s .. s end\nend\n");
        String error = call("x");
        assertThat(error).startsWith("error: " + dir.resolve("job_submit.lua") + ":3: f exceeded the Lua memory limit of 16 MB, using ");
        assertThat(Long.parseLong(error.replaceAll(".*, using (\\d+) MB.*", "$1"))).isLessThan(4 * 16);
    }

    @Test
    void aMainChunkLoopingForEverFailsTheLoad() throws IOException {
        Path file = dir.resolve("job_submit.lua");
        Files.writeString(file, "while true do end\nfunction f() end\n");
        script = new LuaScript(file, "job_submit/lua", version(), List.of("f"), L -> { }, log, LIMITS);
        assertThat(script.load()).hasValueSatisfying(
                why -> assertThat(why).endsWith("main chunk exceeded its time limit of 1000 ms (plugstack.jobsubmit.call.timeout.ms)"));
    }

    @Test
    void aWellBehavedScriptIsUnaffected() throws Exception {
        load("kept = {}\nfunction f(x)\n"
                + "  for i = 1, 200000 do local t = {i, tostring(i)} end\n" // garbage well past 16 MB in total
                + "  kept[#kept + 1] = string.rep('k', 1024 * 1024)\n" // 1 MB kept per call
                + "  local co = coroutine.create(function(a) local b = coroutine.yield(a + 1) return b * 2 end)\n"
                + "  local _, one = coroutine.resume(co, 1) local _, two = coroutine.resume(co, 5)\n"
                + "  local gen = coroutine.wrap(function() coroutine.yield('w') end)\n"
                + "  local t = {3, 1, 2} table.sort(t, function(a, b) return a > b end)\n"
                + "  local okc, bad = pcall(coroutine.create, 42)\n"
                + "  return table.concat({#kept, one, two, gen(), t[1], tostring(okc), bad}, ' ')\nend\n");
        for (int i = 1; i <= 5; i++) {
            assertThat(call("x")).isEqualTo(i + " 2 10 w 3 false bad argument #1 to 'create' (function expected, got number)");
        }
        assertThat(log.lines()).noneMatch(l -> l.contains("limit"));
    }

    @Test
    void theHookIsBackAtTheNextCallWhenAScriptRemovesIt() throws Exception {
        load("function f(x)\n  debug.sethook()\n  if x == 'spin' then while true do end end\n  return 'off'\nend\n");
        assertThat(call("x")).isEqualTo("off");
        // removed by the script within this call: only what the script does before removing it is bounded
        load("function f(x)\n  if x == 'spin' then while true do end end\n  debug.sethook()\n  return 'off'\nend\n");
        assertThat(call("x")).isEqualTo("off");
        assertThat(call("spin")).startsWith("error: ").endsWith(TIME);
    }
}
