package io.plugstack.runtime.spank.stack;

import java.util.List;
import java.util.Map;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.runtime.spank.CallResult;
import io.plugstack.runtime.spank.JobFacts;
import io.plugstack.runtime.spank.JobPluginVersions;
import io.plugstack.runtime.spank.JobVersionsSeal;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.TaskFacts;
import io.plugstack.runtime.spank.conf.PlugstackConf;
import io.plugstack.runtime.spank.LaunchOption;
import io.plugstack.runtime.spank.SessionOptions;
import io.plugstack.runtime.spank.options.StackOptions;

/** A {@link SpankSession}: one stack and its handle, with the phases as spank.c's entry points drive them. */
public final class Session implements SpankSession {

    private final SpankStack stack;
    private final SpankHandle handle;
    private final StackOptions options;
    private final Map<String, String> stepEnv;
    private final JobPluginVersions versions;
    private final JobVersionsSeal seal;
    /** When the carried versions were first sealed; null when this stack chose them. */
    private final java.time.Instant sealedAt;

    private Session(SpankStack stack, SpankHandle handle, StackOptions options, Map<String, String> stepEnv,
            JobPluginVersions versions, JobVersionsSeal seal, java.time.Instant sealedAt) {
        this.stack = stack;
        this.seal = seal;
        this.sealedAt = sealedAt;
        this.handle = handle;
        this.options = options;
        this.stepEnv = stepEnv;
        this.versions = versions;
    }

    /**
     * Loads {@code conf}'s plugins for {@code context} through {@code resolver} into a session, at
     * the versions the job carries in {@code setup}'s environment when it carries them.
     */
    public static Opened open(SpankContext context, PlugstackConf.Result conf, Setup setup, SlurmVersion release,
            PluginResolver resolver, SlurmLog log) {
        return open(context, conf, setup, release, resolver, THIS_PROCESS, log);
    }

    /** Sealed by this process alone: for a runtime whose jobs never leave it (tests). */
    private static final JobVersionsSeal THIS_PROCESS = JobVersionsSeal.ephemeral();

    /** As {@link #open(SpankContext, PlugstackConf.Result, Setup, SlurmVersion, PluginResolver, SlurmLog)}, sealing with {@code seal}. */
    public static Opened open(SpankContext context, PlugstackConf.Result conf, Setup setup, SlurmVersion release,
            PluginResolver resolver, JobVersionsSeal seal, SlurmLog log) {
        if (conf.failure().isPresent()) {
            return new Opened(null, conf.failure().get());
        }
        StackOptions options = new StackOptions(context, log, setup.environment(), setup.builtinOptions(), setup.slurmPluginName());
        JobPluginVersions.Carried sealedSet = JobPluginVersions.sealed(context, setup.environment(), seal, log);
        JobPluginVersions carried = sealedSet.versions();
        SpankStack.Build build = SpankStack.build(context, conf.entries(), resolver, carried, options, log);
        if (!build.ok()) {
            return new Opened(null, build.failure());
        }
        SpankHandle handle = new SpankHandle(context, release, log, options, setup.stepEnv(), setup.jobControlEnv());
        handle.commandUser(setup.commandUser());
        options.callbacksRunWith(handle::duringOptionCallback);
        return new Opened(new Session(build.stack(), handle, options, setup.stepEnv(), carried.with(build.versions()), seal,
                sealedSet.sealedAt()), "");
    }

    /** srun's spank_init puts the versions its job runs (see {@link JobPluginVersions}) in its own environment, which its step inherits. */
    @Override
    public CallResult init() {
        if (recordsJobVersions() && handle.context() == SpankContext.LOCAL) {
            stepEnv.put(JobPluginVersions.JOB_ENV_NAME, seal.seal(versions, sealedAt != null ? sealedAt : java.time.Instant.now()));
        }
        return call(SpankCallback.INIT);
    }

    /**
     * The submitting command's init_post_opt puts them in the job control environment, which travels
     * with the job: not its init, as a real srun drops what its init put there.
     */
    @Override
    public CallResult initPostOpt() {
        if (recordsJobVersions()) {
            handle.jobControlEnv().put(JobPluginVersions.JOB_CONTROL_NAME, seal.seal(versions, sealedAt != null ? sealedAt : java.time.Instant.now()));
        }
        return call(SpankCallback.INIT_POST_OPT);
    }

    private boolean recordsJobVersions() {
        return JobPluginVersions.choosesFor(handle.context()) && !versions.isEmpty();
    }

    @Override
    public CallResult initPostOpt(List<LaunchOption> launchOptions) {
        options.applyRemote(launchOptions, stepEnv);
        return call(SpankCallback.INIT_POST_OPT);
    }

    @Override
    public CallResult localUserInit() {
        return call(SpankCallback.LOCAL_USER_INIT);
    }

    @Override
    public CallResult userInit() {
        return call(SpankCallback.USER_INIT);
    }

    @Override
    public CallResult taskInitPrivileged(int localId, Map<String, String> taskEnv) {
        return onTask(SpankCallback.TASK_INIT_PRIVILEGED, localId, taskEnv);
    }

    @Override
    public CallResult taskInit(int localId, Map<String, String> taskEnv) {
        return onTask(SpankCallback.TASK_INIT, localId, taskEnv);
    }

    @Override
    public CallResult taskPostFork(int localId, long pid) {
        handle.currentTask(localId);
        handle.updateTask(handle.tasks().get(localId).withPid(pid));
        return call(SpankCallback.TASK_POST_FORK);
    }

    @Override
    public CallResult taskExit(int localId, int status) {
        handle.currentTask(localId);
        handle.updateTask(handle.tasks().get(localId).withExitStatus(status));
        return call(SpankCallback.TASK_EXIT);
    }

    @Override
    public CallResult exit() {
        handle.currentTask(-1);
        return call(SpankCallback.EXIT);
    }

    @Override
    public CallResult slurmdExit() {
        return call(SpankCallback.SLURMD_EXIT);
    }

    @Override
    public CallResult jobProlog() {
        return call(SpankCallback.JOB_PROLOG);
    }

    @Override
    public CallResult jobEpilog() {
        return call(SpankCallback.JOB_EPILOG);
    }

    @Override
    public void job(JobFacts facts) {
        handle.job(facts);
    }

    @Override
    public void tasks(List<TaskFacts> tasks) {
        handle.tasks(tasks);
    }

    @Override
    public TaskFacts task(int localId) {
        return handle.tasks().get(localId);
    }

    @Override
    public SessionOptions options() {
        return options;
    }

    @Override
    public Map<String, String> jobControlEnv() {
        return handle.jobControlEnv();
    }

    @Override
    public boolean defines(SpankCallback callback) {
        // the session itself acts in the submitting command's init_post_opt (the job's versions)
        return stack.defines(callback) || callback == SpankCallback.INIT_POST_OPT && recordsJobVersions();
    }

    @Override
    public JobPluginVersions versions() {
        return versions;
    }

    @Override
    public List<String> plugins() {
        return stack.plugins().stream().map(p -> p.label()).toList();
    }

    private CallResult onTask(SpankCallback callback, int localId, Map<String, String> taskEnv) {
        handle.environment(taskEnv);
        handle.currentTask(localId);
        try {
            return call(callback);
        } finally {
            handle.environment(stepEnv);
        }
    }

    private CallResult call(SpankCallback callback) {
        return stack.call(callback, handle);
    }

    /** Drops the stack (job_script plugins' class spaces go with it). */
    @Override
    public void close() {
        stack.close();
    }
}
