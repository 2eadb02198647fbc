package io.plugstack.runtime.spank;

import static io.plugstack.runtime.spank.SpankSequence.After.EXIT_THEN_STOP;
import static io.plugstack.runtime.spank.SpankSequence.After.GO_ON;
import static io.plugstack.runtime.spank.SpankSequence.After.STOP;
import static io.plugstack.runtime.spank.SpankSequence.After.TASK_ENDS;

import java.util.List;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;

/**
 * What each Slurm process does with its SPANK stack, in order: the one table both drivers of simulated
 * processes play, the test kit's runner and the bench's commands and slurmstepd (SPANK-17 of the spec, checked
 * against Slurm's source), so a plugin sees the same order on either as under Slurm. The node daemon is not a
 * player: real Slurm calls it, in real Slurm's order. The stack's own rules (which plugins are called, what a
 * non-zero rc means to the caller at a release, items, options) are the engine's (runtime/spank); this table
 * only says which entry point comes when, what the process prints when it fails, and what it does next.
 *
 * <p>Sources: {@code src/srun/srun.c} ({@code spank_init} before option processing, {@code atexit(spank_fini)}
 * once it succeeded, {@code spank_local_user} once the step exists); {@code src/srun/opt.c} and
 * {@code src/sbatch/sbatch.c} ({@code spank_init_post_opt}, {@code spank_init_allocator},
 * {@code atexit(spank_fini)}); {@code src/slurmd/slurmstepd/mgr.c} ({@code job_manager}: {@code spank_init},
 * which for slurmstepd also applies the options and runs init_post_opt, then {@code _fork_all_tasks}:
 * {@code spank_user}, per task a child that runs {@code spank_task_privileged} and waits, then
 * {@code spank_task_post_fork} per task in the parent, then the children are released and each runs
 * {@code spank_user_task} just before exec; {@code spank_task_exit} per task as it is reaped; {@code spank_fini}
 * unless {@code spank_init} failed); {@code src/slurmd/slurmd/slurmd.c} (slurmd's {@code spank_slurmd_init} and
 * {@code spank_slurmd_exit}); {@code src/slurmd/slurmstepd/slurmstepd.c} (the prolog/epilog helper: a fresh
 * job_script stack per run). Messages: spec SPANK-22 and the lines above.
 */
public final class SpankSequence {

    /** A Slurm process with a SPANK stack, as the players simulate it. */
    public enum Process {
        /** srun: local context; the job is known from local_user_init on. */
        SRUN("srun", SpankContext.LOCAL, Step.LOCAL_USER_INIT),
        /** slurmstepd for one step of the job: remote context, the job known from the start. */
        SLURMSTEPD("slurmstepd", SpankContext.REMOTE, Step.INIT),
        /** sbatch (salloc runs the same calls): allocator context, no job yet. */
        SBATCH("sbatch", SpankContext.ALLOCATOR, null),
        /** slurmd itself: slurmd context, no job. */
        SLURMD("slurmd", SpankContext.SLURMD, null),
        /** The prolog helper ({@code slurmstepd spank prolog}): a fresh job_script stack. */
        PROLOG("slurmstepd", SpankContext.JOB_SCRIPT, Step.JOB_PROLOG),
        /** The epilog helper ({@code slurmstepd spank epilog}): a fresh job_script stack. */
        EPILOG("slurmstepd", SpankContext.JOB_SCRIPT, Step.JOB_EPILOG);

        private final String slurmName;
        private final SpankContext context;
        private final Step jobKnownFrom;

        Process(String slurmName, SpankContext context, Step jobKnownFrom) {
            this.slurmName = slurmName;
            this.context = context;
            this.jobKnownFrom = jobKnownFrom;
        }

        /** How its log lines start ("srun: error: ..."). */
        public String slurmName() {
            return slurmName;
        }

        public SpankContext context() {
            return context;
        }

        /** Whether the process knows its job (S_JOB_* items) when it comes to {@code step}. */
        public boolean knowsJobAt(Step step) {
            if (jobKnownFrom == null) {
                return false;
            }
            List<Row> rows = rows(this);
            return indexOf(rows, step) >= indexOf(rows, jobKnownFrom);
        }

        /** The process that runs {@code callback} in {@code context}; empty when Slurm never calls it there. */
        public static java.util.Optional<Process> calling(SpankContext context, SpankCallback callback) {
            for (Row r : ROWS) {
                if (r.process().context == context && r.step().callback() == callback) {
                    return java.util.Optional.of(r.process());
                }
            }
            return java.util.Optional.empty();
        }

        private static int indexOf(List<Row> rows, Step step) {
            for (int i = 0; i < rows.size(); i++) {
                if (rows.get(i).step() == step) {
                    return i;
                }
            }
            throw new IllegalArgumentException(step + " is not a step of this process");
        }
    }

    /** One thing a process does with its stack: a SPANK entry point, or one of the two steps between them. */
    public enum Step {
        INIT(SpankCallback.INIT),
        /** The command processes its plugin options: the environment's, then the command line's (SPANK-34..36). */
        OPTIONS(null),
        INIT_POST_OPT(SpankCallback.INIT_POST_OPT),
        LOCAL_USER_INIT(SpankCallback.LOCAL_USER_INIT),
        /** srun launches its step: slurmstepd runs on the node. */
        LAUNCH(null),
        USER_INIT(SpankCallback.USER_INIT),
        TASK_INIT_PRIVILEGED(SpankCallback.TASK_INIT_PRIVILEGED),
        TASK_POST_FORK(SpankCallback.TASK_POST_FORK),
        TASK_INIT(SpankCallback.TASK_INIT),
        TASK_EXIT(SpankCallback.TASK_EXIT),
        EXIT(SpankCallback.EXIT),
        SLURMD_EXIT(SpankCallback.SLURMD_EXIT),
        JOB_PROLOG(SpankCallback.JOB_PROLOG),
        JOB_EPILOG(SpankCallback.JOB_EPILOG);

        private final SpankCallback callback;

        Step(SpankCallback callback) {
            this.callback = callback;
        }

        /** The callback this step calls; null for OPTIONS and LAUNCH. */
        public SpankCallback callback() {
            return callback;
        }

        /** Whether the step runs once per task of the step. */
        public boolean perTask() {
            return callback != null && callback.name().startsWith("TASK_");
        }
    }

    /** What a process does after a step failed (the caller counted the stack's result as a failure). */
    public enum After {
        /** It ends here; its exit callback does not run (spank_fini is not registered yet, or is skipped). */
        STOP,
        /** It ends, running its exit callback first. */
        EXIT_THEN_STOP,
        /** That task's child exits 1 before exec; the other tasks go on, and the task is reaped (task_exit). */
        TASK_ENDS,
        /** It logs and goes on. */
        GO_ON
    }

    /**
     * One step of a process.
     *
     * @param failure what the process prints at error level when the step fails ({@code %d}: the task), null
     *                when the engine's own lines say it (option processing)
     */
    public record Row(Process process, Step step, String failure, After after) {
    }

    private static final List<Row> ROWS = List.of(
            new Row(Process.SRUN, Step.INIT, "Plug-in initialization failed", STOP),
            new Row(Process.SRUN, Step.OPTIONS, null, EXIT_THEN_STOP),
            new Row(Process.SRUN, Step.INIT_POST_OPT, "Plugin stack post-option processing failed.", EXIT_THEN_STOP),
            new Row(Process.SRUN, Step.LOCAL_USER_INIT, "Failure in local plugin stack", EXIT_THEN_STOP),
            new Row(Process.SRUN, Step.LAUNCH, null, GO_ON),
            new Row(Process.SRUN, Step.EXIT, null, GO_ON),

            new Row(Process.SLURMSTEPD, Step.INIT, "Plugin stack initialization failed.", STOP),
            new Row(Process.SLURMSTEPD, Step.INIT_POST_OPT, "Plugin stack initialization failed.", STOP),
            new Row(Process.SLURMSTEPD, Step.USER_INIT, "spank_user failed.", EXIT_THEN_STOP),
            new Row(Process.SLURMSTEPD, Step.TASK_INIT_PRIVILEGED, "spank_task_init_privileged failed", TASK_ENDS),
            new Row(Process.SLURMSTEPD, Step.TASK_POST_FORK, "spank task %d post-fork failed", EXIT_THEN_STOP),
            new Row(Process.SLURMSTEPD, Step.TASK_INIT, "Failed to invoke spank plugin stack", TASK_ENDS),
            new Row(Process.SLURMSTEPD, Step.TASK_EXIT, "Unable to spank task %d at exit", GO_ON),
            new Row(Process.SLURMSTEPD, Step.EXIT, "spank_fini failed", GO_ON),

            new Row(Process.SBATCH, Step.INIT, "Failed to initialize plugin stack", STOP),
            new Row(Process.SBATCH, Step.OPTIONS, null, EXIT_THEN_STOP),
            new Row(Process.SBATCH, Step.INIT_POST_OPT, "Plugin stack post-option processing failed", EXIT_THEN_STOP),
            new Row(Process.SBATCH, Step.EXIT, null, GO_ON),

            new Row(Process.SLURMD, Step.INIT, null, GO_ON), // the bench drains the node and slurmd stays up
            new Row(Process.SLURMD, Step.SLURMD_EXIT, null, GO_ON),

            new Row(Process.PROLOG, Step.JOB_PROLOG, null, STOP),
            new Row(Process.EPILOG, Step.JOB_EPILOG, null, STOP));

    private SpankSequence() {
    }

    /** Every row, process by process, each process's in order. */
    public static List<Row> rows() {
        return ROWS;
    }

    /** {@code process}'s rows, in order. */
    public static List<Row> rows(Process process) {
        return ROWS.stream().filter(r -> r.process() == process).toList();
    }

    /** The first callback a stack of {@code context} gets. */
    public static SpankCallback firstCallback(SpankContext context) {
        return ROWS.stream().filter(r -> r.process().context() == context && r.step().callback() != null).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no process runs a stack in " + context)).step().callback();
    }

    /** The step that calls {@code callback}. */
    public static Step stepOf(SpankCallback callback) {
        for (Step s : Step.values()) {
            if (s.callback() == callback) {
                return s;
            }
        }
        throw new IllegalArgumentException(callback + " is not a callback a process calls");
    }

    /** {@code process}'s row for {@code step}. */
    public static Row row(Process process, Step step) {
        return rows(process).stream().filter(r -> r.step() == step).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(process + " has no step " + step));
    }
}
