package io.plugstack.runtime.bench.node;

import io.plugstack.api.user.OnBehalfOf;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.spank.CallResult;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.TaskFacts;
import io.plugstack.api.plugin.SlurmVersion;

/** The task part of a step: real processes, with the task callbacks around them. */
public final class TaskRunner {

    private final SpankSession session;
    private final StepRequest req;
    private final SlurmLog log;
    private final NodeJobs jobs;
    /** The release that rates a failed callback (SpankFailureTable). */
    private final SlurmVersion release;
    private final List<Process> processes = new ArrayList<>();
    private final List<Thread> pumps = new ArrayList<>();
    private StepResult.Failure failure;

    TaskRunner(SpankSession session, StepRequest req, SlurmLog log, NodeJobs jobs, SlurmVersion release) {
        this.release = release;
        this.jobs = jobs;
        this.session = session;
        this.req = req;
        this.log = log;
    }

    public StepResult run(Map<String, String> stepEnv) {
        for (int i = 0; i < req.ntasks() && failure == null; i++) {
            Map<String, String> taskEnv = new LinkedHashMap<>(stepEnv);
            taskEnv.put("SLURM_PROCID", String.valueOf(i));
            taskEnv.put("SLURM_LOCALID", String.valueOf(i));
            if (failed(SpankCallback.TASK_INIT_PRIVILEGED, session.taskInitPrivileged(i, taskEnv))
                    || failed(SpankCallback.TASK_INIT, session.taskInit(i, taskEnv))) {
                break;
            }
            start(session.task(i), taskEnv);
        }
        for (int i = 0; i < processes.size(); i++) {
            failed(SpankCallback.TASK_POST_FORK, session.taskPostFork(i, processes.get(i).pid()));
        }
        int exit = reap();
        session.exit();
        return new StepResult(failure != null && failure.outcome().failsJob() ? Math.max(exit, 1) : exit,
                Optional.ofNullable(failure));
    }

    /** {@code cb}'s result {@code r}: a failure that matters per spank.8 is remembered. True if the step must stop launching. */
    private boolean failed(SpankCallback cb, CallResult r) {
        if (r.ok()) {
            return false;
        }
        StepResult.Failure f = StepResult.Failure.of(release, req.command(), cb, SpankContext.REMOTE, Optional.empty(),
                cb.shortName() + " failed");
        if (failure == null && (f.outcome().exitCode() != 0 || f.outcome().failsJob() || f.outcome().drainsNode())) {
            failure = f;
        }
        return StepDaemon.stops(req, cb);
    }

    private void start(TaskFacts task, Map<String, String> env) {
        int inherited = 0;
        if (task.niceness() != null) {
            try {
                inherited = TaskNiceness.inherited(); // this thread's: the child copies it
            } catch (IOException | RuntimeException e) {
                log.error("task " + task.localId() + ": cannot read the niceness it would inherit: " + e.getMessage());
                failure = new StepResult.Failure(SpankCallback.TASK_INIT,
                        new io.plugstack.runtime.bench.node.FailureOutcome(2, false, true, false), e.getMessage());
                return;
            }
        }
        try {
            // as slurmstepd does after dropping privileges: the task is the job's user, whoever the runtime is;
            // at the niceness its plugins set (nice before setpriv, see TaskNiceness), its argv unchanged
            // in the step's directory, entered as the user
            List<String> command = UserCommand.of(OnBehalfOf.user(req.job().uid, req.job().gid), req.workdir(), "slurmstepd",
                    task.argv());
            if (task.niceness() != null) {
                command = TaskNiceness.command(command, task.niceness(), inherited);
            }
            // its own process group, as slurmstepd gives tasks: what it forks stays findable when it ends or the runtime dies
            command = TaskProcesses.asGroupLeader(command);
            ProcessBuilder pb = new ProcessBuilder(command);
            pb.environment().clear();
            pb.environment().putAll(env);
            long before = TaskProcesses.nowTicks();
            Process p = pb.start();
            if (!jobs.taskStarted(req.job(), new TaskProcesses.Group(p.pid(), before))) {
                p.destroyForcibly(); // the job ended (cancelled) while this task was being started
            }
            processes.add(p);
            req.tasks().started(task.globalId(), p);
            pumps.add(OutputPump.start(p.getInputStream(), req.out()));
            pumps.add(OutputPump.start(p.getErrorStream(), req.err()));
        } catch (IOException e) {
            log.error("execve(): " + task.argv().get(0) + ": " + e.getMessage());
            failure = new StepResult.Failure(SpankCallback.TASK_INIT,
                    new io.plugstack.runtime.bench.node.FailureOutcome(2, false, true, false), e.getMessage());
        }
    }

    /** Waits for every task; task_exit runs for each as it is reaped. Returns the highest exit code. */
    private int reap() {
        List<CompletableFuture<Process>> exits = new ArrayList<>();
        processes.forEach(p -> exits.add(p.onExit()));
        int highest = 0;
        boolean[] done = new boolean[processes.size()];
        for (int n = 0; n < processes.size(); n++) {
            int i;
            try {
                Object finished = CompletableFuture.anyOf(pending(exits, done)).get();
                i = processes.indexOf((Process) finished);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                processes.forEach(Process::destroyForcibly);
                return 1;
            } catch (ExecutionException e) {
                return 1;
            }
            done[i] = true;
            int code = processes.get(i).exitValue();
            highest = Math.max(highest, code);
            failed(SpankCallback.TASK_EXIT, session.taskExit(i, code << 8));
        }
        for (Thread t : pumps) {
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return highest;
    }

    private static CompletableFuture<?>[] pending(List<CompletableFuture<Process>> exits, boolean[] done) {
        List<CompletableFuture<Process>> left = new ArrayList<>();
        for (int i = 0; i < exits.size(); i++) {
            if (!done[i]) {
                left.add(exits.get(i));
            }
        }
        return left.toArray(new CompletableFuture<?>[0]);
    }
}
