package io.plugstack.lua;

import java.lang.System.Logger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;

import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.api.slurm.SlurmErrtab;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.slurm.TimeStr;
import party.iroiro.luajava.Lua;

/**
 * The part of the global {@code slurm} table every Lua plugin shares (LUA-3, Slurm 25.11): log, error,
 * time_str2mins, get_qos_priority, the printf-style wrappers (tiny chunks over string.format, as
 * Slurm compiles them, looking up {@code slurm} and unpack at call time), the constants and every
 * entry of the release's slurm_errtab ({@link SlurmErrtab}) by name. Numbers are pushed as Lua numbers the way lua_pushnumber does
 * (floats under 5.3+). From 26.05 (LUA_SERIALIZERS) also to_json, from_json, to_yaml and from_yaml
 * ({@link LuaSerializers}). What an older release lacks is the release table's: eight errno names
 * before 23.02, no get_qos_priority before 24.11, none of the four serializer functions before 26.05.
 */
public final class SlurmTable {

    private static final double TWO_TO_64 = 18446744073709551616.0;

    private final SlurmLog log;
    private final String clusterName;
    private final Function<String, OptionalLong> qosPriority;
    private final SlurmVersion release;

    /**
     * The errno names slurm_lua.c exported before 23.02 (by hand; spec LUA-3), besides SUCCESS,
     * ERROR and FAILURE.
     */
    static final List<SlurmErrno> ERRNO_NAMES_BEFORE_23_02 = List.of(SlurmErrno.ESLURM_ACCESS_DENIED,
            SlurmErrno.ESLURM_ACCOUNTING_POLICY, SlurmErrno.ESLURM_INVALID_ACCOUNT, SlurmErrno.ESLURM_INVALID_LICENSES,
            SlurmErrno.ESLURM_INVALID_NODE_COUNT, SlurmErrno.ESLURM_INVALID_TIME_LIMIT,
            SlurmErrno.ESLURM_JOB_MISSING_SIZE_SPECIFICATION, SlurmErrno.ESLURM_MISSING_TIME_LIMIT);

    /** The table of the release this API was built for. */
    public SlurmTable(Logger log, String clusterName, Function<String, OptionalLong> qosPriority) {
        this(log, clusterName, qosPriority, SlurmVersion.builtFor());
    }

    /**
     * @param log         where slurm.log/slurm.error lines go ("lua: " prefix)
     * @param clusterName ClusterName (slurm.CLUSTER_NAME)
     * @param qosPriority a QOS's priority by name, for slurm.get_qos_priority
     * @param release     the Slurm release the runtime plays ({@link SlurmVersion#running})
     */
    public SlurmTable(Logger log, String clusterName, Function<String, OptionalLong> qosPriority, SlurmVersion release) {
        this(SlurmLog.logger(log), clusterName, qosPriority, release);
    }

    /** @param log where slurm.log/slurm.error lines go, at Slurm's own levels (a command's log: cli_filter) */
    public SlurmTable(SlurmLog log, String clusterName, Function<String, OptionalLong> qosPriority, SlurmVersion release) {
        this.log = log;
        this.clusterName = clusterName;
        this.qosPriority = qosPriority;
        this.release = release;
    }

    /**
     * The errno names {@code slurm} carries at {@code release}, with their numbers: from 23.02
     * (LUA_EXPORTS_EVERY_ERRNO_NAME) every entry of that release's slurm_errtab, before it eight.
     */
    static Map<String, Integer> errnoNames(SlurmVersion release) {
        Map<String, Integer> names = new LinkedHashMap<>();
        if (ReleaseBehaviour.LUA_EXPORTS_EVERY_ERRNO_NAME.at(release)) {
            SlurmErrtab.of(release).orElseThrow(() -> new IllegalStateException("no slurm_errtab of Slurm " + release + " in the API"))
                    .entries().forEach(e -> names.put(e.name(), e.number()));
        } else {
            ERRNO_NAMES_BEFORE_23_02.forEach(e -> names.put(e.name(), e.code()));
        }
        return names;
    }

    /** A uint64_t as lua_pushnumber converts it: the unsigned value as a double. */
    public static double unsignedToDouble(long v) {
        double d = (double) (v & Long.MAX_VALUE);
        return v < 0 ? d + 9223372036854775808.0 : d;
    }

    /** A Lua number stored into a uint64_t (C's conversion, wrapping negatives). */
    public static long doubleToUnsigned(double d) {
        if (d >= 9223372036854775808.0) {
            return d >= TWO_TO_64 ? -1L : (long) (d - 9223372036854775808.0) + Long.MIN_VALUE;
        }
        return (long) d;
    }

    /** The numeric constants other than errno codes, in Slurm's names, at {@code release}. */
    static Map<String, Double> constants(SlurmVersion release) {
        Map<String, Double> c = new LinkedHashMap<>();
        c.put("SUCCESS", 0.0);
        c.put("ERROR", -1.0);
        c.put("FAILURE", -1.0);
        c.put("NO_VAL", (double) NoVal.NO_VAL);
        c.put("NO_VAL16", (double) NoVal.NO_VAL16);
        c.put("NO_VAL8", (double) NoVal.NO_VAL8);
        c.put("NO_VAL64", unsignedToDouble(NoVal.NO_VAL64));
        c.put("INFINITE", (double) NoVal.INFINITE);
        c.put("INFINITE64", unsignedToDouble(NoVal.INFINITE64));
        c.put("MEM_PER_CPU", unsignedToDouble(NoVal.MEM_PER_CPU));
        c.put("NICE_OFFSET", (double) NoVal.NICE_OFFSET);
        c.put("SHARED_FORCE", (double) 0x8000);
        c.put("JOB_SHARED_NONE", 0.0);
        c.put("JOB_SHARED_OK", 1.0);
        c.put("JOB_SHARED_USER", 2.0);
        c.put("JOB_SHARED_MCS", 3.0);
        c.put("ALLOC_SID_ADMIN_HOLD", 1.0);
        c.put("ALLOC_SID_USER_HOLD", 2.0);
        for (io.plugstack.api.slurm.MailType t : io.plugstack.api.slurm.MailType.values()) {
            c.put(t.luaName(), (double) t.bit());
        }
        c.put("KILL_INV_DEP", (double) (1L << 0));
        c.put("NO_KILL_INV_DEP", (double) (1L << 1));
        c.put("GRES_ENFORCE_BIND", (double) (1L << 4));
        c.put("SPREAD_JOB", (double) (1L << 8));
        c.put("USE_MIN_NODES", (double) (1L << 9));
        c.put("GRES_DISABLE_BIND", (double) (1L << 19));
        if (ReleaseBehaviour.LUA_GRES_TASK_SHARING_FLAGS.at(release)) {
            c.put("GRES_ONE_TASK_PER_SHARING", (double) (1L << 38));
            c.put("GRES_MULT_TASKS_PER_SHARING", (double) (1L << 39));
            c.put("GRES_ALLOW_TASK_SHARING", (double) (1L << 40));
        }
        if (ReleaseBehaviour.LUA_STEPMGR_ENABLED_FLAG.at(release)) {
            c.put("STEPMGR_ENABLED", (double) (1L << 41));
        }
        if (ReleaseBehaviour.LUA_SEGMENT_AND_REQUEUE_FLAGS.at(release)) {
            c.put("SPREAD_SEGMENTS", (double) (1L << 43));
            c.put("CONSOLIDATE_SEGMENTS", (double) (1L << 44));
            c.put("EXPEDITED_REQUEUE", (double) (1L << 45));
        }
        return c;
    }

    /** Sets the global {@code slurm} to a new table with the common part; plugins add their own entries. */
    public void install(Lua L, LuaVersion version) {
        L.createTable(0, 128);
        constants(release).forEach((name, value) -> {
            L.push(value);
            L.setField(-2, name);
        });
        errnoNames(release).forEach((name, number) -> {
            L.push((double) number);
            L.setField(-2, name);
        });
        L.push(clusterName == null ? "" : clusterName);
        L.setField(-2, "CLUSTER_NAME");
        L.push(this::slurmLog);
        L.setField(-2, "log");
        L.push(this::slurmError);
        L.setField(-2, "error");
        L.push(SlurmTable::timeStr2Mins);
        L.setField(-2, "time_str2mins");
        if (ReleaseBehaviour.LUA_QOS_PRIORITY.at(release)) {
            L.push(this::getQosPriority);
            L.setField(-2, "get_qos_priority");
        }
        if (ReleaseBehaviour.LUA_SERIALIZERS.at(release)) {
            new LuaSerializers(version, log, release).install(L);
        }
        L.setGlobal("slurm");
        String unpack = version == LuaVersion.LUA_5_1 ? "unpack" : "table.unpack";
        wrapper(L, "log_error", "slurm.error (string.format(" + unpack + "({...})))");
        String[] levels = {"log_info", "log_verbose", "log_debug", "log_debug2", "log_debug3", "log_debug4"};
        for (int i = 0; i < levels.length; i++) {
            wrapper(L, levels[i], "slurm.log (" + i + ", string.format(" + unpack + "({...})))");
        }
        wrapper(L, "log_user", "slurm.user_msg (string.format(" + unpack + "({...})))");
    }

    private static void wrapper(Lua L, String name, String chunk) {
        L.getGlobal("slurm");
        L.load(chunk);
        L.setField(-2, name);
        L.pop(1);
    }

    /** slurm_lua.c _log_lua_msg: 0 info, 1 verbose, 2 debug, 3 debug2, 4 and above debug3 (Slurm: 5+ debug4). */
    private int slurmLog(Lua L) {
        int level = (int) L.toNumber(1);
        SlurmLog.Level l = switch (Math.max(0, Math.min(level, 4))) {
            case 0 -> SlurmLog.Level.INFO;
            case 1 -> SlurmLog.Level.VERBOSE;
            case 2 -> SlurmLog.Level.DEBUG;
            case 3 -> SlurmLog.Level.DEBUG2;
            default -> SlurmLog.Level.DEBUG3;
        };
        log.log(l, "lua: " + L.toString(2));
        return 0;
    }

    private int slurmError(Lua L) {
        log.error("lua: " + L.toString(1));
        return 0;
    }

    private static int timeStr2Mins(Lua L) {
        long minutes;
        try {
            minutes = TimeStr.minutes(String.valueOf(L.toString(1)));
        } catch (IllegalArgumentException e) {
            minutes = -1;
        }
        L.push((double) (int) minutes); // C's int result: INFINITE reads -1
        return 1;
    }

    private int getQosPriority(Lua L) {
        String name = L.toString(1);
        OptionalLong p = name == null ? OptionalLong.empty() : qosPriority.apply(name);
        if (p.isEmpty()) {
            log.error("Invalid QOS name: " + name);
            return 0;
        }
        L.push((double) p.getAsLong());
        return 1;
    }
}
