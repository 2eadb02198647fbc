package io.plugstack.runtime.bench.client;

import io.plugstack.runtime.bench.controller.AllocationEnvironment;
import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobState;
import io.plugstack.runtime.bench.node.JobEnd;
import io.plugstack.runtime.bench.node.StepResult;
import io.plugstack.runtime.bench.node.OutputPump;
import io.plugstack.runtime.bench.node.UserCommand;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.api.slurm.SlurmCommand;

/**
 * salloc: allocator context init, options, init_post_opt; the allocation (prolog on the node);
 * the user's command runs on the submitting side, as salloc runs it; exit; the allocation is released.
 */
public final class Salloc {
    private Salloc() {
    }

    /** The whole command runs for io's terminal: if it goes away, the job this command made is cancelled. */
    public static int run(Cluster c, List<String> args, CommandIO io) {
        return c.foreground().command(io, () -> salloc(c, args, io));
    }

    private static int salloc(Cluster c, List<String> args, CommandIO io) {
        ClientSession.Opened o = ClientSession.open(SlurmCommand.SALLOC, args, io, c);
        if (o.stop().isPresent()) {
            return o.stop().getAsInt();
        }
        try (ClientSession s = o.session()) {
            Optional<Job> submitted = Submission.submit(c, s, Submission.descriptor(s, List.of(), // salloc sends no argv
                    ClientDefaults.SALLOC_NAME), "Job submit/allocate failed");
            if (submitted.isEmpty()) {
                return s.exitWith(1);
            }
            Job job = submitted.get();
            s.cliFilter().postSubmit(0, job.id, NoVal.NO_VAL);
            if (!PendingAllocation.start(c, s, job)) {
                return s.exitWith(1);
            }
            s.log.info("Granted job allocation " + job.id);
            return c.foreground().hold(c.node(), io, job)
                    ? JobEnd.guarded(c.node(), job, () -> allocation(c, s, job), () -> s.exitWith(1))
                    : s.exitWith(1);
        }
    }

    /** The allocation's life: prolog, the command, exit; then the job ends. */
    private static int allocation(Cluster c, ClientSession s, Job job) {
        int exit = 0;
        if (!JobEnd.prolog(c.node(), job)) {
            s.log.error("Prolog failure on node " + c.controller().nodeName());
            exit = 1;
        } else if (!s.line().command.isEmpty()) {
            exit = runCommand(c, s, job);
        }
        StepResult result = new StepResult(exit, Optional.empty());
        if (!s.spank.exit().ok()) {
            result = JobEnd.withClientFailure(result, SlurmCommand.SALLOC, SpankCallback.EXIT, SpankContext.ALLOCATOR);
        }
        s.log.info("Relinquishing job allocation " + job.id);
        JobEnd.finish(c.node(), job, result, "command failed");
        return exit;
    }

    private static int runCommand(Cluster c, ClientSession s, Job job) {
        ProcessBuilder pb;
        try {
            pb = new ProcessBuilder(UserCommand.of(s.io.user(), s.io.workdir(), "salloc", s.line().command)); // salloc is the user's
        } catch (IOException e) {
            s.log.error(s.line().command.get(0) + ": " + e.getMessage());
            return 1;
        }
        Map<String, String> env = pb.environment();
        env.clear();
        env.putAll(s.jobEnvironment());
        env.putAll(AllocationEnvironment.allocation(Submission.allocationFacts(c, s, job)));
        env.putAll(c.jobEnvironment().apply(env));
        try {
            Process p = pb.start();
            Thread out = OutputPump.start(p.getInputStream(), s.io.out());
            Thread err = OutputPump.start(p.getErrorStream(), s.io.err());
            int code = p.waitFor();
            out.join(5_000);
            err.join(5_000);
            return code;
        } catch (IOException e) {
            s.log.error(s.line().command.get(0) + ": " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }
}
