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
import io.plugstack.runtime.spank.SpankStacks;
import io.plugstack.runtime.spank.CallResult;
import io.plugstack.runtime.spank.JobFacts;
import io.plugstack.runtime.spank.TaskFacts;

/**
 * The simulated slurmstepd: a fresh remote stack per step, driven as SPANK-17 says — init, remote
 * options, init_post_opt, user_init, per task task_init_privileged and task_init (in the child in
 * Slurm: here on the task's own environment copy, just before its process starts, which starts at
 * the niceness they set: {@link TaskNiceness}), task_post_fork per task, task_exit per task as it is
 * reaped, exit.
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
        Map<String, String> stepEnv = new LinkedHashMap<>(req.env());
        stepEnv.putAll(slurmVariables(req));
        stepEnv.putAll(jobEnvironment.apply(stepEnv));
        SpankSession.Opened opened = stacks.session(SpankContext.REMOTE, req.job().plugstack(), SpankSession.Setup.step(stepEnv),
                release, log);
        if (!opened.ok()) {
            log.error("spank: " + opened.failure());
            return failure(req, SpankCallback.INIT, Optional.empty(), "Plugin stack initialization failed");
        }
        try (SpankSession session = opened.session()) {
            session.job(facts(req));
            List<TaskFacts> tasks = new ArrayList<>();
            for (int i = 0; i < req.ntasks(); i++) {
                tasks.add(new TaskFacts(i, i, 0, null, req.argv()));
            }
            session.tasks(tasks);
            CallResult r = session.init();
            if (!r.ok()) {
                return failure(req, SpankCallback.INIT, r.failureMode(), "spank_init failed");
            }
            if (!session.initPostOpt(req.launchOptions()).ok() && stops(req, SpankCallback.INIT_POST_OPT)) {
                return stopped(session, req, SpankCallback.INIT_POST_OPT);
            }
            if (!session.userInit().ok() && stops(req, SpankCallback.USER_INIT)) {
                return stopped(session, req, SpankCallback.USER_INIT);
            }
            StepResult result = new TaskRunner(session, req, log, jobs, release).run(stepEnv);
            if (req.job().state() == JobState.CANCELLED) {
                log.error(cancelledLine(req));
            }
            return result;
        }
    }

    /** What slurmstepd writes when the job is cancelled: "*** STEP 7.0 ON node1 CANCELLED AT 2026-11-25T02:30:00 ***" (JOB 7 for the batch step). */
    private String cancelledLine(StepRequest req) {
        String what = req.stepId() == BatchJob.BATCH_STEP ? "JOB " + req.job().id : "STEP " + req.job().id + "." + req.stepId();
        return "*** " + what + " ON " + node + " CANCELLED AT "
                + LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME) + " ***";
    }

    /** Whether a failure of {@code cb} ends the step (it fails the job or the command per spank.8). */
    public static boolean stops(StepRequest req, SpankCallback cb) {
        return SpankFailureTable.outcome(req.command(), cb, SpankContext.REMOTE, Optional.empty())
                .map(o -> o.exitCode() != 0 || o.failsJob()).orElse(true);
    }

    /** The step ends before its tasks start: exit runs, the failure is {@code cb}'s. */
    private StepResult stopped(SpankSession session, StepRequest req, SpankCallback cb) {
        session.exit();
        return failure(req, cb, Optional.empty(), cb.shortName() + " failed");
    }

    private StepResult failure(StepRequest req, SpankCallback cb, Optional<io.plugstack.api.spank.SpankError> mode, String message) {
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

    /** A step's own variables; the batch step has its allocation's (sbatch sent them: AllocationEnvironment), no step ones. */
    private Map<String, String> slurmVariables(StepRequest req) {
        Map<String, String> v = new LinkedHashMap<>();
        if (req.stepId() == BatchJob.BATCH_STEP) {
            return v;
        }
        v.put("SLURM_JOB_ID", String.valueOf(req.job().id));
        v.put("SLURM_JOBID", String.valueOf(req.job().id));
        v.put("SLURM_JOB_NAME", req.job().name());
        v.put("SLURM_STEP_ID", String.valueOf(req.stepId()));
        v.put("SLURM_NTASKS", String.valueOf(req.ntasks()));
        v.put("SLURM_NNODES", "1");
        v.put("SLURM_NODEID", "0");
        v.put("SLURM_JOB_NODELIST", node);
        v.put("SLURMD_NODENAME", node);
        return v;
    }
}
