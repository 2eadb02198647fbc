package ${package};

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.testkit.clifilter.FakeCliOptions;

/**
 * The plugin called as srun, sbatch and salloc call it, on an option set from the test kit: setup_defaults
 * before the command line is read, pre_submit after.
 */
class DefaultAccountPluginTest {

    private final DefaultAccountPlugin plugin = new DefaultAccountPlugin();

    @Test
    void aCommandThatNamesNoAccountChargesGeneral() {
        FakeCliOptions sbatch = new FakeCliOptions(SlurmCommand.SBATCH);

        assertThat(plugin.setupDefaults(sbatch, false)).isZero();
        assertThat(plugin.preSubmit(sbatch, 0)).isZero();
        assertThat(sbatch.get("account")).contains("general");
    }

    @Test
    void theAccountTheUserNamesIsKept() {
        FakeCliOptions sbatch = new FakeCliOptions(SlurmCommand.SBATCH);

        assertThat(plugin.setupDefaults(sbatch, false)).isZero();
        sbatch.set("account", "physics"); // the command line, read after setup_defaults
        assertThat(plugin.preSubmit(sbatch, 0)).isZero();
        assertThat(sbatch.get("account")).contains("physics");
    }
}
