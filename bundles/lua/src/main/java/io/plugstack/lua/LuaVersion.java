package io.plugstack.lua;

import java.util.Locale;

import party.iroiro.luajava.Lua;
import party.iroiro.luajava.lua51.Lua51;
import party.iroiro.luajava.lua54.Lua54;

/**
 * The C Lua a site's Slurm is built against (LUA-1): the runtime setting {@value #SETTING} in
 * plugstack.properties, one version per JVM, as one liblua per slurmctld. The default is 5.4, what
 * current (EL9-era) distributions build Slurm against and the version the spec's engine study probed.
 *
 * <p>Only 5.1 and 5.4 can be offered: Maven Central carries LuaJava's natives for those two
 * (LuaJava 4.0.2) and none for 5.2 or 5.3; asking for those names the gap instead of
 * silently running another dialect.
 */
public enum LuaVersion {
    LUA_5_1("5.1"),
    LUA_5_4("5.4");

    /** The framework/runtime property naming the version. */
    public static final String SETTING = "plugstack.lua.version";
    /** The version used when the setting is absent. */
    public static final LuaVersion DEFAULT = LUA_5_4;

    private final String number;

    LuaVersion(String number) {
        this.number = number;
    }

    /** "5.1" or "5.4". */
    public String number() {
        return number;
    }

    /** Whether numbers are pushed as floats that print "1.0" (5.3+), rather than "1". */
    public boolean hasFloatSubtype() {
        return this == LUA_5_4;
    }

    /**
     * The version named {@code text} ("5.4", "Lua 5.4", "lua54"); null or blank gives {@link #DEFAULT}.
     *
     * @throws IllegalArgumentException for 5.2/5.3 (no natives published) and anything else
     */
    public static LuaVersion parse(String text) {
        if (text == null || text.isBlank()) {
            return DEFAULT;
        }
        String t = text.trim().toLowerCase(Locale.ROOT).replace("lua", "").trim();
        switch (t) {
            case "5.1", "51":
                return LUA_5_1;
            case "5.4", "54":
                return LUA_5_4;
            case "5.2", "52", "5.3", "53":
                throw new IllegalArgumentException(SETTING + "=" + text + ": Lua " + t.charAt(0) + "." + t.charAt(t.length() - 1)
                        + " is not available (LuaJava publishes no lua52/lua53 natives on Maven Central); use 5.1 or 5.4");
            default:
                throw new IllegalArgumentException(SETTING + "=" + text + ": not a Lua version (5.1 or 5.4)");
        }
    }

    /** A new bare state of this version (no libraries opened). */
    Lua newState() {
        return this == LUA_5_1 ? new Lua51() : new Lua54();
    }
}
