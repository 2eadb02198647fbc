package io.plugstack.runtime.bench.node;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.runtime.bench.controller.JobState;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.SpankSequence;
import io.plugstack.runtime.spank.SpankStacks;
import io.plugstack.runtime.spank.CallResult;
import io.plugstack.runtime.spank.JobFacts;
import io.plugstack.runtime.spank.TaskFacts;

/**
 * The simulated slurmstepd: a fresh remote stack per step, played from slurmstepd's rows of the engine's
 * {@link SpankSequence} (mgr.c's job_manager and _fork_all_tasks): init with the remote options and
 * init_post_opt, user_init, task_init_privileged per task (each task's child then forked and held), task_post_fork
 * for every task, then each task's task_init (on the task's own environment copy) and its release to exec, at the
 * niceness the plugins set ({@link TaskNiceness}), task_exit per task as it is reaped, exit.
 */
public final class StepDaemon {

    private final SpankStacks stacks;
    private final SlurmVersion release;
    private final String node;
    private final java.util.function.UnaryOperator<Map<String, String>> jobEnvironment;
    private final NodeJobs jobs;

    /** @param jobEnvironment what every job's environment gets besides Slurm's variables (the command shims) */
    public StepDaemon(SpankStacks stacks, SlurmVersion release, String node,
            java.util.function.UnaryOperator<Map<String, String>> jobEnvironment, NodeJobs jobs) {
        this.jobEnvironment = jobEnvironment;
        this.jobs = jobs;
        this.stacks = stacks;
        this.release = release;
        this.node = node;
    }

    public StepResult run(StepRequest req) {
        SlurmLog log = SlurmLog.lines("slurmstepd", req.err(), 0);
        if (!jobs.begin(req.job(), false)) {
            log.error("job " + req.job().id + " is already completing or completed on this node: its step does not start");
            return new StepResult(1, Optional.empty());
        }
        try {
            return runStep(req, log);
        } finally {
            jobs.stepDone(req.job().id);
        }
    }

    private StepResult runStep(StepRequest req, SlurmLog log) {
        Map<String, String> stepEnv = new LinkedHashMap<>(req.env());
        stepEnv.putAll(jobEnvironment.apply(stepEnv));
        SpankSession.Opened opened = stacks.session(SpankContext.REMOTE, req.job().plugstack(), SpankSession.Setup.step(stepEnv),
                release, log);
        if (!opened.ok()) {
            log.error("spank: " + opened.failure());
            return failure(release, req, SpankCallback.INIT, Optional.empty(), "Plugin stack initialization failed");
        }
        try (SpankSession session = opened.session()) {
            session.job(facts(req));
            List<TaskFacts> tasks = new ArrayList<>();
            for (int i = 0; i < req.ntasks(); i++) {
                tasks.add(new TaskFacts(i, i, 0, null, req.argv()));
            }
            session.tasks(tasks);
            StepResult result = play(session, req, new TaskRunner(session, req, log, jobs, release, stepEnv), release);
            if (req.job().state() == JobState.CANCELLED) {
                log.error(cancelledLine(req));
            }
            return result;
        }
    }

    /**
     * slurmstepd's rows of {@link SpankSequence}, in order, on {@code session}: a failure that ends the step
     * (STOP, EXIT_THEN_STOP) ends it there, exit first where the row says so; the tasks' rows are {@code tasks}'.
     */
    static StepResult play(SpankSession session, StepRequest req, TaskRunner tasks, SlurmVersion release) {
        for (SpankSequence.Row row : SpankSequence.rows(SpankSequence.Process.SLURMSTEPD)) {
            CallResult r = switch (row.step()) {
                case INIT -> session.init();
                case INIT_POST_OPT -> session.initPostOpt(req.launchOptions());
                case USER_INIT -> session.userInit();
                case EXIT -> session.exit();
                default -> tasks.play(row) ? CallResult.OK : FAILED;
            };
            if (r.ok() || row.after() == SpankSequence.After.GO_ON || row.after() == SpankSequence.After.TASK_ENDS) {
                continue;
            }
            tasks.abandon();
            if (row.after() == SpankSequence.After.EXIT_THEN_STOP) {
                session.exit();
            }
            SpankCallback cb = row.step().callback();
            return failure(release, req, cb, r.failureMode(), cb == SpankCallback.INIT ? "spank_init failed" : cb.shortName() + " failed");
        }
        return tasks.result();
    }

    /** What slurmstepd writes when the job is cancelled: "*** STEP 7.0 ON node1 CANCELLED AT 2026-11-25T02:30:00 ***" (JOB 7 for the batch step). */
    private String cancelledLine(StepRequest req) {
        String what = req.stepId() == BatchJob.BATCH_STEP ? "JOB " + req.job().id : "STEP " + req.job().id + "." + req.stepId();
        return "*** " + what + " ON " + node + " CANCELLED AT "
                + LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME) + " ***";
    }

    /** A task step's failure, already rated per task by the {@link TaskRunner}. */
    private static final CallResult FAILED = new CallResult(-1, Optional.empty(), Optional.empty());

    private static StepResult failure(SlurmVersion release, StepRequest req, SpankCallback cb,
            Optional<io.plugstack.api.spank.SpankError> mode, String message) {
        StepResult.Failure f = StepResult.Failure.of(release, req.command(), cb, SpankContext.REMOTE, mode, message);
        return new StepResult(f.outcome().exitCode(), Optional.of(f));
    }

    private JobFacts facts(StepRequest req) {
        List<Long> ids = new ArrayList<>();
        for (long i = 0; i < req.ntasks(); i++) {
            ids.add(i);
        }
        int cpus = Runtime.getRuntime().availableProcessors();
        return JobFacts.job(req.job().uid, req.job().gid, req.job().id).step(req.stepId()).tasks(req.ntasks(), req.ntasks())
                .layoutKnown(true).ncpus(cpus).argv(req.argv()).cpusPerTask(1).cores("0-" + (cpus - 1), "0-" + (cpus - 1))
                .restartCount(req.job().restarts()).globalTaskIdsHere(ids).build();
    }
}
