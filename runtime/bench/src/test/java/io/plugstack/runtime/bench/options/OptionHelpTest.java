package io.plugstack.runtime.bench.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.plugstack.api.slurm.SlurmCommand;

/** --help lists exactly the options each command takes, once, in Slurm's layout. */
class OptionHelpTest {

    @ParameterizedTest
    @EnumSource(value = SlurmCommand.class, names = {"SRUN", "SBATCH", "SALLOC"})
    void everyOptionACommandTakesIsListedOnceAndNoOther(SlurmCommand command) {
        List<SubmitOption> listed = OptionHelp.ROWS.stream().filter(r -> r.commands().contains(command)).map(OptionHelp.Row::option)
                .toList();
        List<SubmitOption> taken = Arrays.stream(SubmitOption.values()).filter(o -> o.appliesTo(command)).toList();
        assertThat(listed).containsExactlyInAnyOrderElementsOf(taken);
    }

    @org.junit.jupiter.api.Test
    void sbatchHelpHasSlurmsUsageLineSectionsAndLines() {
        String help = OptionHelp.text(SlurmCommand.SBATCH);
        assertThat(help).startsWith("Usage: sbatch [OPTIONS(0)...] [ : [OPTIONS(N)...]] script(0) [args(0)...]\n\nParallel run options:\n"
                + "  -a, --array=indexes         job array index values\n");
        assertThat(help).contains("\nConstraint options:\n      --contiguous            demand a contiguous range of nodes\n"
                + "  -C, --constraint=list       specify a list of constraints\n")
                .contains("  -H, --hold                  submit job in held state\n  -i, --input=in              file for batch script's standard input\n")
                .contains("      --requeue               if set, permit the job to be requeued\n"
                        + "  -s, --oversubscribe         over subscribe resources with other jobs\n")
                .contains("  -n, --ntasks=ntasks         number of tasks to run\n")
                .endsWith("\nHelp options:\n  -h, --help                  show this help message\n");
        assertThat(OptionHelp.text(SlurmCommand.SALLOC)).contains("  -n, --ntasks=N              number of processors required\n")
                .doesNotContain("--output");
    }
}
