package io.plugstack.testkit.spank;

import io.plugstack.runtime.spank.SpankSequence;
import static io.plugstack.runtime.spank.SpankSequence.Process;
import static io.plugstack.runtime.spank.SpankSequence.Row;
import static io.plugstack.runtime.spank.SpankSequence.Step;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.runtime.spank.CallResult;
import io.plugstack.runtime.spank.JobControlEnvironment;
import io.plugstack.runtime.spank.LaunchOption;
import io.plugstack.runtime.spank.SessionOptions;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.TaskFacts;
import io.plugstack.runtime.spank.stack.Session;

/**
 * One run: the processes a {@link SpankRunner} asked for, each played row by row from {@link SpankSequence}
 * on a real {@link Session} (the runtime's stack, handle and option processing) that loads the plugin under
 * test from its plugstack.conf line. What the processes did is collected for the {@link SpankRun}.
 */
final class Play {

    /** The status a task's child exits with when its task_init_privileged or task_init failed ({@code _exit(1)}). */
    static final int FAILED_CHILD_STATUS = 1 << 8;

    private final PluginUnderTest plugin;
    private final SlurmVersion release;
    private final JobSetup job;
    private final Map<String, String> env;
    private final Map<String, String> jobControlGiven;
    private final List<ForwardedOptions.Given> options;
    private final int taskExitCode;
    private final RunLog log = new RunLog();
    private final List<String> callbacks = new ArrayList<>();
    private final Map<Integer, Map<String, String>> taskEnvs = new LinkedHashMap<>();
    private final Map<Integer, TaskFacts> taskFacts = new LinkedHashMap<>();
    private Map<String, String> jobControlEnv = Map.of();
    private String optionsHelp = "";
    private String failure = "";
    private Process current;

    Play(PluginUnderTest plugin, SlurmVersion release, JobSetup job, Map<String, String> env, Map<String, String> jobControl,
            List<ForwardedOptions.Given> options, int taskExitCode) {
        this.plugin = plugin;
        this.release = release;
        this.job = job;
        this.env = Map.copyOf(env);
        this.jobControlGiven = Map.copyOf(jobControl);
        this.options = List.copyOf(options);
        this.taskExitCode = taskExitCode;
    }

    /** What the run gave, its log at -v {@code verbosity}. */
    SpankRun result(int verbosity) {
        plugin.finish();
        return new SpankRun(failure, callbacks, taskEnvs, taskFacts, jobControlEnv, log.lines(verbosity), optionsHelp);
    }

    /** srun or sbatch: init, the options, init_post_opt, (srun) local_user_init and the step if {@code launch}, exit. */
    void client(Process p, boolean launch) {
        current = p;
        Map<String, String> processEnv = new LinkedHashMap<>(env);
        Map<String, String> jobControl = new LinkedHashMap<>(jobControlGiven);
        if (p == Process.SRUN) {
            jobControl.putAll(JobControlEnvironment.imported(env)); // init_spank_env: a nested srun re-imports its job's
        }
        int mark = log.mark();
        SpankSession.Opened o = Session.open(p.context(), plugin.conf(), SpankSession.Setup.client(processEnv, jobControl, Set.of()),
                release, plugin, out());
        if (!o.ok()) {
            failed(SpankSequence.row(p, Step.INIT), -1, mark);
            return;
        }
        try (SpankSession s = o.session()) {
            for (Row row : SpankSequence.rows(p)) {
                boolean ok = switch (row.step()) {
                    case INIT -> called(row, () -> s.init(), -1);
                    case OPTIONS -> processOptions(row, s.options());
                    case INIT_POST_OPT -> {
                        s.jobControlEnv().putAll(s.options().jobControlExports()); // SPANK-37(c)
                        yield called(row, () -> s.initPostOpt(), -1);
                    }
                    case LOCAL_USER_INIT -> {
                        s.job(job.factsFor(Process.SRUN));
                        yield called(row, () -> s.localUserInit(), -1);
                    }
                    case LAUNCH -> {
                        if (launch) {
                            step(jobEnvironment(processEnv, s), s.options().launchOptions());
                            current = p;
                        }
                        yield true;
                    }
                    case EXIT -> called(row, () -> s.exit(), -1);
                    default -> throw new IllegalStateException(row + " is not a client's step");
                };
                if (!ok && stops(row, s)) {
                    break;
                }
            }
            jobControlEnv = Map.copyOf(s.jobControlEnv());
            optionsHelp = s.options().help(80);
        }
    }

    /** slurmstepd alone: the options reach it as srun forwards them (launch list and step environment). */
    void stepAlone() {
        ForwardedOptions forwarded = new ForwardedOptions(plugin.name(), options);
        Map<String, String> jobEnv = new LinkedHashMap<>(env);
        jobEnv.putAll(forwarded.environmentExports());
        step(jobEnv, forwarded.launchOptions());
    }

    /** slurmstepd for the step: init, init_post_opt with the launch options, user_init, the tasks, exit. */
    void step(Map<String, String> jobEnv, List<LaunchOption> launchOptions) {
        current = Process.SLURMSTEPD;
        Map<String, String> stepEnv = new LinkedHashMap<>(jobEnv);
        stepEnv.putAll(job.stepVariables());
        int mark = log.mark();
        SpankSession.Opened o = Session.open(current.context(), plugin.conf(), SpankSession.Setup.step(stepEnv), release, plugin, out());
        if (!o.ok()) {
            failed(SpankSequence.row(current, Step.INIT), -1, mark);
            return;
        }
        try (SpankSession s = o.session()) {
            s.job(job.factsFor(current));
            s.tasks(job.taskFacts());
            Tasks tasks = new Tasks(job.tasks);
            for (Row row : SpankSequence.rows(current)) {
                boolean ok = switch (row.step()) {
                    case INIT -> called(row, () -> s.init(), -1);
                    case INIT_POST_OPT -> called(row, () -> s.initPostOpt(launchOptions), -1);
                    case USER_INIT -> called(row, () -> s.userInit(), -1);
                    case TASK_INIT_PRIVILEGED -> tasks.each(i -> {
                        taskEnvs.put(i, new LinkedHashMap<>(stepEnv)); // forked: the child's copy of the step's environment
                        return called(row, () -> s.taskInitPrivileged(i, taskEnvs.get(i)), i);
                    }, row);
                    case TASK_POST_FORK -> tasks.all(i -> called(row, () -> s.taskPostFork(i, job.pid(i)), i));
                    case TASK_INIT -> tasks.each(i -> {
                        taskEnvs.get(i).putAll(job.taskVariables(i));
                        return called(row, () -> s.taskInit(i, taskEnvs.get(i)), i);
                    }, row);
                    case TASK_EXIT -> tasks.all(i -> called(row, () -> s.taskExit(i, tasks.status(i, taskExitCode)), i) || true);
                    case EXIT -> called(row, () -> s.exit(), -1);
                    default -> throw new IllegalStateException(row + " is not slurmstepd's step");
                };
                if (!ok && stops(row, s)) {
                    break;
                }
            }
            for (int i : taskEnvs.keySet()) {
                taskFacts.put(i, s.task(i));
            }
        }
    }

    /** slurmd: init at start, slurmd_exit at shutdown. */
    void slurmd() {
        current = Process.SLURMD;
        int mark = log.mark();
        SpankSession.Opened o = Session.open(current.context(), plugin.conf(), SpankSession.Setup.slurmd(), release, plugin, out());
        if (!o.ok()) {
            failed(SpankSequence.row(current, Step.INIT), -1, mark);
            return;
        }
        try (SpankSession s = o.session()) {
            for (Row row : SpankSequence.rows(current)) {
                called(row, () -> row.step() == Step.INIT ? s.init() : s.slurmdExit(), -1);
            }
        }
    }

    /** The prolog or epilog helper: a fresh job_script stack with the job's job control environment. */
    void jobScript(Process p) {
        current = p;
        Map<String, String> jobControl = new LinkedHashMap<>(jobControlGiven);
        jobControl.putAll(new ForwardedOptions(plugin.name(), options).jobControlExports());
        Map<String, String> scriptEnv = new LinkedHashMap<>(JobControlEnvironment.forPrologEpilog(jobControl));
        scriptEnv.putAll(job.jobScriptVariables());
        int mark = log.mark();
        SpankSession.Opened o = Session.open(p.context(), plugin.conf(), SpankSession.Setup.jobScript(scriptEnv, jobControl), release,
                plugin, out());
        if (!o.ok()) {
            failed(SpankSequence.rows(p).get(0), -1, mark);
            return;
        }
        try (SpankSession s = o.session()) {
            s.job(job.factsFor(p));
            for (Row row : SpankSequence.rows(p)) {
                called(row, () -> row.step() == Step.JOB_PROLOG ? s.jobProlog() : s.jobEpilog(), -1);
            }
            jobControlEnv = Map.copyOf(s.jobControlEnv());
        }
    }

    private SlurmLog out() {
        return log.of(current.slurmName());
    }

    /** The environment the step starts from: srun's, its option variables, its job control environment (SPANK-37). */
    private static Map<String, String> jobEnvironment(Map<String, String> processEnv, SpankSession s) {
        Map<String, String> jobEnv = new LinkedHashMap<>(processEnv);
        jobEnv.putAll(s.options().environmentExports());
        jobEnv.putAll(JobControlEnvironment.forJob(s.jobControlEnv()));
        return jobEnv;
    }

    /**
     * The command's option processing: getopt_long refuses what no plugin registered (the whole command line is
     * parsed before any option is processed), then the environment's options, then the command line's (SPANK-34).
     */
    private boolean processOptions(Row row, SessionOptions o) {
        int mark = log.mark();
        SlurmLog out = out();
        for (ForwardedOptions.Given g : options) {
            String refusal = !o.knows(g.name()) ? "unrecognized option '" + g.word() + "'"
                    : o.hasArg(g.name()) == 0 && g.value() != null ? "option '--" + g.name() + "' doesn't allow an argument"
                    : o.hasArg(g.name()) == 1 && g.value() == null ? "option '--" + g.name() + "' requires an argument" : null;
            if (refusal != null) { // getopt's own words, then the command's hint
                String line = current.slurmName() + ": " + refusal;
                out.log(SlurmLog.Level.PLAIN, line);
                out.log(SlurmLog.Level.PLAIN, "Try \"" + current.slurmName() + " --help\" for more information");
                return fail(line);
            }
        }
        boolean ok = o.processEnvironment(env);
        for (int i = 0; ok && i < options.size(); i++) {
            ok = o.processCommandLine(options.get(i).name(), options.get(i).value());
        }
        return ok || fail(log.lastError(mark));
    }

    /**
     * Makes {@code row}'s call (about task {@code task}, or -1), records it if the plugin defines the callback,
     * and answers whether its caller goes on; for a failure the process prints its line.
     */
    private boolean called(Row row, Supplier<CallResult> call, int task) {
        int mark = log.mark();
        CallResult r = call.get();
        SpankCallback cb = row.step().callback();
        if (cb.isImplementedBy(plugin.type().asSubclass(io.plugstack.api.spank.SpankPlugin.class))) {
            callbacks.add(current.context().slurmName() + " " + cb.shortName() + (task >= 0 ? " " + task : "")
                    + (r.rc() != 0 ? " rc=" + r.rc() : ""));
        }
        if (r.ok()) {
            return true;
        }
        failed(row, task, mark);
        return false;
    }

    /**
     * {@code row} failed: the process prints its line, and the run remembers its first failure as the process
     * reports it (its own line, else the engine's last error line since {@code mark}, after the plugin's own).
     */
    private void failed(Row row, int task, int mark) {
        if (row.failure() != null) {
            mark = log.mark();
            out().error(String.format(row.failure(), task));
        }
        fail(log.lastError(mark));
    }

    private boolean fail(String line) {
        if (failure.isEmpty()) {
            failure = line;
        }
        return false;
    }

    /** After {@code row} failed: whether the process ends here (running its exit first where Slurm does). */
    private boolean stops(Row row, SpankSession s) {
        switch (row.after()) {
            case EXIT_THEN_STOP -> {
                called(SpankSequence.row(current, Step.EXIT), () -> s.exit(), -1);
                return true;
            }
            case STOP -> {
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /** The step's tasks on the node: which were forked, which children ended before exec. */
    private static final class Tasks {
        private final int count;
        private final boolean[] ended;

        Tasks(int count) {
            this.count = count;
            this.ended = new boolean[count];
        }

        interface Call {
            boolean on(int localId);
        }

        /** Calls every task whose child is still going; a failure ends that task's child (TASK_ENDS). */
        boolean each(Call call, Row row) {
            for (int i = 0; i < count; i++) {
                if (!ended[i] && !call.on(i) && row.after() == SpankSequence.After.TASK_ENDS) {
                    ended[i] = true;
                }
            }
            return true;
        }

        /** Calls every task in turn (in the parent: it does not know which children ended); false at the first failure. */
        boolean all(Call call) {
            for (int i = 0; i < count; i++) {
                if (!call.on(i)) {
                    return false;
                }
            }
            return true;
        }

        /** The wait status task {@code i} is reaped with. */
        int status(int i, int exitCode) {
            return ended[i] ? FAILED_CHILD_STATUS : exitCode << 8;
        }
    }
}
