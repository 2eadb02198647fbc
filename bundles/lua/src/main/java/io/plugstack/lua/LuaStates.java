package io.plugstack.lua;

import java.lang.System.Logger.Level;

import party.iroiro.luajava.Lua;

/**
 * Fresh Lua states: every standard library opened (LUA-2) but os.exit, which fails the call; the version's liblua made global once
 * per JVM (LuaJava's loadAsGlobal, Slurm's dlopen RTLD_GLOBAL) so C modules found on package.cpath
 * resolve the lua_* symbols. Only one Lua version can be global in a JVM; asking for a second logs
 * why C modules will not load and goes on.
 */
final class LuaStates {

    private static LuaVersion global;

    private LuaStates() {
    }

    static Lua open(LuaVersion version) {
        Lua L = version.newState();
        makeGlobal(L, version);
        L.openLibraries();
        // os.exit would end the runtime's JVM, every job of the node with it (in Slurm: slurmctld or
        // the command): a script that calls it fails its call instead, as a Lua runtime error
        L.run("os.exit = function() error('os.exit refused: a plugin cannot stop the Plugstack runtime', 2) end");
        return L;
    }

    private static synchronized void makeGlobal(Lua L, LuaVersion version) {
        if (global == version) {
            return;
        }
        if (global != null) {
            System.getLogger("io.plugstack.lua").log(Level.WARNING, "Lua " + version.number()
                    + ": C modules will not load, Lua " + global.number() + " is already global in this JVM");
            return;
        }
        try {
            L.getLuaNatives().loadAsGlobal();
            global = version;
        } catch (RuntimeException | LinkageError e) {
            System.getLogger("io.plugstack.lua").log(Level.WARNING, "Lua " + version.number()
                    + ": cannot make liblua global, C modules will not load: " + e);
        }
    }

    /** The state's _VERSION ("Lua 5.4"). */
    static String versionString(Lua L) {
        L.getGlobal("_VERSION");
        String v = L.toString(-1);
        L.pop(1);
        return v;
    }
}
