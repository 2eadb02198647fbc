package ${package};

import static org.junit.Assert.assertEquals;

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
 * The plugin in a real Plugstack: Pax Exam boots the runtime (Felix, the job-launch bench) from the
 * distribution, deploys this project's jar, lists it in CliFilterPlugins and runs this test inside.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class DefaultAccountPluginIT {

    /** The runtime plays the release the plugin is built for: the pom's slurm.release, which failsafe passes on. */
    @Configuration
    public Option[] config() {
        return PlugstackExam.configuration(PlugstackExam.slurmConf("CliFilterPlugins=${pluginName}"),
                PlugstackExam.runtimeSetting("plugstack.slurm.release", System.getProperty("slurm.release", "${slurmRelease}")));
    }

    @Inject
    private BenchShell bench;

    @Test
    public void aJobThatNamesNoAccountChargesGeneralAndOneThatNamesOneChargesIt() {
        long unnamed = bench.run("sbatch --wrap true").jobId();
        long named = bench.run("sbatch -A physics --wrap true").jobId();

        assertEquals("general", account(unnamed));
        assertEquals("physics", account(named));
    }

    /** The job's account, as squeue's %a prints it. */
    private String account(long jobId) {
        return bench.run("squeue -t all -j " + jobId + " -h -o %a").output().strip();
    }
}
