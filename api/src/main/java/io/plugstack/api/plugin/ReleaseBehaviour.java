package io.plugstack.api.plugin;

import java.util.List;

/**
 * What changed between the Slurm releases the runtime can play: one row per behaviour, with the first
 * release that has it and where Slurm's source says so (the spec's version map). Code that behaves
 * differently by release asks the row, never compares versions itself (as Felix SCR asks its DS
 * version enum).
 */
public enum ReleaseBehaviour {
    /** {@code spank_prepend_task_argv()} exists (slurm/spank.h, 8bbfaf1d75; CHANGELOG 23.11.0rc1). */
    SPANK_PREPEND_TASK_ARGV("23.11.0", "slurm/spank.h (8bbfaf1d75); CHANGELOG/slurm-23.11.md 23.11.0rc1"),
    /**
     * The {@code slurm_spank_init_failure_mode} symbol and ESPANK_NODE/JOB_FAILURE (ef535530f2); before,
     * a plugin's failure mode is not looked up and its init's rc is what the stack returns.
     */
    SPANK_INIT_FAILURE_MODE("25.05.0", "slurm/spank.h, src/common/spank.c (ef535530f2); CHANGELOG/slurm-25.05.md 25.05.0rc1"),
    /**
     * sbatch, salloc and slurmstepd count any non-zero SPANK result as a failure; before, they tested
     * {@code < 0}, so a required plugin's positive rc stopped the stack's callback but not the command
     * (spec version map row 4; the stack itself stops on any non-zero since 21.08). slurmstepd also passes
     * a failed init's rc on as the launch's error: srun prints {@code task 0 launch failed: <slurm_strerror(rc)>}
     * ("Unspecified error" for -1) where it printed "Plugin initialization failed" (a real 26.05.5 run).
     */
    SPANK_CALLERS_FAIL_ON_ANY_NONZERO("25.05.0", "src/sbatch/sbatch.c, src/salloc/salloc.c, src/slurmd/slurmstepd (74ff6df484); "
            + "CHANGELOG/slurm-25.05.md 25.05.0rc1"),
    /**
     * A failed SPANK callback in slurmstepd (not task_exit or exit) marks the step failed and makes srun,
     * salloc and sbatch --wait return 1; before, the step stopped but the command exited 0 and the job
     * COMPLETED 0:0 (a real 22.05.8: {@code srun: error: task 0 launch failed: Plugin initialization failed}, exit 0).
     */
    SPANK_STEP_FAILURE_FAILS_COMMAND("23.11.0", "CHANGELOG/slurm-23.11.md 23.11.0rc1 ('SPANK - Failures from most spank "
            + "functions (not epilog or exit) will now cause the step to be marked as failed'); real 22.05.8 runs"),
    /** Lua's {@code slurm} table exports every slurm_errtab name; before, eight ESLURM codes (9a2143d517). */
    LUA_EXPORTS_EVERY_ERRNO_NAME("23.02.0", "src/lua/slurm_lua.c (9a2143d517); CHANGELOG/slurm-23.02.md 23.02.0rc1"),
    /** {@code slurm.log_user} works in {@code slurm_job_modify}; before, the message is discarded with an error. */
    LUA_LOG_USER_IN_JOB_MODIFY("23.02.0", "job_submit_lua.c, etc/job_submit.lua.example; CHANGELOG/slurm-23.02.md 23.02.0rc1"),
    /** {@code slurm.get_qos_priority} and {@code job_desc.assoc_qos}. */
    LUA_QOS_PRIORITY("24.11.0", "src/lua/slurm_lua.c, job_submit_lua.c; CHANGELOG/slurm-24.11.md 24.11.0rc1"),
    /** Lua's {@code slurm} table has the job flags GRES_ONE_TASK_PER_SHARING, GRES_MULT_TASKS_PER_SHARING, GRES_ALLOW_TASK_SHARING. */
    LUA_GRES_TASK_SHARING_FLAGS("23.11.0", "src/lua/slurm_lua.c, slurm/slurm.h (SLURM_BIT(38), (39), (40)) at 23.11.11; 24.11.5 real run"),
    /** Lua's {@code slurm} table has the job flag STEPMGR_ENABLED. */
    LUA_STEPMGR_ENABLED_FLAG("24.05.0", "src/lua/slurm_lua.c, slurm/slurm.h (SLURM_BIT(41)) at 24.05.1; 24.11.5 real run"),
    /** Lua's {@code slurm} table has the job flags SPREAD_SEGMENTS, CONSOLIDATE_SEGMENTS, EXPEDITED_REQUEUE. */
    LUA_SEGMENT_AND_REQUEUE_FLAGS("25.11.0", "src/lua/slurm_lua.c, slurm/slurm.h (SLURM_BIT(43), (44), (45)) at 25.11.7"),
    /**
     * slurmstepd's error lines reach the user's stderr as {@code [<ISO time>] error: ...}; before, as
     * {@code slurmstepd-<node>: error: ...} (real runs of 24.11.5 and 26.05.5; the commit is not located,
     * so 25.05 and 25.11 are unverified and the row starts at the first release seen).
     */
    SLURMSTEPD_USER_ERRORS_TIMESTAMPED("26.05.0", "real 24.11.5 and 26.05.5 runs (RealSlurmFailuresIT at both)"),
    /** The cli_filter/none plugin is gone: an empty CliFilterPlugins is the no-op (1ee165d066). */
    CLI_FILTER_NONE_REMOVED("23.11.0", "(1ee165d066); CHANGELOG/slurm-23.11.md 23.11.0rc1 ('none' plugins removed)"),
    /** {@code CliFilterParameters=cli_filter_lua_path=} (532f4d36da). */
    CLI_FILTER_LUA_PATH_PARAMETER("25.11.0", "src/plugins/cli_filter/lua/cli_filter_lua.c (532f4d36da); CHANGELOG/slurm-25.11.md 25.11.0rc1"),
    /**
     * GRES requests are written in TRES form "gres/gpu:1" (options.gres, tres_per_job/node/task,
     * cpus_per_tres, mem_per_tres; tres_per_task as "gres/gpu=1"); before, "gres:gpu:1" (a real 22.05.8
     * run wrote tres_per_node "gres:gpu:1,gres:gpu:1" for --gpus-per-node=1 --gres=gpu:1).
     */
    GRES_TRES_SLASH_FORM("23.02.0", "src/common/slurm_opt.c slurm_opt_create_job_desc, arg_set_gres; 22.05.8 real run"),
    /**
     * {@code job_desc.power_flags} (--power) is gone: job_submit/lua reads nil; before, the job's power flags,
     * 0 unless --power was given (c4c21882f1 "Remove --power option"; a real 22.05.8 run read 0).
     */
    JOB_DESC_POWER_FLAGS_REMOVED("24.05.0", "slurm/slurm.h, src/plugins/job_submit/lua/job_submit_lua.c (c4c21882f1); 22.05.8 real run"),
    /** job_submit/lua reads and writes {@code job_desc.segment_size} (--segment; 2b72425e78, backported to 25.11.2). */
    JOB_DESC_SEGMENT_SIZE("25.11.2", "job_submit_lua.c _get_job_req_field/_set_job_req_field (2b72425e78) at 25.11.2"),
    /**
     * job_submit/lua reads and writes {@code job_desc.core_spec} (--core-spec) and {@code job_desc.thread_spec}
     * (--thread-spec), two views of one member: thread_spec is core_spec with CORE_SPEC_THREAD set (fb76383b64).
     */
    JOB_DESC_CORE_SPEC("26.05.0", "job_submit_lua.c _get_job_req_field/_set_job_req_field (fb76383b64) at 26.05.0"),
    /** Lua's {@code slurm} table has to_json, from_json, to_yaml and from_yaml (6fe0092aa0). */
    LUA_SERIALIZERS("26.05.0", "src/lua/slurm_lua.c _to_json, _from_json, _to_yaml, _from_yaml (6fe0092aa0) at 26.05.0"),
    /** A Lua runtime error in slurm_job_submit/modify rejects the request (JSL-13; 5015212323). */
    JOB_SUBMIT_LUA_REJECTS_RUNTIME_ERRORS("26.05.0", "job_submit_lua.c (5015212323, ffda8351ba)");

    /** The release series the runtime can play (plugstack.slurm.release), oldest first. */
    public static final List<String> SUPPORTED_SERIES = List.of("22.05", "23.02", "23.11", "24.05", "24.11", "25.05", "25.11", "26.05");

    private final SlurmVersion since;
    private final String source;

    ReleaseBehaviour(String since, String source) {
        this.since = SlurmVersion.parse(since);
        this.source = source;
    }

    /**
     * Whether a Slurm of {@code release} behaves this way.
     *
     * @param release the release played
     * @return true from {@link #since()} on
     */
    public boolean at(SlurmVersion release) {
        return release.compareTo(since) >= 0;
    }

    /** {@return the first release that behaves this way} */
    public SlurmVersion since() {
        return since;
    }

    /** {@return where Slurm's source or documentation says so} */
    public String source() {
        return source;
    }

    /**
     * Whether {@code release} belongs to a series the runtime can play.
     *
     * @param release a Slurm release
     * @return true when its major.minor is in {@link #SUPPORTED_SERIES}
     */
    public static boolean supported(SlurmVersion release) {
        return SUPPORTED_SERIES.contains(release.series());
    }

    /**
     * The release the runtime is asked to play, checked: a release outside {@link #SUPPORTED_SERIES} is
     * refused with one line naming {@code setting}.
     *
     * @param setting the setting the text comes from, named in the error
     * @param text    the release, major.minor.micro
     * @return the release
     * @throws IllegalArgumentException "&lt;setting&gt;: &lt;why&gt;"
     */
    public static SlurmVersion playable(String setting, String text) {
        SlurmVersion v;
        try {
            v = SlurmVersion.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(setting + ": " + e.getMessage(), e);
        }
        if (!supported(v)) {
            throw new IllegalArgumentException(setting + ": Slurm " + v + " is not a release Plugstack can play (supported series: "
                    + String.join(", ", SUPPORTED_SERIES) + ")");
        }
        return v;
    }
}
