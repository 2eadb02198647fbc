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
 * The plugin in a real Plugstack: Pax Exam boots the runtime (Felix, the job-launch bench and its
 * slurmctld) from the distribution, deploys this project's jar, lists it in JobSubmitPlugins and runs
 * this test inside.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class RequireAccountPluginIT {

    /** The runtime plays the release the plugin is built for: the pom's slurm.release, which failsafe passes on. */
    @Configuration
    public Option[] config() {
        return PlugstackExam.configuration(PlugstackExam.slurmConf("JobSubmitPlugins=${pluginName}"),
                PlugstackExam.runtimeSetting("plugstack.slurm.release", System.getProperty("slurm.release", "${slurmRelease}")));
    }

    @Inject
    private BenchShell bench;

    @Test
    public void aJobWithoutAnAccountIsRefusedAndOneWithAnAccountRuns() {
        BenchShell.Result refused = bench.run("srun true");
        assertEquals(refused.output(), 1, refused.exitCode());
        assertEquals("srun: error: ${pluginName}: name the account to charge with -A/--account\n"
                + "srun: error: Unable to allocate resources: Invalid account or account/partition combination specified\n",
                refused.output());

        BenchShell.Result charged = bench.run("srun -A physics echo charged");
        assertEquals(charged.output(), 0, charged.exitCode());
        assertEquals("charged\n", charged.output());
    }
}
