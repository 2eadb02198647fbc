package io.plugstack.lua;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

import io.plugstack.api.user.OnBehalfOf;
import party.iroiro.luajava.Lua;
import party.iroiro.luajava.LuaException;

/**
 * One site script and the Lua state running it, with slurm_lua.c's rules (JSL-3…JSL-8):
 * <ul>
 * <li>load: stat, a fresh state with every standard library, compile the file, the {@code slurm} table
 *     and plugin extras ({@link Setup}), run the chunk, its first result as a number (non-zero fails
 *     "returned &lt;rc&gt; on load"), then every required global function must exist;</li>
 * <li>before every call the file is stat'ed and reloaded only when its mtime (whole seconds) is strictly
 *     greater than that of the last <em>successful</em> load; a failed reload logs
 *     "&lt;plugin&gt;: &lt;reason&gt;, using previous script" and the old state keeps serving (and the
 *     next call tries again); a successful one replaces the whole state;</li>
 * <li>calls are serialised (one lock per script, as Slurm's mutex), so globals a script keeps survive
 *     between calls and LuaJava's non-thread-safe state is never shared;</li>
 * <li>each call, and each load's chunk, runs under {@link LuaLimits} ({@link LuaGuard}): past its time
 *     limit it fails as a Lua runtime error; past the memory limit it fails too and the state is thrown
 *     away, so the next call loads the script afresh (its globals lost, as on a reload) instead of
 *     meeting the same full state.</li>
 * </ul>
 */
public final class LuaScript implements AutoCloseable {

    /** Adds the {@code slurm} table and plugin-specific globals to a fresh state, before the chunk runs. */
    public interface Setup {
        void install(Lua L);
    }

    private final Path path;
    private final String plugin;
    private final LuaVersion version;
    private final List<String> required;
    private final Setup setup;
    private final Logger log;
    private final LuaLimits limits;
    private final ReentrantLock lock = new ReentrantLock();

    private Lua state;
    private HostLibrary host;
    private LuaGuard guard;
    private long loadedMtime = Long.MIN_VALUE;
    /** Whom the script acts as when no call names a user: its load, and {@link #call(Function)}. */
    private final OnBehalfOf owner;
    /** Whom io.popen, os.execute and the file functions act as during the current call (and a reload inside it). */
    private volatile OnBehalfOf caller;

    /**
     * @param path     the script (Slurm: job_submit.lua next to slurm.conf)
     * @param plugin   the plugin type, first word of every log line ("job_submit/lua")
     * @param required the global functions the script must define
     */
    public LuaScript(Path path, String plugin, LuaVersion version, List<String> required, Setup setup, Logger log) {
        this(path, plugin, version, required, setup, log, LuaLimits.fromFramework(plugin, log));
    }

    /** Acting as {@code owner} wherever no call names a user (see below), with the framework's limits. */
    public LuaScript(Path path, String plugin, LuaVersion version, List<String> required, Setup setup, Logger log,
            OnBehalfOf owner) {
        this(path, plugin, version, required, setup, log, LuaLimits.fromFramework(plugin, log), owner);
    }

    /** With explicit limits, rather than the framework's. */
    public LuaScript(Path path, String plugin, LuaVersion version, List<String> required, Setup setup, Logger log,
            LuaLimits limits) {
        this(path, plugin, version, required, setup, log, limits, OnBehalfOf.thisProcess());
    }

    /**
     * Acting as {@code owner} wherever no call names a user: job_submit/lua's SlurmUser (slurmctld loads
     * and calls its script as that user). The runtime's own user keeps C Lua's own functions.
     */
    public LuaScript(Path path, String plugin, LuaVersion version, List<String> required, Setup setup, Logger log,
            LuaLimits limits, OnBehalfOf owner) {
        this.owner = owner;
        this.caller = owner;
        this.limits = limits;
        this.path = path;
        this.plugin = plugin;
        this.version = version;
        this.required = List.copyOf(required);
        this.setup = setup;
        this.log = log;
    }

    public Path path() {
        return path;
    }

    public LuaVersion version() {
        return version;
    }

    /**
     * The first load (plugin init). Empty when it worked, else why (already logged): the plugin must then
     * refuse to start, as slurmctld fatals on an invalid script (JSL-4).
     */
    public Optional<String> load() {
        lock.lock();
        try {
            return tryLoad();
        } finally {
            lock.unlock();
        }
    }

    /** A plugin's init(): 0 (SLURM_SUCCESS) when the script loaded, else -1 (SLURM_ERROR). */
    public int init() {
        return load().isEmpty() ? 0 : -1;
    }

    /**
     * Runs {@code body} on the script's state under the script's lock, after the mtime check (and a
     * reload when the file moved on). Empty when there is no state at all (never loaded).
     */
    public <T> Optional<T> call(Function<Lua, T> body) {
        return call(owner, body);
    }

    /**
     * {@link #call(Function)} for {@code user}: the script's io.popen and os.execute, and its file
     * access (in a runtime running as root), act as that user (cli_filter/lua runs in the user's own
     * command in Slurm).
     */
    public <T> Optional<T> call(OnBehalfOf user, Function<Lua, T> body) {
        lock.lock();
        caller = user;
        try {
            reloadIfChanged();
            if (state == null) {
                return Optional.empty();
            }
            int top = state.getTop();
            try {
                guard.arm("call");
                return Optional.ofNullable(body.apply(state));
            } finally {
                guard.disarm();
                state.setTop(top);
                if (guard.overMemory()) {
                    log.log(Level.ERROR, plugin + ": " + path + ": Lua state over its memory limit of " + limits.memoryMb()
                            + " MB: thrown away, the script is loaded again at the next call");
                    closeState();
                }
            }
        } finally {
            caller = owner;
            lock.unlock();
        }
    }

    private void reloadIfChanged() {
        long mtime;
        try {
            mtime = Files.getLastModifiedTime(path).toMillis() / 1000;
        } catch (IOException e) {
            mtime = Long.MAX_VALUE; // cannot stat: try (and fail) to load, which logs why
        }
        if (state == null || mtime > loadedMtime) {
            tryLoad();
        }
    }

    private Optional<String> tryLoad() {
        long mtime;
        Lua next = null;
        LuaGuard nextGuard;
        HostLibrary nextHost = null;
        try {
            mtime = Files.getLastModifiedTime(path).toMillis() / 1000;
            next = LuaStates.open(version);
            nextGuard = LuaGuard.install(next, version, limits);
            nextHost = HostLibrary.install(next, version, () -> caller, FrameworkCommands::environment);
            next.load(LuaResources.read(path), "@" + path);
            setup.install(next);
            try {
                nextGuard.arm("main chunk");
                next.pCall(0, 1);
            } finally {
                nextGuard.disarm();
            }
            int rc = next.isNumber(-1) ? (int) next.toNumber(-1) : 0;
            next.pop(1);
            if (rc != 0) {
                return failed(next, nextHost, path + ": returned " + rc + " on load");
            }
            List<String> missing = new ArrayList<>();
            for (String fn : required) {
                next.getGlobal(fn);
                if (!next.isFunction(-1)) {
                    missing.add(fn);
                    log.log(Level.ERROR, plugin + ": " + path + ": missing required function " + fn);
                }
                next.pop(1);
            }
            if (!missing.isEmpty()) {
                return failed(next, nextHost, path + ": required function(s) not present");
            }
        } catch (IOException e) {
            return failed(next, nextHost, path + ": cannot read: " + e.getMessage());
        } catch (LuaException e) {
            return failed(next, nextHost, path + ": " + e.getMessage());
        }
        closeState();
        state = next;
        host = nextHost;
        guard = nextGuard;
        loadedMtime = mtime;
        log.log(Level.DEBUG, plugin + ": loaded " + path + " (" + LuaStates.versionString(next) + ")");
        return Optional.empty();
    }

    private Optional<String> failed(Lua next, HostLibrary nextHost, String reason) {
        if (nextHost != null) {
            nextHost.close();
        }
        if (next != null) {
            next.close();
        }
        log.log(Level.ERROR, plugin + ": " + reason + (state != null ? ", using previous script" : ""));
        return Optional.of(reason);
    }

    private void closeState() {
        if (state != null) {
            host.close();
            state.close();
            state = null;
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closeState();
        } finally {
            lock.unlock();
        }
    }
}
