package io.plugstack.job_submit.lua;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.user.UnixUsers;
import io.plugstack.lua.LuaProxies;
import io.plugstack.lua.SlurmTable;
import party.iroiro.luajava.Lua;

/**
 * {@code job_desc} as job_submit/lua gives it (JSL-20…JSL-23): an empty table whose metatable reads and
 * writes the request through {@link JobDescField}, the one table of job_desc fields. Numbers are pushed
 * as Lua numbers (lua_pushnumber: floats under 5.3+); unset strings are nil; argv and spank_job_env are
 * new 0-indexed tables on every read; environment is always a proxy, which answers only for a batch
 * request (JSL-22: a lookup on any other logs why and reads nil); user_name is the request's identity,
 * else the name of its user_id (uid_to_string_or_null). Writes follow the
 * field's rule: "" clears a string, nil or a table raises "bad argument #3", an unknown or read-only
 * name logs "_set_job_field: unrecognized field: &lt;name&gt;" and is dropped.
 */
final class JobDescTable {

    static final String META = "plugstack.job_desc";
    static final String ENV_META = "plugstack.job_desc.environment";

    private final Logger log;
    /** The release played: job_submit/lua's names differ (power_flags up to 23.11). */
    private final SlurmVersion release;
    /** The request of the call in progress (calls are serialised by the script's lock). */
    private JobDescriptor current;

    JobDescTable(Logger log, SlurmVersion release) {
        this.log = log;
        this.release = release;
    }

    /** Creates the metatables in a fresh state. */
    void install(Lua L) {
        LuaProxies.registerMetatable(L, META, this::index, this::newIndex);
        LuaProxies.registerMetatable(L, ENV_META, this::envIndex, this::envNewIndex);
    }

    /** Pushes a job_desc proxy over {@code desc}. */
    void push(Lua L, JobDescriptor desc) {
        current = desc;
        LuaProxies.pushProxy(L, META);
    }

    private int index(Lua L) {
        Optional<JobDescField> f = L.isString(2) ? JobDescField.ofName(L.toString(2), release) : Optional.empty();
        if (f.isEmpty() || current == null) {
            L.pushNil();
            return 1;
        }
        JobDescField field = f.get();
        Object v = current.get(field);
        switch (field.kind()) {
            case STRING_ARRAY:
                pushZeroIndexed(L, current.getList(field));
                break;
            case ENVIRONMENT:
                // _push_job_env: a proxy whatever the request (22.05.8 and 25.11 alike); its lookups check
                LuaProxies.pushProxy(L, ENV_META);
                break;
            case BOOLEAN:
                L.push((Boolean) v);
                break;
            case STRING:
                pushString(L, field == JobDescField.USER_NAME && v == null ? userName(current) : (String) v);
                break;
            default:
                pushNumber(L, field, (Long) v);
        }
        return 1;
    }

    /** A request without an identity (scontrol update's): the name of its user_id, as uid_to_string_or_null. */
    private static String userName(JobDescriptor desc) {
        long uid = desc.userId();
        return uid == NoVal.NO_VAL ? null : UnixUsers.byUid(uid).map(UnixUsers.Entry::name).orElse(null);
    }

    private static void pushString(Lua L, String s) {
        if (s == null) {
            L.pushNil();
        } else {
            L.push(s);
        }
    }

    private static void pushNumber(Lua L, JobDescField field, Long raw) {
        if (raw == null) {
            L.pushNil();
            return;
        }
        long v = raw;
        if (field.access() == JobDescField.Access.NICE_OFFSET && v != NoVal.NO_VAL) {
            v -= NoVal.NICE_OFFSET;
        }
        L.push(field.kind() == JobDescField.Kind.UINT64 ? SlurmTable.unsignedToDouble(v) : (double) v);
    }

    private static void pushZeroIndexed(Lua L, List<String> items) {
        if (items.isEmpty()) {
            L.pushNil();
            return;
        }
        L.createTable(items.size(), 0);
        for (int i = 0; i < items.size(); i++) {
            L.push(items.get(i));
            L.rawSetI(-2, i);
        }
    }

    /** __newindex(t, k, v): args are (k, v) here; pushes nil or an error text. */
    private int newIndex(Lua L) {
        String name = L.toString(1);
        Optional<JobDescField> f = name == null ? Optional.empty() : JobDescField.ofName(name, release);
        if (f.isEmpty() || !f.get().writable() || current == null) {
            log.log(Level.ERROR, "_set_job_field: unrecognized field: " + name);
            L.pushNil();
            return 1;
        }
        JobDescField field = f.get();
        if (field.kind() == JobDescField.Kind.STRING) {
            if (!L.isString(2)) { // lua_isstring: strings and numbers
                L.push(LuaProxies.badArgument(L, 2, "string"));
                return 1;
            }
            String s = L.toString(2);
            if ("gres".equals(name)) {
                s = JobDescField.gresToTres(s);
            }
            current.setString(field, s.isEmpty() ? null : s);
        } else {
            if (!L.isNumber(2)) {
                L.push(LuaProxies.badArgument(L, 2, "number"));
                return 1;
            }
            long v = SlurmTable.doubleToUnsigned(L.toNumber(2));
            if (field.access() == JobDescField.Access.NICE_OFFSET && v != NoVal.NO_VAL) {
                v += NoVal.NICE_OFFSET;
            }
            current.setNumber(field, v);
        }
        L.pushNil();
        return 1;
    }

    private int envIndex(Lua L) {
        String name = L.toString(2);
        if (current != null && !hasEnvironment("_job_env_field", "job_desc->environment only accessible for batch jobs.")) {
            L.pushNil();
            return 1;
        }
        Optional<String> v = current == null || name == null ? Optional.empty() : current.getenv(name);
        pushString(L, v.orElse(null));
        return 1;
    }

    /**
     * Whether the request carries an environment; if not, logs as job_submit_lua.c does: an error when it
     * has a script (a batch job without one), else {@code info} (the setter's text ends in a space there).
     */
    private boolean hasEnvironment(String function, String info) {
        if (current.environment().isPresent()) {
            return true;
        }
        if (current.script() != null) {
            log.log(Level.ERROR, JobSubmitLuaPlugin.PLUGIN_TYPE + ": " + function + ": job_desc->environment is NULL.");
        } else {
            log.log(Level.INFO, info);
        }
        return false;
    }

    private int envNewIndex(Lua L) {
        if (current != null && !hasEnvironment("_set_job_env_field", "job_desc->environment only accessible for batch jobs. ")) {
            L.pushNil(); // the value is not even checked then
            return 1;
        }
        if (!L.isString(2)) {
            L.push(LuaProxies.badArgument(L, 2, "string"));
            return 1;
        }
        if (current != null && L.toString(1) != null) {
            current.setenv(L.toString(1), L.toString(2));
        }
        L.pushNil();
        return 1;
    }
}
