package io.plugstack.runtime.bench.client;

import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.bench.controller.AllocationEnvironment;
import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobState;
import io.plugstack.runtime.bench.node.JobEnd;
import io.plugstack.runtime.bench.node.StepRequest;
import io.plugstack.runtime.bench.node.StepResult;
import io.plugstack.runtime.bench.node.StepTasks;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.options.SlurmUnits;
import io.plugstack.runtime.bench.options.SubmitOption;
import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.runtime.spank.JobFacts;

/** srun: local context init, options, init_post_opt, allocation, local_user_init, the step, exit. */
public final class Srun {
    private Srun() {
    }

    /** The whole command runs for io's terminal: if it goes away, the job this command made is cancelled. */
    public static int run(Cluster c, List<String> args, CommandIO io) {
        return c.foreground().command(io, () -> srun(c, args, io));
    }

    private static int srun(Cluster c, List<String> args, CommandIO io) {
        ClientSession.Opened o = ClientSession.open(SlurmCommand.SRUN, args, io, c);
        if (o.stop().isPresent()) {
            return o.stop().getAsInt();
        }
        try (ClientSession s = o.session()) {
            return launch(c, s);
        }
    }

    /** The running job whose allocation this srun is in (SLURM_JOB_ID in its environment), if any. */
    private static Optional<Job> allocationOf(Cluster c, java.util.Map<String, String> env) {
        try {
            long id = Long.parseLong(env.getOrDefault("SLURM_JOB_ID", ""));
            return c.controller().runningJob(id);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** A job of its own for this srun (no allocation to run in): submitted, then RUNNING; empty when refused or revoked. */
    private static Optional<Job> newAllocation(Cluster c, ClientSession s) {
        Optional<Job> submitted = Submission.submit(c, s,
                Submission.descriptor(s, s.line().command, ClientDefaults.baseName(s.line().command.get(0))), "Unable to allocate resources");
        return submitted.filter(job -> PendingAllocation.start(c, s, job));
    }

    /** The step on the node: the job's prolog once, then slurmstepd; its node consequences applied. */
    private static StepResult runStep(Cluster c, ClientSession s, Job job, long stepId, int ntasks, boolean ownJob) {
        if (!JobEnd.prolog(c.node(), job)) {
            s.log.error("Prolog failure on node " + c.controller().nodeName() + "; job " + job.id + " aborted");
            return new StepResult(1, Optional.empty());
        }
        StepTasks tasks = new StepTasks();
        // Ctrl-C in srun's terminal acts on the step as srun's signal handler does, for as long as it runs
        SrunInterrupt onInterrupt = new SrunInterrupt(s.log, c.controller(), job, stepId, tasks, ownJob);
        s.io.interrupts().handle(onInterrupt);
        PrintStream out = null;
        PrintStream err = null;
        try {
            out = outputFile(c, s, job, SubmitOption.OUTPUT);
            err = outputFile(c, s, job, SubmitOption.ERROR);
            Map<String, String> env = new java.util.LinkedHashMap<>(s.jobEnvironment());
            // srun's env_array_for_step and slurmstepd's setup_env: the step's tasks' SLURM_* variables
            env.putAll(AllocationEnvironment.step(Submission.allocationFacts(c, s, job).forStep(new AllocationEnvironment.Step(stepId, ntasks))));
            StepResult step = c.node().stepd().run(new StepRequest(SlurmCommand.SRUN, job, stepId, s.line().command, ntasks,
                    env, s.options.launchOptions(), out != null ? out : s.io.out(),
                    err != null ? err : out != null ? out : s.io.err(), workDir(s, job), tasks));
            JobEnd.applyNodeOutcome(c.node(), step);
            return step;
        } catch (java.io.IOException e) {
            s.log.error("Could not open " + e.getMessage()); // slurmstepd's open failure, told to srun
            return new StepResult(1, Optional.empty());
        } finally {
            s.io.interrupts().release(onInterrupt);
            java.util.stream.Stream.of(out, err).filter(java.util.Objects::nonNull).forEach(PrintStream::close);
        }
    }

    /** Where the step's tasks start: the job's directory (-D, else where its command ran), relative to srun's. */
    private static java.nio.file.Path workDir(ClientSession s, Job job) {
        return job.workDir() == null ? s.io.workdir() : s.io.workdir().resolve(job.workDir());
    }

    /**
     * srun -o/-e: the file the tasks' stdout/stderr go to (Slurm's %j %x %u %N patterns, relative to
     * srun's directory), opened as the job's user as slurmstepd does; null when not given (the terminal).
     * Without -e, stderr goes with stdout.
     */
    private static PrintStream outputFile(Cluster c, ClientSession s, Job job, SubmitOption option) throws java.io.IOException {
        Optional<String> pattern = s.jobOptions.value(option);
        if (pattern.isEmpty()) {
            return null;
        }
        String name = c.controller().info(job.id).orElseThrow().outputFile(pattern.get(), c.controller().nodeName());
        java.nio.file.Path file = workDir(s, job).resolve(name);
        try {
            return new PrintStream(io.plugstack.api.user.OnBehalfOf.user(job.uid, job.gid).createFile(file), true);
        } catch (java.io.IOException e) {
            throw new java.io.IOException(file + ": " + e.getMessage(), e);
        }
    }

    private static int launch(Cluster c, ClientSession s) {
        if (s.line().command.isEmpty()) {
            s.log.error("No command given to execute.");
            return s.exitWith(1);
        }
        int ntasks;
        int cpusPerTask;
        try {
            // the option set, not only the command line: SLURM_NTASKS from an allocation and cli_filter's values count too
            ntasks = SlurmUnits.intCount(s.jobOptions.value(SubmitOption.NTASKS).orElse("1"), "ntasks", "number of tasks");
            cpusPerTask = SlurmUnits.intCount(s.jobOptions.value(SubmitOption.CPUS_PER_TASK).orElse("1"), "cpus-per-task",
                    "--cpus-per-task");
        } catch (IllegalArgumentException e) {
            s.log.error(e.getMessage());
            return s.exitWith(1);
        }
        Optional<Job> allocation = allocationOf(c, s.io.env());
        long uid = s.io.user().uid();
        // a step in a job is its owner's (or root's), as slurmctld checks: SLURM_JOB_ID is only what the caller says
        int fits = allocation.isEmpty() ? 0 // a new job's size is the controller's to check
                : uid != 0 && uid != allocation.get().uid ? SlurmErrno.ESLURM_ACCESS_DENIED.code()
                : c.controller().stepFits(ntasks, cpusPerTask);
        if (fits != 0) {
            s.log.error("Unable to create step for job " + allocation.get().id + ": " + SlurmErrno.strerror(fits));
            return s.exitWith(1);
        }
        Optional<Job> granted = allocation.isPresent() ? allocation : newAllocation(c, s);
        if (granted.isEmpty()) {
            return s.exitWith(1);
        }
        Job job = granted.get();
        if (allocation.isPresent()) {
            return step(c, s, job, ntasks, false);
        }
        if (!c.foreground().hold(c.node(), s.io, job)) {
            return s.exitWith(1); // its terminal is gone already
        }
        // this srun's own job: whatever stops it, the job ends (with its epilog) rather than staying RUNNING
        return JobEnd.guarded(c.node(), job, () -> step(c, s, job, ntasks, true), () -> s.exitWith(1));
    }

    /** local_user_init, the step, exit; the job ends with the step when it is this srun's own ({@code ownJob}). */
    private static int step(Cluster c, ClientSession s, Job job, int ntasks, boolean ownJob) {
        long stepId = c.controller().nextStepId(job); // known to srun before local_user_init, as in Slurm
        s.spank.job(JobFacts.job(job.uid, job.gid, job.id).step(stepId).tasks(ntasks, ntasks).layoutKnown(true)
                .argv(s.line().command).cpusPerTask(1).build());
        if (!s.spank.localUserInit().ok()) {
            s.log.error(ClientSession.failureLine(SlurmCommand.SRUN, io.plugstack.runtime.spank.SpankSequence.Step.LOCAL_USER_INIT));
            int code = s.exitWith(1);
            if (ownJob) {
                JobEnd.end(c.node(), job, JobState.FAILED, 1, "local_user_init failed");
            }
            return code;
        }
        s.cliFilter().postSubmit(0, job.id, stepId);
        StepResult step = runStep(c, s, job, stepId, ntasks, ownJob);
        if (!s.spank.exit().ok()) {
            step = JobEnd.withClientFailure(step, SlurmCommand.SRUN, SpankCallback.EXIT, SpankContext.LOCAL);
        }
        if (ownJob) {
            JobEnd.finish(c.node(), job, step, "step failed");
        }
        if (step.exitCode() != 0) {
            s.log.error(c.controller().nodeName() + ": task 0: Exited with exit code " + step.exitCode());
        }
        return step.exitCode();
    }
}
