package io.plugstack.runtime.bench.node;

import io.plugstack.api.slurm.SlurmCommand;
import static io.plugstack.api.spank.SpankCallback.EXIT;
import static io.plugstack.api.spank.SpankCallback.INIT;
import static io.plugstack.api.spank.SpankCallback.INIT_POST_OPT;
import static io.plugstack.api.spank.SpankCallback.LOCAL_USER_INIT;
import static io.plugstack.api.spank.SpankCallback.TASK_EXIT;
import static io.plugstack.api.spank.SpankCallback.TASK_INIT;
import static io.plugstack.api.spank.SpankCallback.TASK_INIT_PRIVILEGED;
import static io.plugstack.api.spank.SpankCallback.TASK_POST_FORK;
import static io.plugstack.api.spank.SpankCallback.USER_INIT;
import static io.plugstack.api.spank.SpankContext.ALLOCATOR;
import static io.plugstack.api.spank.SpankContext.LOCAL;
import static io.plugstack.api.spank.SpankContext.REMOTE;
import static io.plugstack.api.slurm.SlurmCommand.SALLOC;
import static io.plugstack.api.slurm.SlurmCommand.SBATCH;
import static io.plugstack.api.slurm.SlurmCommand.SCRONTAB;
import static io.plugstack.api.slurm.SlurmCommand.SRUN;

import java.util.List;
import java.util.Optional;

import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;

/**
 * spank.8's Errors table (verified by Slurm's test7.24): command x callback x context -> exit
 * code, node drained, job failed. The one home of these consequences; the bench looks them up.
 *
 * <p>Rows are the man page's. Two rules come from the code and spec notes: a required plugin's
 * job_prolog/job_epilog failure drains the node whatever the command (spank.8 prose, SPANK-22 last
 * row), and slurm_spank_init_failure_mode = ESPANK_JOB_FAILURE turns a remote init failure into
 * "job failed, node not drained, no requeue" (25.05+, SPANK-H-12, test_147_2); the default
 * ESPANK_NODE_FAILURE drains the node and requeues a batch job.
 *
 * <p>The table is 23.11's and later. Before 23.11 ({@link ReleaseBehaviour#SPANK_STEP_FAILURE_FAILS_COMMAND})
 * a failure in slurmstepd's callbacks stopped the step but neither failed the job nor the command: a real
 * 22.05.8 gave {@code srun: error: task 0 launch failed: Plugin initialization failed}, srun exit 0 and the
 * job COMPLETED 0:0; a batch job's script never ran, the job COMPLETED 0:0 and the node was drained.
 */
public final class SpankFailureTable {

    /** One row of the table. */
    public record Row(SlurmCommand command, SpankCallback callback, SpankContext context, FailureOutcome outcome) {
    }

    private static final List<Row> ROWS = List.of(
            row(SRUN, INIT, LOCAL, 1, false, true),
            row(SRUN, INIT_POST_OPT, LOCAL, 1, false, true),
            row(SRUN, LOCAL_USER_INIT, LOCAL, 1, false, true),
            row(SRUN, INIT, REMOTE, 1, false, false),
            row(SRUN, USER_INIT, REMOTE, 0, false, false),
            row(SRUN, TASK_INIT_PRIVILEGED, REMOTE, 1, false, true),
            row(SRUN, TASK_POST_FORK, REMOTE, 0, false, false),
            row(SRUN, TASK_INIT, REMOTE, 1, false, true),
            row(SRUN, TASK_EXIT, REMOTE, 0, false, false),
            row(SRUN, EXIT, LOCAL, 0, false, true),

            row(SALLOC, INIT, ALLOCATOR, 1, false, true),
            row(SALLOC, INIT_POST_OPT, ALLOCATOR, 1, false, true),
            row(SALLOC, INIT, REMOTE, 1, false, false),
            row(SALLOC, USER_INIT, REMOTE, 1, false, true),
            row(SALLOC, TASK_INIT_PRIVILEGED, REMOTE, 1, false, true),
            row(SALLOC, TASK_POST_FORK, REMOTE, 1, false, true),
            row(SALLOC, TASK_INIT, REMOTE, 1, false, true),
            row(SALLOC, TASK_EXIT, REMOTE, 0, false, false),
            row(SALLOC, EXIT, ALLOCATOR, 0, false, true),

            row(SBATCH, INIT, ALLOCATOR, 1, false, true),
            row(SBATCH, INIT_POST_OPT, ALLOCATOR, 1, false, true),
            new Row(SBATCH, INIT, REMOTE, new FailureOutcome(1, true, false, true)),
            row(SBATCH, USER_INIT, REMOTE, 1, true, true),
            row(SBATCH, TASK_INIT_PRIVILEGED, REMOTE, 1, false, true),
            row(SBATCH, TASK_POST_FORK, REMOTE, 1, true, true),
            row(SBATCH, TASK_INIT, REMOTE, 1, false, true),
            row(SBATCH, TASK_EXIT, REMOTE, 0, false, false),
            row(SBATCH, EXIT, ALLOCATOR, 0, false, false),

            row(SCRONTAB, INIT, ALLOCATOR, 1, false, false),
            row(SCRONTAB, EXIT, ALLOCATOR, 0, false, false));

    /** A required plugin failing job_prolog/job_epilog: the node is drained (spank.8). */
    private static final FailureOutcome JOB_SCRIPT = FailureOutcome.of(0, true, false);

    private SpankFailureTable() {
    }

    private static Row row(SlurmCommand cmd, SpankCallback cb, SpankContext ctx, int exit, boolean drains, boolean fails) {
        return new Row(cmd, cb, ctx, FailureOutcome.of(exit, drains, fails));
    }

    /** Every row, in the man page's order. */
    public static List<Row> rows() {
        return ROWS;
    }


    /** {@link #outcome(SlurmCommand, SpankCallback, SpankContext, Optional)} as a Slurm of {@code release} rates it. */
    public static Optional<FailureOutcome> outcome(SlurmVersion release, SlurmCommand command, SpankCallback callback,
            SpankContext context, Optional<SpankError> failureMode) {
        Optional<FailureOutcome> rated = outcome(command, callback, context, failureMode);
        if (context == REMOTE && !ReleaseBehaviour.SPANK_STEP_FAILURE_FAILS_COMMAND.at(release)) {
            return rated.map(o -> new FailureOutcome(0, o.drainsNode(), false, false));
        }
        return rated;
    }

    /**
     * The consequence of a failed callback as the table (23.11 on) rates it, whatever the release: also
     * whether slurmstepd stops launching, which did not change in 23.11. Empty when the combination never
     * runs (e.g. sbatch never calls local_user_init).
     *
     * @param failureMode the failing plugin's slurm_spank_init_failure_mode, if it defines one
     */
    public static Optional<FailureOutcome> outcome(SlurmCommand command, SpankCallback callback, SpankContext context,
            Optional<SpankError> failureMode) {
        if (context == SpankContext.JOB_SCRIPT) {
            return Optional.of(JOB_SCRIPT);
        }
        Optional<FailureOutcome> base = ROWS.stream()
                .filter(r -> r.command() == command && r.callback() == callback && r.context() == context)
                .map(Row::outcome).findFirst();
        if (callback == INIT && context == REMOTE && failureMode.orElse(null) == SpankError.JOB_FAILURE) {
            return base.map(o -> new FailureOutcome(o.exitCode(), false, true, false));
        }
        return base;
    }
}
