package io.plugstack.paxexam.it;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import javax.inject.Inject;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

import io.plugstack.paxexam.BenchShell;
import io.plugstack.paxexam.PlugstackExam;

/**
 * The kit's promise, kept as an author's test keeps it: the real runtime boots from the unpacked
 * distribution with the fixture SPANK plugin deployed, and the bench's srun and sbatch run it.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ProjectPluginIT {

    @Configuration
    public Option[] config() {
        return PlugstackExam.configuration(PlugstackExam.pluginBundle(FixtureBundles.projectPlugin()),
                PlugstackExam.plugstackConf("required project"), PlugstackExam.slurmConf(CLUSTER));
    }

    /** The configuration's slurm.conf: a parameter that changes what a command prints, and nothing else. */
    private static final String CLUSTER = "ClusterName=paxexam";

    @Inject
    BenchShell bench;

    @Test
    public void srunExportsTheProjectIntoTheTask() {
        BenchShell.Result r = bench.run("srun --project=x printenv PROJECT");
        assertEquals(r.output(), 0, r.exitCode());
        assertEquals("x\n", r.output());
    }

    @Test
    public void sbatchJobCompletesWithTheProjectInItsTask() {
        BenchShell.Result submitted = bench.run("sbatch --project=y --wrap='printenv PROJECT'");
        assertEquals(submitted.output(), 0, submitted.exitCode());
        BenchShell.Job job = bench.awaitJob(submitted.jobId());
        assertEquals(job.record(), "COMPLETED", job.state());
        assertEquals(job.record(), "0:0", job.exitCode());
        assertEquals("y\n", job.output());
    }

    @Test
    public void slurmVariablesOfAJobTheBuildRunsInDoNotReachTheBench() {
        // failsafe's environmentVariables (pom.xml): this JVM runs as if inside a real 2-task Slurm job
        assertEquals("2", System.getenv("SLURM_NTASKS"));
        BenchShell.Result r = bench.run("srun echo one");
        assertEquals(r.output(), 0, r.exitCode());
        assertEquals("one\n", r.output());
    }

    @Test
    public void slurmConfOfTheConfigurationIsTheBenchsFromTheStart() {
        BenchShell.Result r = bench.run("scontrol show config");
        assertEquals(r.output(), 0, r.exitCode());
        assertTrue(r.output(), r.output().matches("(?s).*\\bClusterName\\s+= paxexam\n.*"));
    }

    @Test
    public void jobSubmitPluginListedInSlurmConfAtRunTimeRunsOnTheNextSubmission() {
        bench.slurmConf(CLUSTER, "JobSubmitPlugins=require_timelimit");
        try {
            BenchShell.Result refused = bench.run("sbatch --wrap=true");
            assertEquals(refused.output(), 1, refused.exitCode());
            assertTrue(refused.output(), refused.output().contains("Time limit specification required, but not provided"));
            BenchShell.Result accepted = bench.run("sbatch --time=1 --wrap=true");
            assertEquals(accepted.output(), 0, accepted.exitCode());
            assertEquals("COMPLETED", bench.awaitJob(accepted.jobId()).state());
        } finally {
            bench.slurmConf(CLUSTER); // as the configuration had it, for the other tests
        }
    }

    @Test
    public void spankPluginLeftOutOfPlugstackConfAtRunTimeOffersNoOption() {
        bench.plugstackConf();
        try {
            BenchShell.Result r = bench.run("srun --project=x true");
            assertEquals(r.output(), 1, r.exitCode());
            assertTrue(r.output(), r.output().contains("unrecognized option '--project=x'"));
        } finally {
            bench.plugstackConf("required project");
        }
    }
}
