package io.plugstack.runtime.spank;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.osgi.annotation.versioning.ProviderType;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.runtime.spank.LaunchOption;
import io.plugstack.runtime.spank.options.StackOptions;

/**
 * One process's SPANK stack in one context, driven phase by phase: the twin of spank.c's entry points
 * ({@code spank_init}, {@code spank_init_post_opt}, {@code spank_user}, {@code spank_task_*},
 * {@code spank_fini}, ...). Whoever plays a Slurm process calls the phases in that process's order —
 * the bench's simulated srun, sbatch, slurmstepd and slurmd, and a node daemon serving a real one —
 * and decides what a failure means (spank.8's Errors table is the daemons' rule, not the stack's).
 * A session is used by one thread at a time, as a Slurm process uses its stack.
 */
@ProviderType
public interface SpankSession extends AutoCloseable {

    /** A session, or why its stack could not be loaded (worded for a "spank: " log line). */
    record Opened(SpankSession session, String failure) {
        public boolean ok() {
            return session != null;
        }
    }

    /**
     * What a process hands its stack besides plugstack.conf.
     *
     * @param environment    the environment options are read from (SPANK_*-style option variables)
     * @param stepEnv        what spank_getenv/setenv act on (remote: the step's environment)
     * @param jobControlEnv  the job control environment (local/allocator: spank_job_control_*)
     * @param builtinOptions the command's own long options, which plugin options may not shadow
     * @param slurmPluginName the plugin_name a real Slurm knows every option of this stack by (the
     *                        bridge's, when a real Slurm drives the stack through it: its option
     *                        variables say {@code _SLURM_SPANK_OPTION_plugstack_<option>}); null: each
     *                        plugin's own name, as on the bench
     */
    record Setup(Map<String, String> environment, Map<String, String> stepEnv, Map<String, String> jobControlEnv,
            Set<String> builtinOptions, String slurmPluginName, io.plugstack.api.user.OnBehalfOf commandUser) {

        public Setup(Map<String, String> environment, Map<String, String> stepEnv, Map<String, String> jobControlEnv,
                Set<String> builtinOptions) {
            this(environment, stepEnv, jobControlEnv, builtinOptions, null, null);
        }

        /** This setup, for a stack whose options a real Slurm knows under {@code name} (a bridge's plugin_name). */
        public Setup knownToSlurmAs(String name) {
            return new Setup(environment, stepEnv, jobControlEnv, builtinOptions, name, commandUser);
        }

        /** This setup, in the user's own command ({@code Spank.commandUser()}: its user, directory and environment). */
        public Setup inCommandOf(io.plugstack.api.user.OnBehalfOf user) {
            return new Setup(environment, stepEnv, jobControlEnv, builtinOptions, slurmPluginName, user);
        }

        /**
         * srun, sbatch, salloc, scrontab: options from the command's environment and command line;
         * spank_getenv/setenv act on that environment, the process's own (SPANK-60), which srun's step inherits.
         */
        public static Setup client(Map<String, String> environment, Map<String, String> jobControlEnv, Set<String> builtins) {
            return new Setup(environment, environment, jobControlEnv, builtins);
        }

        /** slurmstepd: the step's environment, which plugins read and change. */
        public static Setup step(Map<String, String> stepEnv) {
            return new Setup(stepEnv, stepEnv, new LinkedHashMap<>(), Set.of());
        }

        /** slurmd's prolog/epilog: the script environment and the job's job control environment. */
        public static Setup jobScript(Map<String, String> env, Map<String, String> jobControlEnv) {
            return new Setup(env, env, new LinkedHashMap<>(jobControlEnv), Set.of());
        }

        /** slurmd itself. */
        public static Setup slurmd() {
            return new Setup(Map.of(), new LinkedHashMap<>(), new LinkedHashMap<>(), Set.of());
        }
    }

    /** spank_init: registers the plugins' options (local, allocator) and calls slurm_spank_init. */
    CallResult init();

    /** spank_init_post_opt on the submitting side, after the command processed the options ({@link #options()}). */
    CallResult initPostOpt();

    /**
     * slurmstepd's spank_init_post_opt: the launch request's options are applied first (SPANK-18: after
     * init, before init_post_opt, whatever spank.8 says), then slurm_spank_init_post_opt.
     */
    CallResult initPostOpt(List<LaunchOption> launchOptions);

    /** srun's spank_local_user: the job is known ({@link #job}). */
    CallResult localUserInit();

    /** slurmstepd's spank_user. */
    CallResult userInit();

    /** spank_task_privileged for task {@code localId}, on that task's own environment. */
    CallResult taskInitPrivileged(int localId, Map<String, String> taskEnv);

    /** spank_user_task for task {@code localId}, on that task's own environment, just before it starts. */
    CallResult taskInit(int localId, Map<String, String> taskEnv);

    /** spank_task_post_fork: task {@code localId} runs as {@code pid}. */
    CallResult taskPostFork(int localId, long pid);

    /** spank_task_exit: task {@code localId} was reaped with wait status {@code status}. */
    CallResult taskExit(int localId, int status);

    /** spank_fini's slurm_spank_exit. */
    CallResult exit();

    /** slurmd's slurm_spank_slurmd_exit, when slurmd stops or restarts. */
    CallResult slurmdExit();

    /** spank_job_prolog. */
    CallResult jobProlog();

    /** spank_job_epilog. */
    CallResult jobEpilog();

    /** The job the stack reports (S_JOB_* items): the step's, or srun's once the allocation exists. */
    void job(JobFacts facts);

    /** The step's tasks (S_TASK_* items), before the task phases. */
    void tasks(List<TaskFacts> tasks);

    /**
     * Task {@code localId} as the plugins left it: spank_prepend_task_argv changes its argv, and
     * {@code Spank.setTaskNiceness} its {@link TaskFacts#niceness()} (null when unchanged), which the
     * driver reads after taskInitPrivileged/taskInit and applies in the task's process before it execs.
     */
    TaskFacts task(int localId);

    /** The session's options: what the command processes between init and init_post_opt. */
    SessionOptions options();

    /** The job control environment the plugins built (srun, sbatch and salloc send it with the job). */
    Map<String, String> jobControlEnv();

    /** Whether some plugin defines {@code callback} (slurmd asks this of job_prolog/job_epilog), or the session acts in it itself (the submitting side's init_post_opt records the job's versions). */
    boolean defines(SpankCallback callback);

    /** The plugin versions this session's job runs: those it carried, and those its stack loaded. */
    JobPluginVersions versions();

    /** The loaded plugins, as the log names them. */
    List<String> plugins();

    /** Drops the stack (job_script plugins' class spaces go with it). */
    @Override
    void close();
}
