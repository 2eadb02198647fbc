package ${package};

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.testkit.spank.SpankRun;
import io.plugstack.testkit.spank.SpankRunner;

/**
 * The plugin driven through the SPANK calls of srun (its own process, then slurmstepd's for the step and
 * every task) by the test kit, on the runtime's own SPANK engine.
 */
class ProjectPluginTest {

    private static SpankRunner srun() {
        return SpankRunner.of(new ProjectPlugin()).name("${pluginName}");
    }

    @Test
    void everyTaskGetsTheProjectGivenToSrun() {
        SpankRun run = srun().option("project", "chem").tasks(2).srun();

        assertThat(run.ok()).as(run.failure()).isTrue();
        assertThat(run.taskEnv(0)).containsEntry("PROJECT", "chem");
        assertThat(run.taskEnv(1)).containsEntry("PROJECT", "chem");
    }

    @Test
    void withoutTheOptionNoTaskGetsAProject() {
        SpankRun run = srun().srun();

        assertThat(run.ok()).as(run.failure()).isTrue();
        assertThat(run.taskEnv(0)).doesNotContainKey("PROJECT");
    }

    @Test
    void anEmptyProjectStopsSrunWhereItIsTyped() {
        SpankRun run = srun().option("project", "").srun();

        assertThat(run.failure()).isEqualTo("srun: error: Invalid --project argument: ");
        assertThat(run.log()).contains("srun: error: ${pluginName}: a project needs a name");
    }
}
