package io.plugstack.api.slurm;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Slurm's error codes and their texts ({@code slurm/slurm_errno.h}, {@code src/common/slurm_errno.c}):
 * the one table every family uses. Since 21.08 SPANK codes live in the same space (3000...) and
 * {@code spank_strerror} is {@code slurm_strerror}, so {@link io.plugstack.api.spank.SpankError} takes
 * its numbers and texts from here.
 *
 * <p>Only the codes plugin authors meet are listed (spec §1.3, §3, §4, LUA-3/4); any other code is
 * rendered by {@link #strerror(int)} with Slurm's fallback rules.
 */
public enum SlurmErrno {
    /** 0: success. Slurm's table says "No error" (SPANK said "Success" before 21.08). */
    SLURM_SUCCESS(0, "No error"),
    /** -1: the generic failure (Lua {@code slurm.ERROR} / {@code slurm.FAILURE}). */
    SLURM_ERROR(-1, "Unspecified error"),
    /** The one libc code Slurm's table carries itself (exported to Lua as {@code slurm.EINPROGRESS}). */
    EINPROGRESS(115, "Operation now in progress"),

    // slurmctld codes that job_submit / cli_filter policies return (LUA-3, JS-5, JS-14, JS-15)
    /** 2000: "Invalid partition name specified". */
    ESLURM_INVALID_PARTITION_NAME(2000, "Invalid partition name specified"),
    /** 2001: "No partition specified or system default partition". */
    ESLURM_DEFAULT_PARTITION_NOT_SET(2001, "No partition specified or system default partition"),
    /** 2002: "Access/permission denied". */
    ESLURM_ACCESS_DENIED(2002, "Access/permission denied"),
    /** 2005: "More processors requested than permitted". */
    ESLURM_TOO_MANY_REQUESTED_CPUS(2005, "More processors requested than permitted"),
    /** 2006: "Node count specification invalid". */
    ESLURM_INVALID_NODE_COUNT(2006, "Node count specification invalid"),
    /** 2008: "Job size specification needs to be provided". */
    ESLURM_JOB_MISSING_SIZE_SPECIFICATION(2008, "Job size specification needs to be provided"),
    /** 2012: "Pathname of a file, directory or other parameter too long". */
    ESLURM_PATHNAME_TOO_LONG(2012, "Pathname of a file, directory or other parameter too long"),
    /** 2014: "Requested node configuration is not available". */
    ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE(2014, "Requested node configuration is not available"),
    /** 2017: "Invalid job id specified". */
    ESLURM_INVALID_JOB_ID(2017, "Invalid job id specified"),
    /** 2018: "Invalid node name specified". */
    ESLURM_INVALID_NODE_NAME(2018, "Invalid node name specified"),
    /** 2010: "Invalid user id". */
    ESLURM_USER_ID_MISSING(2010, "Invalid user id"),
    /** 2021: "Job/step already completing or completed". */
    ESLURM_ALREADY_DONE(2021, "Job/step already completing or completed"),
    /** 2025: "Task count specification invalid". */
    ESLURM_BAD_TASK_COUNT(2025, "Task count specification invalid"),
    /** 2038: "Job dependency problem". */
    ESLURM_DEPENDENCY(2038, "Job dependency problem"),
    /** 2040: "Licenses currently unavailable". */
    ESLURM_LICENSES_UNAVAILABLE(2040, "Licenses currently unavailable"),
    /** 2042: "Job is in held state, pending scheduler release". */
    ESLURM_JOB_HELD(2042, "Job is in held state, pending scheduler release"),
    /** 2044: "Memory required by task is not available". */
    ESLURM_INVALID_TASK_MEMORY(2044, "Memory required by task is not available"),
    /** 2045: "Invalid account or account/partition combination specified". */
    ESLURM_INVALID_ACCOUNT(2045, "Invalid account or account/partition combination specified"),
    /** 2048: "Invalid license specification". */
    ESLURM_INVALID_LICENSES(2048, "Invalid license specification"),
    /** 2050: "Job violates accounting/QOS policy (...)". */
    ESLURM_ACCOUNTING_POLICY(2050,
            "Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)"),
    /** 2051: "Requested time limit is invalid (missing or exceeds some limit)". */
    ESLURM_INVALID_TIME_LIMIT(2051, "Requested time limit is invalid (missing or exceeds some limit)"),
    /** 2052: "Access denied to requested reservation". */
    ESLURM_RESERVATION_ACCESS(2052, "Access denied to requested reservation"),
    /** 2053: "Requested reservation is invalid". */
    ESLURM_RESERVATION_INVALID(2053, "Requested reservation is invalid"),
    /** 2066: "Invalid qos specification". */
    ESLURM_INVALID_QOS(2066, "Invalid qos specification"),
    /** 2068: "Required node not available (down, drained or reserved)". */
    ESLURM_NODE_NOT_AVAIL(2068, "Required node not available (down, drained or reserved)"),
    /** 2072: "Invalid generic resource (gres) specification". */
    ESLURM_INVALID_GRES(2072, "Invalid generic resource (gres) specification"),
    /** 2073: "Job is no longer pending execution". */
    ESLURM_JOB_NOT_PENDING(2073, "Job is no longer pending execution"),
    /** 2084: "Job has already finished". */
    ESLURM_JOB_FINISHED(2084, "Job has already finished"),
    /** 2095: "Changes to job priority are not persistent, change nice instead". */
    ESLURM_PRIO_RESET_FAIL(2095, "Changes to job priority are not persistent, change nice instead"),
    /** 2123: "Invalid --nice value". */
    ESLURM_INVALID_NICE(2123, "Invalid --nice value"),

    // SPANK (spec §1.3, SPANK-H-6)
    /** 3000: "Generic error". */
    ESPANK_ERROR(3000, "Generic error"),
    /** 3001: "Bad argument". */
    ESPANK_BAD_ARG(3001, "Bad argument"),
    /** 3002: "Not in task context". */
    ESPANK_NOT_TASK(3002, "Not in task context"),
    /** 3003: "Environment variable exists". */
    ESPANK_ENV_EXISTS(3003, "Environment variable exists"),
    /** 3004: "No such environment variable". */
    ESPANK_ENV_NOEXIST(3004, "No such environment variable"),
    /** 3005: "Buffer too small". */
    ESPANK_NOSPACE(3005, "Buffer too small"),
    /** 3006: "Valid only in remote context". */
    ESPANK_NOT_REMOTE(3006, "Valid only in remote context"),
    /** 3007: "Id/PID does not exist on this node". */
    ESPANK_NOEXIST(3007, "Id/PID does not exist on this node"),
    /** 3008: "Lookup by PID requested, but no tasks running". */
    ESPANK_NOT_EXECD(3008, "Lookup by PID requested, but no tasks running"),
    /** 3009: "Item not available from this callback". */
    ESPANK_NOT_AVAIL(3009, "Item not available from this callback"),
    /** 3010: "Valid only in local or allocator context". */
    ESPANK_NOT_LOCAL(3010, "Valid only in local or allocator context"),
    /** [since 25.05] value of {@code slurm_spank_init_failure_mode}: drain the node (the default). */
    ESPANK_NODE_FAILURE(3011, "Spank plugin failure, node failed"),
    /** [since 25.05] value of {@code slurm_spank_init_failure_mode}: fail the job, keep the node. */
    ESPANK_JOB_FAILURE(3012, "Spank plugin failure, job failed"),

    // Lua wrapper (LUA-4: how a Lua status maps to an errno)
    /** 7401: "Lua script loading failed due to invalid syntax". */
    ESLURM_LUA_INVALID_SYNTAX(7401, "Lua script loading failed due to invalid syntax"),
    /** 7404: "Lua function execution failed for unknown reasons". */
    ESLURM_LUA_FUNC_FAILED(7404, "Lua function execution failed for unknown reasons"),
    /** 7405: "Lua function execution failed due to runtime error". */
    ESLURM_LUA_FUNC_FAILED_RUNTIME_ERROR(7405, "Lua function execution failed due to runtime error"),
    /** 7406: "Lua function execution failed due to memory allocation failure. ...". */
    ESLURM_LUA_FUNC_FAILED_ENOMEM(7406, "Lua function execution failed due to memory allocation failure."
            + " Either not enough memory for Lua script's variables or memory allocation request for a"
            + " variable was way too large."),
    /** 7407: "Lua function execution failed due to unknown failure in Lua's garbage collector". */
    ESLURM_LUA_FUNC_FAILED_GARBAGE_COLLECTOR(7407,
            "Lua function execution failed due to unknown failure in Lua's garbage collector"),

    // plugin and custom errors (JS-14, PLUG-1..PLUG-9; numbers comparable since 23.11)
    /** 8000: "Time limit specification required, but not provided". */
    ESLURM_MISSING_TIME_LIMIT(8000, "Time limit specification required, but not provided"),
    /** 8002: "Plugin has invalid format or unable to be loaded". */
    ESLURM_PLUGIN_INVALID(8002, "Plugin has invalid format or unable to be loaded"),
    /** 8003: "Plugin missing required symbol or function". */
    ESLURM_PLUGIN_INCOMPLETE(8003, "Plugin missing required symbol or function"),
    /** 8004: "Required plugin type not loaded or initialized". */
    ESLURM_PLUGIN_NOT_LOADED(8004, "Required plugin type not loaded or initialized"),
    /** 8005: "Plugin file not found". */
    ESLURM_PLUGIN_NOTFOUND(8005, "Plugin file not found"),
    /** 8006: "Plugin access denied". */
    ESLURM_PLUGIN_ACCESS_ERROR(8006, "Plugin access denied"),
    /** 8007: "Dlopen of plugin file failed". */
    ESLURM_PLUGIN_DLOPEN_FAILED(8007, "Dlopen of plugin file failed"),
    /** 8008: "Plugin init() callback failed". */
    ESLURM_PLUGIN_INIT_FAILED(8008, "Plugin init() callback failed"),
    /** 8009: "Plugin name/type/version symbol missing". */
    ESLURM_PLUGIN_MISSING_NAME(8009, "Plugin name/type/version symbol missing"),
    /** 8010: "Incompatible plugin version". */
    ESLURM_PLUGIN_BAD_VERSION(8010, "Incompatible plugin version");

    private static final Map<Integer, SlurmErrno> BY_CODE = new HashMap<>();

    static {
        for (SlurmErrno e : values()) {
            if (BY_CODE.put(e.code, e) != null) {
                throw new ExceptionInInitializerError("duplicate errno " + e.code);
            }
        }
    }

    private final int code;
    private final String message;

    SlurmErrno(int code, String message) {
        this.code = code;
        this.message = message;
    }

    /** {@return the numeric value (what a plugin returns, and what Lua sees as {@code slurm.<NAME>})} */
    public int code() {
        return code;
    }

    /** {@return slurm's text for this code} */
    public String message() {
        return message;
    }

    /**
     * The table entry for {@code code}.
     *
     * @param code a Slurm errno value
     * @return the entry, or empty when this table does not list the code
     */
    public static Optional<SlurmErrno> of(int code) {
        return Optional.ofNullable(BY_CODE.get(code));
    }

    /**
     * {@code slurm_strerror(code)} (and so {@code spank_strerror}): the table's text; else, for a
     * positive code, the C library's text ("Unknown error N" where it has none); else
     * "Unknown negative error number".
     *
     * @param code any errno value
     * @return the text
     */
    public static String strerror(int code) {
        SlurmErrno known = BY_CODE.get(code);
        if (known != null) {
            return known.message;
        }
        return code > 0 ? LibcErrno.strerror(code) : "Unknown negative error number";
    }
}
