package io.plugstack.runtime.bench.node;

import io.plugstack.api.slurm.SlurmCommand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;

/** spank.8 "Errors", one row per test case, as the man page prints it. */
class SpankFailureTableTest {

    @ParameterizedTest(name = "{0} slurm_spank_{1} {2}: exit {3}, drains {4}, fails job {5}")
    @CsvSource({
            "srun,     init,                 local,     1, no,  yes",
            "srun,     init_post_opt,        local,     1, no,  yes",
            "srun,     local_user_init,      local,     1, no,  yes",
            "srun,     init,                 remote,    1, no,  no",
            "srun,     user_init,            remote,    0, no,  no",
            "srun,     task_init_privileged, remote,    1, no,  yes",
            "srun,     task_post_fork,       remote,    0, no,  no",
            "srun,     task_init,            remote,    1, no,  yes",
            "srun,     task_exit,            remote,    0, no,  no",
            "srun,     exit,                 local,     0, no,  yes",
            "salloc,   init,                 allocator, 1, no,  yes",
            "salloc,   init_post_opt,        allocator, 1, no,  yes",
            "salloc,   init,                 remote,    1, no,  no",
            "salloc,   user_init,            remote,    1, no,  yes",
            "salloc,   task_init_privileged, remote,    1, no,  yes",
            "salloc,   task_post_fork,       remote,    1, no,  yes",
            "salloc,   task_init,            remote,    1, no,  yes",
            "salloc,   task_exit,            remote,    0, no,  no",
            "salloc,   exit,                 allocator, 0, no,  yes",
            "sbatch,   init,                 allocator, 1, no,  yes",
            "sbatch,   init_post_opt,        allocator, 1, no,  yes",
            "sbatch,   init,                 remote,    1, yes, no",
            "sbatch,   user_init,            remote,    1, yes, yes",
            "sbatch,   task_init_privileged, remote,    1, no,  yes",
            "sbatch,   task_post_fork,       remote,    1, yes, yes",
            "sbatch,   task_init,            remote,    1, no,  yes",
            "sbatch,   task_exit,            remote,    0, no,  no",
            "sbatch,   exit,                 allocator, 0, no,  no",
            "scrontab, init,                 allocator, 1, no,  no",
            "scrontab, exit,                 allocator, 0, no,  no",
    })
    void manPageRow(String command, String callback, String context, int exit, String drains, String fails) {
        FailureOutcome o = SpankFailureTable.outcome(SlurmCommand.valueOf(command.toUpperCase()),
                SpankCallback.ofSymbol("slurm_spank_" + callback).orElseThrow(),
                SpankContext.valueOf(context.toUpperCase()), Optional.empty()).orElseThrow();
        assertEquals(exit, o.exitCode(), "exit code");
        assertEquals(drains.equals("yes"), o.drainsNode(), "drains node");
        assertEquals(fails.equals("yes"), o.failsJob(), "fails job");
    }

    @Test
    void tableHasExactlyTheManPageRows() {
        assertEquals(30, SpankFailureTable.rows().size());
    }

    @Test
    void requiredPrologFailureDrainsTheNodeForEveryCommand() {
        for (SlurmCommand c : SlurmCommand.values()) {
            assertTrue(SpankFailureTable.outcome(c, SpankCallback.JOB_PROLOG, SpankContext.JOB_SCRIPT, Optional.empty())
                    .orElseThrow().drainsNode());
        }
    }

    @Test
    void sbatchRemoteInitFailureRequeuesByDefault() {
        FailureOutcome o = SpankFailureTable.outcome(SlurmCommand.SBATCH, SpankCallback.INIT, SpankContext.REMOTE,
                Optional.of(SpankError.NODE_FAILURE)).orElseThrow();
        assertTrue(o.drainsNode());
        assertTrue(o.requeues());
    }

    @Test
    void initFailureModeJobFailureFailsTheJobAndKeepsTheNode() {
        FailureOutcome o = SpankFailureTable.outcome(SlurmCommand.SBATCH, SpankCallback.INIT, SpankContext.REMOTE,
                Optional.of(SpankError.JOB_FAILURE)).orElseThrow();
        assertEquals(new FailureOutcome(1, false, true, false), o);
    }

    @Test
    void before23_11AFailedSlurmstepdCallbackFailsNeitherTheJobNorTheCommand() {
        SlurmVersion v22 = SlurmVersion.parse("22.05.8");
        // a real 22.05.8: "task 0 launch failed: Plugin initialization failed", srun exit 0, job COMPLETED 0:0
        assertEquals(new FailureOutcome(0, false, false, false), SpankFailureTable.outcome(v22, SlurmCommand.SRUN,
                SpankCallback.INIT, SpankContext.REMOTE, Optional.empty()).orElseThrow());
        // a real 22.05.8 batch job: the script never ran, COMPLETED 0:0, the node drained
        assertEquals(new FailureOutcome(0, true, false, false), SpankFailureTable.outcome(v22, SlurmCommand.SBATCH,
                SpankCallback.INIT, SpankContext.REMOTE, Optional.empty()).orElseThrow());
        assertEquals(new FailureOutcome(1, false, true, false), SpankFailureTable.outcome(SlurmVersion.parse("23.11.0"),
                SlurmCommand.SRUN, SpankCallback.TASK_INIT, SpankContext.REMOTE, Optional.empty()).orElseThrow());
    }

    @Test
    void before23_11TheCommandsOwnCallbacksFailAsIn25_11() {
        assertEquals(new FailureOutcome(1, false, true, false), SpankFailureTable.outcome(SlurmVersion.parse("22.05.8"),
                SlurmCommand.SRUN, SpankCallback.INIT, SpankContext.LOCAL, Optional.empty()).orElseThrow());
    }

    @Test
    void callbackACommandNeverRunsHasNoRow() {
        assertTrue(SpankFailureTable.outcome(SlurmCommand.SBATCH, SpankCallback.LOCAL_USER_INIT, SpankContext.LOCAL,
                Optional.empty()).isEmpty());
    }
}
