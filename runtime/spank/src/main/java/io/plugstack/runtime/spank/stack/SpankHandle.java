package io.plugstack.runtime.spank.stack;

import io.plugstack.runtime.spank.TaskFacts;
import io.plugstack.runtime.spank.JobFacts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankItem;
import io.plugstack.api.spank.SpankLog;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankResult;
import io.plugstack.api.slurm.SlurmLog;

/**
 * spank_t: what a callback may ask of the stack, with spank.c's rules per context and callback.
 * The launcher fills in the job, the tasks and the environments; the stack sets the plugin and
 * callback being run.
 */
public final class SpankHandle implements Spank {

    /** setpriority(2)'s range of nice values. */
    static final int MIN_NICENESS = -20;
    static final int MAX_NICENESS = 19;

    private final SpankContext context;
    private final SlurmVersion release;
    /** spank_prepend_task_argv came with Slurm 23.11. */
    private final SlurmLog log;
    private final OptionHooks options;
    private Map<String, String> stepEnv;
    private final Map<String, String> jobControlEnv;
    private final List<TaskFacts> tasks = new ArrayList<>();
    private JobFacts job;
    private int currentTask = -1;
    private StackPlugin plugin;
    private SpankCallback phase;
    private io.plugstack.api.user.OnBehalfOf commandUser;

    /**
     * @param stepEnv       the step's environment (remote context: what spank_getenv/setenv act on)
     * @param jobControlEnv the job control environment (local/allocator: spank_job_control_*)
     */
    public SpankHandle(SpankContext context, SlurmVersion release, SlurmLog log, OptionHooks options,
            Map<String, String> stepEnv, Map<String, String> jobControlEnv) {
        this.context = context;
        this.release = release;
        this.log = log;
        this.options = options;
        this.stepEnv = stepEnv;
        this.jobControlEnv = jobControlEnv;
    }

    public SpankHandle(SpankContext context, SlurmVersion release, SlurmLog log, OptionHooks options) {
        this(context, release, log, options, new LinkedHashMap<>(), new LinkedHashMap<>());
    }

    /** The user's own command the stack runs in (local, allocator), when the host knows it; null otherwise. */
    public void commandUser(io.plugstack.api.user.OnBehalfOf user) {
        this.commandUser = user;
    }

    @Override
    public java.util.Optional<io.plugstack.api.user.OnBehalfOf> commandUser() {
        return context == SpankContext.LOCAL || context == SpankContext.ALLOCATOR ? java.util.Optional.ofNullable(commandUser)
                : java.util.Optional.empty();
    }

    /** The Slurm release the stack plays (what its callers' rules depend on). */
    public SlurmVersion release() {
        return release;
    }

    /** The job as this handle reports it; null until the job is known (local before local_user_init). */
    public void job(JobFacts facts) {
        this.job = facts;
    }

    /** The step's tasks on this node. */
    public void tasks(List<TaskFacts> all) {
        tasks.clear();
        tasks.addAll(all);
    }

    public List<TaskFacts> tasks() {
        return List.copyOf(tasks);
    }

    /** Which task the next callbacks are about (-1: none). */
    public void currentTask(int localId) {
        this.currentTask = localId;
    }

    /** Updates one task (its pid once forked, its status once reaped). */
    public void updateTask(TaskFacts task) {
        tasks.set(task.localId(), task);
    }

    public Map<String, String> stepEnv() {
        return stepEnv;
    }

    /**
     * Switches the environment spank_getenv/setenv act on: a task's own copy while its
     * task_init_privileged/task_init run (in Slurm they run in the forked child), the step's otherwise.
     */
    public void environment(Map<String, String> env) {
        this.stepEnv = env;
    }

    public Map<String, String> jobControlEnv() {
        return jobControlEnv;
    }

    void enter(StackPlugin p, SpankCallback callback) {
        this.plugin = p;
        this.phase = callback;
    }

    /**
     * Runs an option's callback with this handle as {@code p}'s, outside any SPANK callback (as Slurm runs
     * it while it parses options), then restores the callback it interrupted, if any.
     */
    public int duringOptionCallback(StackPlugin p, java.util.function.ToIntFunction<io.plugstack.api.spank.Spank> callback) {
        StackPlugin plugin0 = plugin;
        SpankCallback phase0 = phase;
        enter(p, null);
        try {
            return callback.applyAsInt(this);
        } finally {
            enter(plugin0, phase0);
        }
    }

    void leave() {
        this.plugin = null;
        this.phase = null;
    }

    @Override
    public SpankContext context() {
        return context;
    }

    @Override
    public <T> SpankResult<T> getItem(SpankItem item) {
        return getItem(item, 0L);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> SpankResult<T> getItem(SpankItem item, long argument) {
        if (item == null) {
            return SpankResult.failure(SpankError.BAD_ARG);
        }
        TaskFacts task = currentTask >= 0 && currentTask < tasks.size() ? tasks.get(currentTask) : null;
        return (SpankResult<T>) ItemReader.read(item, argument,
                new ItemReader.Scope(context, phase, job, task, tasks, stepEnv, release));
    }

    @Override
    public SpankResult<String> getenv(String name) {
        if (context != SpankContext.REMOTE) {
            return SpankResult.failure(SpankError.NOT_REMOTE);
        }
        if (name == null) {
            return SpankResult.failure(SpankError.BAD_ARG);
        }
        String v = stepEnv.get(name);
        return v == null ? SpankResult.failure(SpankError.ENV_NOEXIST) : SpankResult.success(v);
    }

    @Override
    public SpankError setenv(String name, String value, boolean overwrite) {
        if (context != SpankContext.REMOTE) {
            return SpankError.NOT_REMOTE;
        }
        if (name == null || value == null) {
            return SpankError.BAD_ARG;
        }
        if (!overwrite && stepEnv.containsKey(name)) {
            return SpankError.ENV_EXISTS;
        }
        stepEnv.put(name, value);
        return SpankError.SUCCESS;
    }

    @Override
    public SpankError unsetenv(String name) {
        if (context != SpankContext.REMOTE) {
            return SpankError.NOT_REMOTE;
        }
        if (name == null) {
            return SpankError.BAD_ARG;
        }
        stepEnv.remove(name);
        return SpankError.SUCCESS;
    }

    /** SPANK-H-16: not in remote (NOT_LOCAL), not in slurmd (NOT_AVAIL). */
    private Optional<SpankError> jobControlRefusal() {
        return switch (context) {
            case REMOTE -> Optional.of(SpankError.NOT_LOCAL);
            case SLURMD -> Optional.of(SpankError.NOT_AVAIL);
            default -> Optional.empty();
        };
    }

    @Override
    public SpankResult<String> jobControlGetenv(String name) {
        Optional<SpankError> refused = jobControlRefusal();
        if (refused.isPresent()) {
            return SpankResult.failure(refused.get());
        }
        if (name == null) {
            return SpankResult.failure(SpankError.BAD_ARG);
        }
        String v = jobControlEnv.get(name);
        return v == null ? SpankResult.failure(SpankError.ENV_NOEXIST) : SpankResult.success(v);
    }

    @Override
    public SpankError jobControlSetenv(String name, String value, boolean overwrite) {
        Optional<SpankError> refused = jobControlRefusal();
        if (refused.isPresent()) {
            return refused.get();
        }
        if (name == null || value == null || name.isEmpty() || name.contains("=")) {
            return SpankError.BAD_ARG;
        }
        // overwrite=0 on an existing name: SUCCESS, old value kept (the client-side store's behaviour)
        if (overwrite || !jobControlEnv.containsKey(name)) {
            jobControlEnv.put(name, value);
        }
        return SpankError.SUCCESS;
    }

    @Override
    public SpankError jobControlUnsetenv(String name) {
        Optional<SpankError> refused = jobControlRefusal();
        if (refused.isPresent()) {
            return refused.get();
        }
        if (name == null) {
            return SpankError.BAD_ARG;
        }
        jobControlEnv.remove(name);
        return SpankError.SUCCESS;
    }

    @Override
    public SpankError optionRegister(SpankOption option) {
        if (phase == null || !phase.allows(SpankCallback.Allows.OPTION_REGISTER)) {
            return SpankError.BAD_ARG;
        }
        if (option == null || option.name() == null || option.usage() == null) {
            return SpankError.BAD_ARG;
        }
        return options.register(plugin, option);
    }

    @Override
    public SpankResult<Optional<String>> optionGetopt(SpankOption option) {
        return options.getopt(plugin, option, phase);
    }

    @Override
    public SpankError prependTaskArgv(List<String> args) {
        if (args == null) {
            return SpankError.BAD_ARG;
        }
        if (!inTaskCallbackAllowing(SpankCallback.Allows.PREPEND_TASK_ARGV)) {
            return SpankError.NOT_TASK;
        }
        if (!ReleaseBehaviour.SPANK_PREPEND_TASK_ARGV.at(release)) {
            return SpankError.NOT_AVAIL; // spank_prepend_task_argv is not in this release's Slurm (a real bridge could not apply it)
        }
        TaskFacts t = tasks.get(currentTask);
        List<String> argv = new ArrayList<>(args);
        argv.addAll(t.argv());
        tasks.set(currentTask, t.withArgv(argv));
        return SpankError.SUCCESS;
    }

    @Override
    public SpankError setTaskNiceness(int niceness) {
        if (niceness < MIN_NICENESS || niceness > MAX_NICENESS) {
            return SpankError.BAD_ARG;
        }
        if (!inTaskCallbackAllowing(SpankCallback.Allows.SET_TASK_NICENESS)) {
            return SpankError.NOT_TASK;
        }
        tasks.set(currentTask, tasks.get(currentTask).withNiceness(niceness));
        return SpankError.SUCCESS;
    }

    /** Whether a callback that allows {@code call} is running, about a task of this step. */
    private boolean inTaskCallbackAllowing(SpankCallback.Allows call) {
        return phase != null && phase.allows(call) && currentTask >= 0 && currentTask < tasks.size();
    }

    @Override
    public SpankLog log() {
        return new HandleLog(log);
    }
}
