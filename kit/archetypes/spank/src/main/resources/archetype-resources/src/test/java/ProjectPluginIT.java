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
 * distribution, deploys this project's jar, names it in plugstack.conf and runs this test inside.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ProjectPluginIT {

    /** The runtime plays the release the plugin is built for: the pom's slurm.release, which failsafe passes on. */
    @Configuration
    public Option[] config() {
        return PlugstackExam.configuration(PlugstackExam.plugstackConf("required ${pluginName}"),
                PlugstackExam.runtimeSetting("plugstack.slurm.release", System.getProperty("slurm.release", "${slurmRelease}")));
    }

    @Inject
    private BenchShell bench;

    @Test
    public void everyTaskOfTheStepGetsTheProject() {
        BenchShell.Result srun = bench.run("srun -n 2 --project=x printenv PROJECT");

        assertEquals(srun.output(), 0, srun.exitCode());
        assertEquals("x\nx\n", srun.output());
    }
}
