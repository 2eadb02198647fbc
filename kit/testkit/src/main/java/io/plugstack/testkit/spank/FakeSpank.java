package io.plugstack.testkit.spank;

import io.plugstack.runtime.spank.SpankSequence;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankItem;
import io.plugstack.api.spank.SpankLog;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankResult;
import io.plugstack.runtime.spank.JobControlEnvironment;
import io.plugstack.runtime.spank.TaskFacts;
import io.plugstack.runtime.spank.options.CachedOption;
import io.plugstack.runtime.spank.options.StackOptions;
import io.plugstack.runtime.spank.stack.SpankHandle;

/**
 * A SPANK handle for calling one callback of a plugin directly:
 *
 * <pre>{@code
 * FakeSpank spank = FakeSpank.in(SpankContext.REMOTE).during(SpankCallback.TASK_INIT).option("project", "chem");
 * assertEquals(0, plugin.taskInit(spank, List.of()));
 * assertEquals("chem", spank.environment().get("PROJECT"));
 * }</pre>
 *
 * <p>Every call is answered by the runtime's own handle ({@code SpankHandle}) while a real stack runs the
 * callback set with {@link #during}: the item table with its per-context and per-callback rules, the
 * environment and job control environment calls, option registration and {@code spank_option_getopt}, task argv
 * and niceness. So a call answers here what it answers in that callback of that process: S_TASK_ID is
 * ESPANK_NOT_REMOTE in srun, S_JOB_ID is not available in srun's init (no job yet) but is in local_user_init,
 * {@code setenv} is ESPANK_NOT_REMOTE outside slurmstepd.
 *
 * <p>Set it up first ({@code in}, {@code during}, and the setters); the first call of a {@link Spank} method
 * fixes it. Options given with {@link #option} reach the handle as the process receives them (processed by
 * srun or sbatch, forwarded to slurmstepd, in the job control environment of a prolog); a handle during init sees
 * none, as init runs before the options are processed. For the whole sequence of callbacks, use
 * {@link SpankRunner}.
 */
public final class FakeSpank extends JobSettings<FakeSpank> implements Spank {

    private final SpankContext context;
    private SpankCallback during;
    private int task;
    private int exitStatus;
    private final RunLog log = new RunLog();
    private ProbeStack stack;
    /** How many options the handle registered itself for the options given (the first in the cache). */
    private int standIns;

    private FakeSpank(SpankContext context) {
        super("plugin");
        this.context = context;
        this.during = SpankSequence.firstCallback(context);
    }

    /**
     * A handle of a stack in {@code context}, during that context's first callback (init; job_prolog in
     * job_script context) until {@link #during} says otherwise.
     *
     * @param context where the stack runs: local (srun), remote (slurmstepd), allocator (sbatch, salloc),
     *                slurmd or job_script (prolog/epilog)
     * @return the handle
     * @throws IllegalArgumentException for {@link SpankContext#ERROR}, where no stack runs
     */
    public static FakeSpank in(SpankContext context) {
        if (context == null || context == SpankContext.ERROR) {
            throw new IllegalArgumentException("no SPANK stack runs in context " + context);
        }
        return new FakeSpank(context);
    }

    /**
     * The callback the plugin's calls are made from, which decides what they may do (items of the task,
     * option registration in init only, getopt only where spank.h allows it).
     *
     * @param callback a callback Slurm calls in this handle's context
     * @return this handle
     * @throws IllegalArgumentException for a callback Slurm never calls in this context
     */
    public FakeSpank during(SpankCallback callback) {
        changing();
        if (callback == null || !callback.contexts().contains(context)) {
            throw new IllegalArgumentException("Slurm never calls " + (callback == null ? null : callback.shortName()) + " in "
                    + context.slurmName() + " context" + (callback == null ? "" : " (it calls it in " + callback.contexts() + ")"));
        }
        this.during = callback;
        return this;
    }

    /**
     * The task a task callback is about (S_TASK_ID; default 0).
     *
     * @param localTaskId from 0 to {@code tasks - 1}
     * @return this handle
     */
    public FakeSpank task(int localTaskId) {
        changing();
        this.task = localTaskId;
        return this;
    }

    /**
     * The wait status the task exited with, as task_exit's S_TASK_EXIT_STATUS reads it (default 0).
     *
     * @param waitStatus e.g. {@code 3 << 8} for exit code 3
     * @return this handle
     */
    public FakeSpank taskExitStatus(int waitStatus) {
        changing();
        this.exitStatus = waitStatus;
        return this;
    }

    /**
     * The environment as the plugin left it (see {@link #env(String, String)}).
     *
     * @return a read-only view
     */
    public Map<String, String> environment() {
        return Collections.unmodifiableMap(env);
    }

    /**
     * The job control environment as the plugin left it.
     *
     * @return a read-only view
     */
    public Map<String, String> jobControlEnvironment() {
        return Collections.unmodifiableMap(jobControlEnv);
    }

    /**
     * The options registered through this handle ({@code spank_option_register} during init, or the plugin's
     * static table), in order, as the plugin gave them: a test can call an option's callback as the submitting
     * command ({@code remote} false) or slurmstepd ({@code remote} true) would. The options the handle
     * registered itself to stand for those given with {@link #option} are not listed.
     *
     * @return the options
     */
    public List<SpankOption> registeredOptions() {
        if (stack == null) {
            return List.of();
        }
        List<SpankOption> all = stack.options().cache().options().stream().map(CachedOption::option).toList();
        return all.subList(standIns, all.size());
    }

    /**
     * The task's argv as the plugin left it ({@code spank_prepend_task_argv}).
     *
     * @return the words
     */
    public List<String> taskArgv() {
        return currentTask().argv();
    }

    /**
     * The nice value the plugin set for the task ({@link #setTaskNiceness}).
     *
     * @return the value, empty when none was set
     */
    public OptionalInt taskNiceness() {
        Integer n = currentTask().niceness();
        return n == null ? OptionalInt.empty() : OptionalInt.of(n);
    }

    /**
     * The lines the plugin logged through {@link #log()}, as the process prints them at -v 4
     * ({@code "slurmstepd: error: ..."}).
     *
     * @return the lines
     */
    public List<String> loggedLines() {
        return log.lines(4);
    }

    @Override
    public SpankContext context() {
        return context;
    }

    @Override
    public <T> SpankResult<T> getItem(SpankItem item) {
        return within(h -> h.getItem(item));
    }

    @Override
    public <T> SpankResult<T> getItem(SpankItem item, long argument) {
        return within(h -> h.getItem(item, argument));
    }

    @Override
    public SpankResult<String> getenv(String name) {
        return within(h -> h.getenv(name));
    }

    @Override
    public SpankError setenv(String name, String value, boolean overwrite) {
        return within(h -> h.setenv(name, value, overwrite));
    }

    @Override
    public SpankError unsetenv(String name) {
        return within(h -> h.unsetenv(name));
    }

    @Override
    public SpankResult<String> jobControlGetenv(String name) {
        return within(h -> h.jobControlGetenv(name));
    }

    @Override
    public SpankError jobControlSetenv(String name, String value, boolean overwrite) {
        return within(h -> h.jobControlSetenv(name, value, overwrite));
    }

    @Override
    public SpankError jobControlUnsetenv(String name) {
        return within(h -> h.jobControlUnsetenv(name));
    }

    @Override
    public SpankError optionRegister(SpankOption option) {
        return within(h -> h.optionRegister(option));
    }

    @Override
    public SpankResult<Optional<String>> optionGetopt(SpankOption option) {
        return within(h -> h.optionGetopt(option));
    }

    @Override
    public SpankError prependTaskArgv(List<String> args) {
        return within(h -> h.prependTaskArgv(args));
    }

    @Override
    public SpankError setTaskNiceness(int niceness) {
        return within(h -> h.setTaskNiceness(niceness));
    }

    /** The log the plugin writes to, as the process's: its lines are in {@link #loggedLines()}. */
    @Override
    public SpankLog log() {
        return started().handle().log();
    }

    @Override
    void changing() {
        if (stack != null) {
            throw new IllegalStateException("this FakeSpank has been used already: set it up before its first call");
        }
    }

    private TaskFacts currentTask() {
        if (!during.name().startsWith("TASK_")) {
            throw new IllegalStateException(during.shortName() + " is not about a task");
        }
        started();
        return stack.handle().tasks().get(task);
    }

    private <T> T within(Function<SpankHandle, T> call) {
        return started().within(during, call);
    }

    private ProbeStack started() {
        if (stack == null) {
            if (task < 0 || task >= job.tasks) {
                throw new IllegalStateException("task " + task + " is not one of the step's " + job.tasks + " tasks");
            }
            SpankSequence.Process process = SpankSequence.Process.calling(context, during).orElseThrow();
            ProbeStack s = new ProbeStack(context, name, release, log.of(process.slurmName()),
                    new StackOptions(context, log.of(process.slurmName()), env, Set.of()), env, jobControlEnv);
            if (process.knowsJobAt(SpankSequence.stepOf(during))) {
                s.handle().job(job.factsFor(process));
            }
            if (context == SpankContext.REMOTE) {
                s.handle().tasks(tasksAt(during));
                s.handle().currentTask(during.name().startsWith("TASK_") ? task : -1);
            }
            giveOptions(s);
            stack = s;
        }
        return stack;
    }

    /** The step's tasks as slurmstepd knows them during {@code callback}: forked (a pid) from post_fork on, reaped in task_exit. */
    private List<TaskFacts> tasksAt(SpankCallback callback) {
        List<TaskFacts> tasks = new ArrayList<>();
        boolean forked = callback == SpankCallback.TASK_POST_FORK || callback == SpankCallback.TASK_INIT
                || callback == SpankCallback.TASK_EXIT;
        for (TaskFacts t : job.taskFacts()) {
            TaskFacts f = forked ? t.withPid(job.pid(t.localId())) : t;
            tasks.add(callback == SpankCallback.TASK_EXIT && t.localId() == task ? f.withExitStatus(exitStatus) : f);
        }
        return tasks;
    }

    /** The options the user gave, as the process has them by the time {@link #during} runs (never in init). */
    private void giveOptions(ProbeStack s) {
        if (options.isEmpty() || during == SpankCallback.INIT) {
            return;
        }
        ForwardedOptions forwarded = new ForwardedOptions(name, options);
        standIns = (int) options.stream().map(ForwardedOptions.Given::name).distinct().count();
        switch (context) {
            case LOCAL, ALLOCATOR -> {
                s.within(SpankCallback.INIT, h -> registerAll(h));
                options.forEach(g -> s.options().processCommandLine(g.name(), g.value()));
            }
            case REMOTE -> {
                s.within(SpankCallback.INIT, h -> registerAll(h));
                s.options().applyRemote(forwarded.launchOptions(), env);
            }
            case JOB_SCRIPT -> {
                standIns = 0;
                env.putAll(JobControlEnvironment.forPrologEpilog(forwarded.jobControlExports()));
            }
            default -> standIns = 0; // slurmd: no callback there may read options
        }
    }

    private Object registerAll(SpankHandle h) {
        options.stream().map(ForwardedOptions.Given::name).distinct()
                .forEach(n -> h.optionRegister(options.stream().filter(g -> g.name().equals(n)).findFirst().orElseThrow()
                        .asOption("given to FakeSpank")));
        return null;
    }
}
