package io.plugstack.runtime.bench.node;

import io.plugstack.api.user.OnBehalfOf;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.IntFunction;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.spank.CallResult;
import io.plugstack.runtime.spank.SpankSequence;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.TaskFacts;
import io.plugstack.api.plugin.SlurmVersion;

/**
 * The task part of a step: real processes, with the task callbacks around them in slurmstepd's order
 * (SpankSequence): task_init_privileged per task, each task's child forked and held
 * ({@link HeldTask}), task_post_fork for every task, then each task's task_init and its release to
 * exec, then task_exit per task as it is reaped.
 */
public final class TaskRunner {

    private final SpankSession session;
    private final StepRequest req;
    private final SlurmLog log;
    private final NodeJobs jobs;
    /** The release that rates a failed callback (SpankFailureTable). */
    private final SlurmVersion release;
    private final Map<String, String> stepEnv;
    /** Per task: its child (null when it could not be forked), and its environment. */
    private final HeldTask[] held;
    private final List<Map<String, String>> envs = new ArrayList<>();
    private final List<Thread> pumps = new ArrayList<>();
    private StepResult.Failure failure;
    private int highest;

    TaskRunner(SpankSession session, StepRequest req, SlurmLog log, NodeJobs jobs, SlurmVersion release, Map<String, String> stepEnv) {
        this.release = release;
        this.jobs = jobs;
        this.session = session;
        this.req = req;
        this.log = log;
        this.stepEnv = stepEnv;
        this.held = new HeldTask[req.ntasks()];
    }

    /**
     * {@code row}'s step (a per-task one) for every task; a task's failure ends that task's child where the
     * row says so (TASK_ENDS), is passed over where Slurm goes on (GO_ON), and otherwise stops the step here:
     * false.
     */
    boolean play(SpankSequence.Row row) {
        return switch (row.step()) {
            case TASK_INIT_PRIVILEGED -> each(row, i -> fork(row, i));
            case TASK_POST_FORK -> each(row, i -> held[i] == null || called(row, session.taskPostFork(i, held[i].process.pid())));
            case TASK_INIT -> each(row, i -> release(row, i));
            case TASK_EXIT -> {
                reap(row);
                yield true;
            }
            default -> throw new IllegalArgumentException(row + " is not a task step");
        };
    }

    /** How the step ended once its tasks were played. */
    StepResult result() {
        return new StepResult(failure != null && failure.outcome().failsJob() ? Math.max(highest, 1) : highest,
                Optional.ofNullable(failure));
    }

    /** The step stopped before releasing its tasks: the held children are killed (no task_exit, as in Slurm). */
    void abandon() {
        for (HeldTask h : held) {
            if (h != null && h.process.isAlive()) {
                h.kill();
            }
        }
    }

    private boolean each(SpankSequence.Row row, IntFunction<Boolean> call) {
        for (int i = 0; i < held.length; i++) {
            if (!call.apply(i) && row.after() != SpankSequence.After.TASK_ENDS && row.after() != SpankSequence.After.GO_ON) {
                return false;
            }
        }
        return true;
    }

    /** task_init_privileged on the task's copy of the step's environment, then its child: failed, it exits 1 at once. */
    private boolean fork(SpankSequence.Row row, int i) {
        Map<String, String> env = new LinkedHashMap<>(stepEnv);
        env.put("SLURM_PROCID", String.valueOf(i));
        env.put("SLURM_LOCALID", String.valueOf(i));
        envs.add(env);
        boolean ok = called(row, session.taskInitPrivileged(i, env));
        try {
            HeldTask h = HeldTask.fork();
            held[i] = h;
            if (!jobs.taskStarted(req.job(), new TaskProcesses.Group(h.process.pid(), h.startTicks))) {
                h.process.destroyForcibly(); // the job ended (cancelled) while this task was being started
            }
            req.tasks().started(session.task(i).globalId(), h.process);
            pumps.add(OutputPump.start(h.process.getInputStream(), req.out()));
            pumps.add(OutputPump.start(h.process.getErrorStream(), req.err()));
        } catch (IOException e) {
            log.error("child fork: " + e.getMessage());
            startFailed(e);
            return false;
        }
        if (!ok) {
            held[i].fail();
        }
        return ok;
    }

    /** task_init on the task's environment, then the child is released: to exec the task, or (failed) to exit 1. */
    private boolean release(SpankSequence.Row row, int i) {
        HeldTask h = held[i];
        if (h == null || h.released() || !h.process.isAlive()) {
            return true; // never forked, or its child has ended already (failed, or the job was cancelled)
        }
        if (!called(row, session.taskInit(i, envs.get(i)))) {
            h.fail();
            return false;
        }
        TaskFacts task = session.task(i);
        try {
            // as slurmstepd does after dropping privileges: the task is the job's user, whoever the runtime is;
            // at the niceness its plugins set (nice before setpriv, see TaskNiceness), its argv unchanged
            // in the step's directory, entered as the user
            List<String> command = UserCommand.of(OnBehalfOf.user(req.job().uid, req.job().gid), req.workdir(), "slurmstepd",
                    task.argv());
            if (task.niceness() != null) {
                command = TaskNiceness.command(command, task.niceness(), inheritedNiceness(i));
            }
            h.exec(envs.get(i), command);
        } catch (IOException e) {
            log.error("execve(): " + task.argv().get(0) + ": " + e.getMessage());
            startFailed(e);
            h.fail();
        }
        return true;
    }

    /**
     * The niceness task {@code i}'s child has: this thread's, which it copied at fork and which nothing in
     * between changes; read only for a task whose plugins set one, as it costs a read of /proc.
     */
    private static int inheritedNiceness(int i) throws IOException {
        try {
            return TaskNiceness.inherited();
        } catch (IOException | RuntimeException e) {
            throw new IOException("task " + i + ": cannot read the niceness it would inherit");
        }
    }

    private void startFailed(IOException e) {
        failure = new StepResult.Failure(SpankCallback.TASK_INIT, new FailureOutcome(2, false, true, false), e.getMessage());
    }

    /** {@code row}'s call {@code r}: a failure that matters per spank.8 is remembered. Whether it succeeded. */
    private boolean called(SpankSequence.Row row, CallResult r) {
        if (r.ok()) {
            return true;
        }
        SpankCallback cb = row.step().callback();
        StepResult.Failure f = StepResult.Failure.of(release, req.command(), cb, SpankContext.REMOTE, Optional.empty(),
                cb.shortName() + " failed");
        if (failure == null && (f.outcome().exitCode() != 0 || f.outcome().failsJob() || f.outcome().drainsNode())) {
            failure = f;
        }
        return false;
    }

    /** Waits for every task's child; task_exit runs for each as it is reaped, with its wait status. */
    private void reap(SpankSequence.Row row) {
        List<Process> processes = new ArrayList<>();
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < held.length; i++) {
            if (held[i] != null) {
                processes.add(held[i].process);
                ids.add(i);
            }
        }
        List<CompletableFuture<Process>> exits = new ArrayList<>();
        processes.forEach(p -> exits.add(p.onExit()));
        boolean[] done = new boolean[processes.size()];
        for (int n = 0; n < processes.size(); n++) {
            int k;
            try {
                k = processes.indexOf((Process) CompletableFuture.anyOf(pending(exits, done)).get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                processes.forEach(Process::destroyForcibly);
                highest = Math.max(highest, 1);
                return;
            } catch (ExecutionException e) {
                highest = Math.max(highest, 1);
                return;
            }
            done[k] = true;
            int code = processes.get(k).exitValue();
            highest = Math.max(highest, code);
            called(row, session.taskExit(ids.get(k), code << 8));
        }
        for (Thread t : pumps) {
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
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
