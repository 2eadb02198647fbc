package io.plugstack.testkit.spank;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import io.plugstack.runtime.spank.TaskFacts;

/**
 * What one {@link SpankRunner} run gave: whether the processes got through their SPANK calls, which
 * callbacks the plugin got, and what it left behind (each task's environment, argv and niceness, the job
 * control environment, the lines it logged). Every run starts afresh; a run's results do not change.
 */
public final class SpankRun {

    private final String failure;
    private final List<String> callbacks;
    private final Map<Integer, Map<String, String>> taskEnvs;
    private final Map<Integer, TaskFacts> tasks;
    private final Map<String, String> jobControlEnv;
    private final List<String> log;
    private final String optionsHelp;

    SpankRun(String failure, List<String> callbacks, Map<Integer, Map<String, String>> taskEnvs, Map<Integer, TaskFacts> tasks,
            Map<String, String> jobControlEnv, List<String> log, String optionsHelp) {
        this.failure = failure;
        this.callbacks = List.copyOf(callbacks);
        Map<Integer, Map<String, String>> envs = new LinkedHashMap<>();
        taskEnvs.forEach((id, env) -> envs.put(id, java.util.Collections.unmodifiableMap(new LinkedHashMap<>(env))));
        this.taskEnvs = Map.copyOf(envs);
        this.tasks = Map.copyOf(tasks);
        this.jobControlEnv = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(jobControlEnv));
        this.log = List.copyOf(log);
        this.optionsHelp = optionsHelp;
    }

    /**
     * Whether every process went through its sequence without a failure its caller counts: the plugin's stack
     * loaded, every option was accepted, and no callback's result failed its caller. A required plugin's
     * non-zero rc fails its caller, except where the release's caller tests only {@code rc < 0} (sbatch, salloc
     * and slurmstepd before 25.05). What the failure then does to the job and the node (spank.8's Errors table:
     * exit code, drained node, requeue) is the bench's to play, in an in-container test.
     *
     * @return true when {@link #failure()} is empty
     */
    public boolean ok() {
        return failure.isEmpty();
    }

    /**
     * The first failure, as the failing process prints it: {@code "srun: error: Plug-in initialization failed"},
     * {@code "srun: unrecognized option '--nope=1'"}, {@code "srun: error: Invalid --project argument: x"},
     * {@code "slurmstepd: error: Failed to invoke spank plugin stack"} (a task_init failure); the lines before it
     * (the stack's own, e.g. {@code "spank: required plugin project: init() failed with rc=-1"}) are in
     * {@link #log()}.
     *
     * @return the line, or "" when {@link #ok()}
     */
    public String failure() {
        return failure;
    }

    /**
     * The callbacks the plugin got, in call order: {@code "<context> <callback>"}, a task callback with the local
     * task id, and {@code " rc=<rc>"} when the stack's result was not 0. For example {@code "local init"},
     * {@code "remote task_init 0"}, {@code "remote task_init 1 rc=-1"}, {@code "allocator init_post_opt"}. Only
     * callbacks the plugin defines are listed (Slurm skips the others, SPANK-13).
     *
     * @return the calls
     */
    public List<String> callbacks() {
        return callbacks;
    }

    /**
     * Task {@code localTaskId}'s environment as the plugin left it: the step's environment as slurmstepd forked
     * the task, with the task's own variables (SLURM_PROCID, SLURM_LOCALID) and whatever task_init_privileged and
     * task_init set or unset with {@code spank_setenv}: what the task's program would start with.
     *
     * @param localTaskId the task's id on the node, from 0
     * @return a read-only map
     * @throws IllegalArgumentException when no such task was started ({@link #failure()} says why)
     */
    public Map<String, String> taskEnv(int localTaskId) {
        Map<String, String> env = taskEnvs.get(localTaskId);
        if (env == null) {
            throw noTask(localTaskId);
        }
        return env;
    }

    /**
     * The command task {@code localTaskId} runs, with what the plugin put before it ({@code spank_prepend_task_argv}).
     *
     * @param localTaskId the task's id on the node, from 0
     * @return the words
     * @throws IllegalArgumentException when no such task was started
     */
    public List<String> taskArgv(int localTaskId) {
        return task(localTaskId).argv();
    }

    /**
     * The nice value the plugin set for task {@code localTaskId} ({@code Spank.setTaskNiceness}).
     *
     * @param localTaskId the task's id on the node, from 0
     * @return the value, empty when no plugin set one (the task keeps the niceness it inherits)
     * @throws IllegalArgumentException when no such task was started
     */
    public OptionalInt taskNiceness(int localTaskId) {
        Integer n = task(localTaskId).niceness();
        return n == null ? OptionalInt.empty() : OptionalInt.of(n);
    }

    /**
     * The job control environment the submitting command built ({@code spank_job_control_setenv}, and the
     * options it found, SPANK-37): what travels with the job to Prolog/Epilog (as {@code SPANK_<name>}) and into
     * the job's processes (as {@code SLURM_SPANK_<name>}). On Plugstack it also holds {@code PLUGSTACK_VERSIONS}
     * (the plugin versions the job runs). For a run of another process, that process's job control environment.
     *
     * @return a read-only map
     */
    public Map<String, String> jobControlEnv() {
        return jobControlEnv;
    }

    /**
     * What the processes printed, in order, as Slurm prints it at the runner's verbosity: the plugin's own lines
     * ({@code Spank.log()}: {@code "srun: error: ..."}, {@code "slurmstepd: ..."}, a {@code spankLog} line as is),
     * the stack's ({@code "srun: error: spank: required plugin ..."}) and the processes' failure lines.
     *
     * @return the lines
     */
    public List<String> log() {
        return log;
    }

    /**
     * The "Options provided by plugins" part of the submitting command's {@code --help}, as it would print it at
     * 80 columns: empty when the plugin registered no option there (or for a run without a submitting command).
     *
     * @return the text
     */
    public String optionsHelp() {
        return optionsHelp;
    }

    private TaskFacts task(int localTaskId) {
        TaskFacts t = tasks.get(localTaskId);
        if (t == null) {
            throw noTask(localTaskId);
        }
        return t;
    }

    private IllegalArgumentException noTask(int localTaskId) {
        return new IllegalArgumentException("no task " + localTaskId + " was started (tasks started: " + taskEnvs.keySet() + ")"
                + (ok() ? "" : "; the run failed: " + failure));
    }

    /** @return the failure (or "ok") and the callbacks, for assertion messages */
    @Override
    public String toString() {
        return (ok() ? "ok" : failure) + " " + callbacks;
    }
}
