package io.plugstack.lua;

import party.iroiro.luajava.Lua;

/**
 * {@link LuaLimits} inside one Lua state ({@code limits.lua}): a count hook, every {@value #EVERY}
 * instructions on every thread of the state, fails the running call with a Lua error once it is past
 * its deadline or the state past its memory limit. The error is an ordinary Lua runtime error where the
 * script is, so the plugin's rule for a failing function applies unchanged. LuaJava exposes neither
 * lua_sethook nor the allocator, hence a Lua-side hook calling back here.
 *
 * <p>Used under the script's lock only: one call at a time, on the caller's thread.
 */
final class LuaGuard {

    /** Often enough to stop within a fraction of a millisecond of work, rare enough that one call back here is lost in it. */
    static final int EVERY = 10_000;

    /** The guard armed on this thread, so {@link LuaCall} can name the function it runs. */
    private static final ThreadLocal<LuaGuard> ARMED = new ThreadLocal<>();

    private final LuaLimits limits;
    private final Lua lua;
    /** The registry reference of limits.lua's arm(). */
    private int arm;
    private long deadline;
    private boolean armed;
    private String running;
    private boolean overMemory;

    private LuaGuard(Lua lua, LuaLimits limits) {
        this.lua = lua;
        this.limits = limits;
    }

    /** Installs the hook in a fresh state, before any other code runs in it. */
    static LuaGuard install(Lua L, LuaVersion version, LuaLimits limits) {
        LuaGuard guard = new LuaGuard(L, limits);
        L.load(LuaResources.read("limits.lua"), "=limits");
        L.push(guard::check);
        L.push(EVERY);
        L.push(limits.memoryMb() == 0 ? Double.POSITIVE_INFINITY : limits.memoryMb() * 1024.0);
        L.push(version == LuaVersion.LUA_5_1);
        L.pCall(4, 1);
        guard.arm = L.ref();
        return guard;
    }

    /** Starts the clock for one call ({@code what}: "main chunk", then the function {@link #naming} names). */
    void arm(String what) {
        deadline = System.nanoTime() + limits.stopAfterMs() * 1_000_000;
        running = what;
        overMemory = false;
        armed = true;
        ARMED.set(this);
        lua.refGet(arm); // the hook again, in case the script replaced or removed it during an earlier call
        lua.pCall(0, 0);
    }

    void disarm() {
        armed = false;
        ARMED.remove();
    }

    /** The global function a call runs, for the limit's message. */
    static void naming(String function) {
        LuaGuard g = ARMED.get();
        if (g != null) {
            g.running = function;
        }
    }

    /**
     * How long the call running on this thread has before its stop, for the host's own waits (a helper
     * process): Long.MAX_VALUE when no call is armed or it has no time limit.
     */
    static long nanosLeft() {
        LuaGuard g = ARMED.get();
        if (g == null || !g.armed || g.limits.timeoutMs() == 0) {
            return Long.MAX_VALUE;
        }
        return g.deadline - System.nanoTime();
    }

    /** Whether the last call stopped on the memory limit: the state still holds it and must go. */
    boolean overMemory() {
        return overMemory;
    }

    /** check(kb) from the hook: nil to go on, else the error to raise. */
    private int check(Lua l) {
        String why = null;
        double kb = l.toNumber(1);
        if (limits.memoryMb() > 0 && kb > limits.memoryMb() * 1024.0) {
            overMemory = true;
            why = running + " exceeded the Lua memory limit of " + limits.memoryMb() + " MB, using " + Math.round(kb / 1024)
                    + " MB (" + LuaLimits.MEMORY + ")";
        } else if (armed && limits.timeoutMs() > 0 && System.nanoTime() - deadline > 0) {
            why = running + " exceeded its time limit of " + limits.timeoutMs() + " ms"
                    + (limits.timeoutSource() == null ? "" : " (" + limits.timeoutSource() + ")");
        }
        if (why == null) {
            return 0;
        }
        l.push(why);
        return 1;
    }
}
