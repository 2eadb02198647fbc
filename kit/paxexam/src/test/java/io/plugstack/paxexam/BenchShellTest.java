package io.plugstack.paxexam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class BenchShellTest {

    private static final String RECORD = """
            JobId=7 JobName=wrap
               UserId=alice(1000) GroupId=alice(1000)
               JobState=FAILED Reason=NonZeroExitCode Dependency=(null)
               Restarts=0 BatchFlag=1 ExitCode=3:0
               WorkDir=/tmp/home
               StdErr=/tmp/home/slurm-7.out
               StdOut=/tmp/home/slurm-7.out
            """;

    @Test
    void jobIsReadFromScontrolsRecord() {
        BenchShell.Job job = BenchShell.Job.of(7, RECORD);
        assertEquals("FAILED", job.state());
        assertEquals("3:0", job.exitCode());
        assertEquals(Path.of("/tmp/home/slurm-7.out"), job.stdOut());
    }

    @Test
    void jobOfAStepHasNoStdOut() {
        BenchShell.Job job = BenchShell.Job.of(8, "JobId=8 JobName=true\n   JobState=COMPLETED Reason=None\n   ExitCode=0:0\n");
        IllegalStateException e = assertThrows(IllegalStateException.class, job::stdOut);
        assertEquals("job 8 has no StdOut (not a batch job): " + job.record(), e.getMessage());
    }

    @Test
    void sbatchsJobIdIsReadFromItsOutput() {
        assertEquals(12, new BenchShell.Result(0, "Submitted batch job 12\n").jobId());
    }

    @Test
    void aCommandThatSubmittedNothingHasNoJobId() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new BenchShell.Result(1, "sbatch: error: Batch job submission failed\n").jobId());
        assertEquals("no 'Submitted batch job N' in the output (exit code 1): sbatch: error: Batch job submission failed\n", e.getMessage());
    }
}
