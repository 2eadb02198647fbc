package io.plugstack.runtime.spank;

import static io.plugstack.runtime.spank.SpankSequence.After.EXIT_THEN_STOP;
import static io.plugstack.runtime.spank.SpankSequence.After.GO_ON;
import static io.plugstack.runtime.spank.SpankSequence.After.STOP;
import static io.plugstack.runtime.spank.SpankSequence.After.TASK_ENDS;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.runtime.spank.SpankSequence.Process;
import io.plugstack.runtime.spank.SpankSequence.Row;
import io.plugstack.runtime.spank.SpankSequence.Step;

/**
 * The sequence table, process by process and row by row, written out here from Slurm's source (the files
 * the table's comment names) rather than read from the table: the order of the steps, the line a failure
 * prints and what the process does next.
 */
class SpankSequenceTest {

    private static Row row(Process p, Step s, String failure, SpankSequence.After after) {
        return new Row(p, s, failure, after);
    }

    @Test
    void srunInitsBeforeItsOptionsAndLaunchesAfterLocalUserInit() {
        assertThat(SpankSequence.rows(Process.SRUN)).containsExactly(
                row(Process.SRUN, Step.INIT, "Plug-in initialization failed", STOP),
                row(Process.SRUN, Step.OPTIONS, null, EXIT_THEN_STOP),
                row(Process.SRUN, Step.INIT_POST_OPT, "Plugin stack post-option processing failed.", EXIT_THEN_STOP),
                row(Process.SRUN, Step.LOCAL_USER_INIT, "Failure in local plugin stack", EXIT_THEN_STOP),
                row(Process.SRUN, Step.LAUNCH, null, GO_ON),
                row(Process.SRUN, Step.EXIT, null, GO_ON));
    }

    /**
     * mgr.c: init_post_opt is part of spank_init (no spank_fini when it fails); spank_user failing starts no
     * task and runs spank_fini; _fork_all_tasks runs task_init_privileged in each child, task_post_fork for
     * every task in the parent, then releases the children, each running task_init just before exec.
     */
    @Test
    void slurmstepdPostForksEveryTaskBeforeAnyTaskInitAndStopsWithoutExitWhenInitPostOptFails() {
        assertThat(SpankSequence.rows(Process.SLURMSTEPD)).containsExactly(
                row(Process.SLURMSTEPD, Step.INIT, "Plugin stack initialization failed.", STOP),
                row(Process.SLURMSTEPD, Step.INIT_POST_OPT, "Plugin stack initialization failed.", STOP),
                row(Process.SLURMSTEPD, Step.USER_INIT, "spank_user failed.", EXIT_THEN_STOP),
                row(Process.SLURMSTEPD, Step.TASK_INIT_PRIVILEGED, "spank_task_init_privileged failed", TASK_ENDS),
                row(Process.SLURMSTEPD, Step.TASK_POST_FORK, "spank task %d post-fork failed", EXIT_THEN_STOP),
                row(Process.SLURMSTEPD, Step.TASK_INIT, "Failed to invoke spank plugin stack", TASK_ENDS),
                row(Process.SLURMSTEPD, Step.TASK_EXIT, "Unable to spank task %d at exit", GO_ON),
                row(Process.SLURMSTEPD, Step.EXIT, "spank_fini failed", GO_ON));
    }

    @Test
    void sbatchRunsInitOptionsInitPostOptAndExitOnly() {
        assertThat(SpankSequence.rows(Process.SBATCH)).containsExactly(
                row(Process.SBATCH, Step.INIT, "Failed to initialize plugin stack", STOP),
                row(Process.SBATCH, Step.OPTIONS, null, EXIT_THEN_STOP),
                row(Process.SBATCH, Step.INIT_POST_OPT, "Plugin stack post-option processing failed", EXIT_THEN_STOP),
                row(Process.SBATCH, Step.EXIT, null, GO_ON));
    }

    @Test
    void slurmdAndTheJobScriptHelpersRunTheirOwnCallbacksOnly() {
        assertThat(SpankSequence.rows(Process.SLURMD)).containsExactly(
                row(Process.SLURMD, Step.INIT, null, GO_ON), row(Process.SLURMD, Step.SLURMD_EXIT, null, GO_ON));
        assertThat(SpankSequence.rows(Process.PROLOG)).containsExactly(row(Process.PROLOG, Step.JOB_PROLOG, null, STOP));
        assertThat(SpankSequence.rows(Process.EPILOG)).containsExactly(row(Process.EPILOG, Step.JOB_EPILOG, null, STOP));
    }

    @Test
    void everyRowBelongsToOneOfTheProcessesAbove() {
        assertThat(SpankSequence.rows()).hasSize(6 + 8 + 4 + 2 + 1 + 1);
    }

    @Test
    void theJobIsKnownFromTheStepItsProcessLearnsItIn() {
        assertThat(Process.SRUN.knowsJobAt(Step.INIT_POST_OPT)).isFalse();
        assertThat(Process.SRUN.knowsJobAt(Step.LOCAL_USER_INIT)).isTrue();
        assertThat(Process.SLURMSTEPD.knowsJobAt(Step.INIT)).isTrue();
        assertThat(Process.SBATCH.knowsJobAt(Step.EXIT)).isFalse();
    }

    @Test
    void aCallbackIsCalledByTheProcessOfItsContextAndOnlyThere() {
        assertThat(Process.calling(SpankContext.REMOTE, SpankCallback.TASK_POST_FORK)).contains(Process.SLURMSTEPD);
        assertThat(Process.calling(SpankContext.LOCAL, SpankCallback.USER_INIT)).isEmpty();
        assertThat(SpankSequence.firstCallback(SpankContext.JOB_SCRIPT)).isEqualTo(SpankCallback.JOB_PROLOG);
        assertThat(List.of(Step.TASK_INIT_PRIVILEGED, Step.TASK_POST_FORK, Step.TASK_INIT, Step.TASK_EXIT))
                .allMatch(Step::perTask);
        assertThat(Step.USER_INIT.perTask()).isFalse();
    }
}
