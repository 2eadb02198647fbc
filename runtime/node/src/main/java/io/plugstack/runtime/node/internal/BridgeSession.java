package io.plugstack.runtime.node.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankItem;
import io.plugstack.runtime.node.wire.Messages;
import io.plugstack.runtime.node.wire.Messages.Call;
import io.plugstack.runtime.node.wire.Messages.Done;
import io.plugstack.runtime.node.wire.Messages.EnvOp;
import io.plugstack.runtime.node.wire.Messages.LogLine;
import io.plugstack.runtime.node.wire.Wire;
import io.plugstack.runtime.spank.CallResult;
import io.plugstack.runtime.spank.JobFacts;
import io.plugstack.runtime.spank.JobPluginVersions;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.SpankStacks;
import io.plugstack.runtime.spank.TaskFacts;

/**
 * One bridge connection: the SPANK session of one real Slurm process (an srun, a slurmstepd, a
 * prolog, slurmd) in the node's runtime. Each CALL carries what the bridge read in the real process
 * (items, environment); the same engine the bench drives ({@link SpankSession}) runs the Java
 * plugins; the DONE answer carries the rc and the effects to apply back there: environment and
 * job-control changes, log lines.
 */
final class BridgeSession implements AutoCloseable {

    /** plugstack_bridge.so's plugin_name: what a real Slurm calls every Java option ({@code renice:plugstack}). */
    static final String BRIDGE_PLUGIN_NAME = "plugstack";

    private final SpankContext context;
    private final SpankSession session;
    /** The environment the callbacks act on, refreshed from every CALL (remote: the step's). */
    private final Map<String, String> env;
    /** What the plugins logged since the last DONE: the bridge prints it in the Slurm process. */
    private final List<LogLine> logs;
    private boolean tasksKnown;

    private BridgeSession(SpankContext context, SpankSession session, Map<String, String> env, List<LogLine> logs) {
        this.context = context;
        this.session = session;
        this.env = env;
        this.logs = logs;
    }

    /**
     * A session of {@code context} for the Slurm release the bridge runs in, at the plugin versions
     * its job carries ({@code jobVersions}, HELLO's: null when none), for {@code peer} (the user's command in
     * local and allocator contexts); empty (and {@code why} set) when
     * its stack cannot be loaded.
     */
    static Optional<BridgeSession> open(SpankStacks stacks, SpankContext context, SlurmVersion release, String jobVersions,
            io.plugstack.api.user.OnBehalfOf peer, StringBuilder why) {
        Map<String, String> env = new LinkedHashMap<>();
        // the stack loads now, before any CALL brings the environment: the carried versions come in HELLO
        JobPluginVersions.carrier(context).filter(v -> jobVersions != null).ifPresent(name -> env.put(name, jobVersions));
        if (context == SpankContext.LOCAL && peer != null) { // an srun inside an allocation: its versions are its job's
            for (String id : new String[] {"SLURM_JOB_ID", "SLURM_JOBID"}) {
                String v = peer.environment().get(id);
                if (v != null) {
                    env.put(id, v);
                }
            }
        }
        List<LogLine> logs = new ArrayList<>();
        SlurmLog log = (level, message) -> logs.add(new LogLine(level.ordinal(), message));
        SpankSession.Setup setup = switch (context) {
            case REMOTE -> SpankSession.Setup.step(env);
            // slurmstepd's prolog/epilog has the options as Slurm knew them: <option>:plugstack
            case JOB_SCRIPT -> SpankSession.Setup.jobScript(env, Map.of()).knownToSlurmAs(BRIDGE_PLUGIN_NAME);
            case SLURMD -> SpankSession.Setup.slurmd();
            // srun, sbatch, salloc: the peer is the user's own command, in its directory and environment (HELLO's)
            default -> SpankSession.Setup.client(env, new LinkedHashMap<>(), java.util.Set.of()).inCommandOf(peer);
        };
        SpankSession.Opened o = stacks.session(context, setup, release, log);
        if (!o.ok()) {
            why.append(o.failure());
            return Optional.empty();
        }
        return Optional.of(new BridgeSession(context, o.session(), env, logs));
    }

    SpankContext context() {
        return context;
    }

    /** WELCOME's mask: bit i for Wire.CALLBACKS[i] when some plugin defines it; init always (it registers options). */
    int definedCallbacks() {
        int mask = 0;
        for (int i = 0; i < Wire.CALLBACKS.size(); i++) {
            SpankCallback cb = Wire.CALLBACKS.get(i);
            if (cb == SpankCallback.INIT || session.defines(cb)) {
                mask |= 1 << i;
            }
        }
        return mask;
    }

    /**
     * Runs one callback with the facts of {@code call}; what the bridge applies in the Slurm process.
     * A step's task children (ATTACH) share this session with their slurmstepd, which calls
     * task_post_fork while a child runs task_init_privileged: one callback at a time, as in a C plugin's process.
     */
    synchronized Done call(Call call) {
        SpankCallback callback = Wire.CALLBACKS.get(call.callback());
        Map<Integer, Messages.Item> items = new HashMap<>();
        call.items().forEach(i -> items.put(i.item(), i));
        Map<String, String> before = Messages.environment(call.environment());
        env.clear();
        env.putAll(before);
        Map<String, String> jobControlBefore = new LinkedHashMap<>(session.jobControlEnv());
        facts(items);
        int task = (int) number(items, SpankItem.S_TASK_ID).orElse(-1L).longValue();
        TaskFacts taskBefore = isTaskStart(callback) && tasksKnown && task >= 0 ? session.task(task) : null;
        CallResult r = phase(callback, task, items);
        List<Messages.Effect> effects = taskBefore != null ? effects(taskBefore, session.task(task)) : List.of();
        List<EnvOp> envOps = changes(before, env);
        List<EnvOp> jcOps = changes(jobControlBefore, session.jobControlEnv());
        List<LogLine> lines = List.copyOf(logs);
        logs.clear();
        // the options the plugins registered in init, for the bridge to register with Slurm (srun --help lists them)
        List<Messages.OptionDecl> options = callback != SpankCallback.INIT ? List.of() : session.options().registered().stream()
                .map(o -> new Messages.OptionDecl(o.name(), o.arginfo(), o.usage(), o.hasArg(), o.optval())).toList();
        return new Done(r.rc(), r.failureMode().map(SpankError::code).orElse(0), envOps, jcOps, lines, options, effects);
    }

    /** The callbacks in which plugins may change the task about to start (its niceness, its argv). */
    private static boolean isTaskStart(SpankCallback callback) {
        return callback == SpankCallback.TASK_INIT_PRIVILEGED || callback == SpankCallback.TASK_POST_FORK
                || callback == SpankCallback.TASK_INIT;
    }

    /**
     * What the plugins did to the task about to start in this callback, for the bridge to do: in the task's own
     * process, or from slurmstepd on the task's pid (task_post_fork).
     */
    private static List<Messages.Effect> effects(TaskFacts before, TaskFacts task) {
        List<Messages.Effect> effects = new ArrayList<>();
        if (task.niceness() != null && !task.niceness().equals(before.niceness())) {
            effects.add(Messages.Effect.taskNiceness(task.niceness()));
        }
        List<String> argvBefore = before.argv();
        List<String> argv = task.argv();
        if (argv.size() > argvBefore.size() && argv.subList(argv.size() - argvBefore.size(), argv.size()).equals(argvBefore)) {
            effects.add(Messages.Effect.prependTaskArgv(argv.subList(0, argv.size() - argvBefore.size())));
        }
        return effects;
    }

    /** Slurm processed a plugin option: its plugin's callback runs; its rc goes back to Slurm. */
    synchronized Messages.OptionRc option(Messages.Option option) {
        int rc = session.options().process(option.val(), option.optarg(), option.remote());
        List<LogLine> lines = List.copyOf(logs);
        logs.clear();
        return new Messages.OptionRc(rc, lines);
    }

    private CallResult phase(SpankCallback callback, int task, Map<Integer, Messages.Item> items) {
        Map<String, String> taskEnv = env;
        return switch (callback) {
            case INIT -> session.init();
            case INIT_POST_OPT -> session.initPostOpt();
            case LOCAL_USER_INIT -> session.localUserInit();
            case USER_INIT -> session.userInit();
            case TASK_INIT_PRIVILEGED -> session.taskInitPrivileged(task, taskEnv);
            case TASK_INIT -> session.taskInit(task, taskEnv);
            case TASK_POST_FORK -> session.taskPostFork(task, number(items, SpankItem.S_TASK_PID).orElse(0L));
            case TASK_EXIT -> session.taskExit(task, (int) number(items, SpankItem.S_TASK_EXIT_STATUS).orElse(0L).longValue());
            case EXIT -> session.exit();
            case SLURMD_EXIT -> session.slurmdExit();
            case JOB_PROLOG -> session.jobProlog();
            case JOB_EPILOG -> session.jobEpilog();
            default -> CallResult.OK;
        };
    }

    /** The job (and, in a step, its tasks) as the bridge read them in this callback. */
    private void facts(Map<Integer, Messages.Item> items) {
        Optional<Long> job = number(items, SpankItem.S_JOB_ID);
        if (job.isEmpty()) {
            return; // srun before its allocation, slurmd: no job yet
        }
        long local = number(items, SpankItem.S_JOB_LOCAL_TASK_COUNT).orElse(0L);
        JobFacts.Builder b = JobFacts.job(number(items, SpankItem.S_JOB_UID).orElse(0L), number(items, SpankItem.S_JOB_GID).orElse(0L),
                job.get()).step(number(items, SpankItem.S_JOB_STEPID).orElse(0L))
                .tasks(local, number(items, SpankItem.S_JOB_TOTAL_TASK_COUNT).orElse(local))
                .layoutKnown(items.containsKey(SpankItem.S_JOB_LOCAL_TASK_COUNT.ordinal()))
                .ncpus((int) number(items, SpankItem.S_JOB_NCPUS).orElse(0L).longValue())
                .restartCount(number(items, SpankItem.S_SLURM_RESTART_COUNT).orElse(0L));
        Messages.Item argv = items.get(SpankItem.S_JOB_ARGV.ordinal());
        if (argv != null && argv.list() != null) {
            b.argv(argv.list());
        }
        session.job(b.build());
        if (context == SpankContext.REMOTE && local > 0 && !tasksKnown) {
            List<TaskFacts> tasks = new ArrayList<>();
            for (int i = 0; i < local; i++) {
                tasks.add(new TaskFacts(i, i, 0, null, argv != null && argv.list() != null ? argv.list() : List.of()));
            }
            session.tasks(tasks);
            tasksKnown = true;
        }
    }

    private static Optional<Long> number(Map<Integer, Messages.Item> items, SpankItem item) {
        Messages.Item i = items.get(item.ordinal());
        return i == null || i.number() == null ? Optional.empty() : Optional.of(i.number());
    }

    /** What turns {@code before} into {@code after}: sets (new or changed) then unsets. */
    private static List<EnvOp> changes(Map<String, String> before, Map<String, String> after) {
        List<EnvOp> ops = new ArrayList<>();
        after.forEach((k, v) -> {
            if (!v.equals(before.get(k))) {
                ops.add(new EnvOp(k, v));
            }
        });
        before.keySet().stream().filter(k -> !after.containsKey(k)).forEach(k -> ops.add(new EnvOp(k, null)));
        return ops;
    }

    @Override
    public void close() {
        session.close();
    }
}
