package io.plugstack.runtime.bench.node;

import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobState;
import io.plugstack.api.user.OnBehalfOf;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.spank.LaunchOption;
import io.plugstack.api.slurm.SlurmCommand;

/**
 * A batch job on the node: waits while the node is drained, prolog, the batch step, epilog. A
 * remote init failure with the default failure mode drains the node and requeues the job, which
 * runs again once the node is resumed (test_147_2).
 */
public final class BatchJob {

    /** The batch step's id (SLURM_BATCH_SCRIPT). */
    public static final long BATCH_STEP = NoVal.SLURM_BATCH_SCRIPT;

    private BatchJob() {
    }

    /** Where the batch step's stdout (-o) and stderr (-e; the same file when not given) go. */
    public record Output(Path out, Path err) {
    }

    /** @param others a heterogeneous job's other components: allocated with it, ended with it */
    public static void run(Node c, Job job, List<Job> others, List<String> argv, Map<String, String> env,
            List<LaunchOption> launch, Output output) {
        JobEnd.guarded(c, job, () -> {
            runLeader(c, job, argv, env, launch, output);
            return null;
        }, () -> null);
        for (Job k : others) {
            c.controller().finish(k, job.state(), job.exitCode(), job.reason());
        }
    }

    private static void runLeader(Node c, Job job, List<String> argv, Map<String, String> env, List<LaunchOption> launch,
            Output output) {
        for (boolean rerun = false;; rerun = true) {
            if (!c.controller().awaitNode(job)) {
                return;
            }
            if (rerun) {
                c.controller().relaunch(job, c.stacks().read(SlurmLog.QUIET)); // a requeued job is launched anew
            }
            if (!c.controller().state(job, JobState.RUNNING)) {
                return; // cancelled while it waited
            }
            if (!JobEnd.prolog(c, job)) {
                c.controller().requeue(job, "Prolog failure");
                continue;
            }
            StepResult step;
            // slurmstepd opens the output file as the job's user: a path the user may not write is not written
            OnBehalfOf user = OnBehalfOf.user(job.uid, job.gid);
            boolean apart = !output.err().equals(output.out());
            try (PrintStream out = new PrintStream(user.createFile(output.out()), true);
                    PrintStream err = apart ? new PrintStream(user.createFile(output.err()), true) : out) {
                step = c.stepd().run(new StepRequest(SlurmCommand.SBATCH, job, BATCH_STEP, argv, 1, env, launch, out, err, job.workDir(), new StepTasks()));
            } catch (IOException e) {
                JobEnd.end(c, job, JobState.FAILED, 1, "cannot write " + output.out() + (apart ? " or " + output.err() : "") + ": "
                        + e.getMessage());
                return;
            }
            JobEnd.applyNodeOutcome(c, step);
            if (step.failed().map(f -> f.outcome().requeues()).orElse(false)) {
                c.controller().requeue(job, "spank: " + step.failed().get().callback().shortName() + " failed, node drained");
                continue;
            }
            JobEnd.finish(c, job, step, "batch step failed");
            return;
        }
    }
}
