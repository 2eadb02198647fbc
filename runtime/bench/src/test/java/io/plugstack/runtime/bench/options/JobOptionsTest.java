package io.plugstack.runtime.bench.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.user.OnBehalfOf;

/** The option set as commands and cli_filter plugins use it (CLI-43). */
class JobOptionsTest {

    @Test
    void laterWriterWinsGivingSlurmsPrecedence() {
        JobOptions o = new JobOptions(SlurmCommand.SBATCH, OnBehalfOf.thisProcess());
        o.set("partition", "defaults");
        o.put(SubmitOption.PARTITION, "from-script");
        o.put(SubmitOption.PARTITION, "from-command-line");
        assertThat(o.get("partition")).contains("from-command-line");
    }

    @Test
    void cliFilterWriteOfInvalidValueIsIgnoredSilently() {
        JobOptions o = new JobOptions(SlurmCommand.SBATCH, OnBehalfOf.thisProcess());
        assertThat(o.set("time", "soon")).isFalse();
        assertThat(o.set("no-such-option", "1")).isFalse();
        assertThat(o.isSet("time")).isFalse();
    }

    @Test
    void commandsOwnInvalidValueIsAnErrorInSlurmsWords() {
        JobOptions o = new JobOptions(SlurmCommand.SRUN, OnBehalfOf.thisProcess());
        assertThatThrownBy(() -> o.put(SubmitOption.TIME, "soon")).hasMessage("Invalid --time specification");
    }

    @Test
    void earlyPassTakesOnlyEarlyOptionsAndTheMainPassOnlyTheOthers() {
        JobOptions o = new JobOptions(SlurmCommand.SBATCH, OnBehalfOf.thisProcess());
        o.earlyPass(true);
        assertThat(o.set("partition", "p")).isFalse();
        assertThat(o.set("wrap", "hostname")).isTrue();
        o.earlyPass(false);
        assertThat(o.set("wrap", "other")).isFalse();
        assertThat(o.set("partition", "p")).isTrue();
    }

    @Test
    void optionsReachTheJobDescriptor() {
        JobOptions o = new JobOptions(SlurmCommand.SBATCH, OnBehalfOf.thisProcess());
        o.put(SubmitOption.TIME, "1:00:00");
        o.put(SubmitOption.NODES, "2-4");
        o.put(SubmitOption.MEM, "2G");
        o.put(SubmitOption.JOB_NAME, "x");
        JobDescriptor d = new JobDescriptor();
        o.applyTo(d);
        assertThat(d.timeLimit()).isEqualTo(60);
        assertThat(d.minNodes()).isEqualTo(2);
        assertThat(d.maxNodes()).isEqualTo(4);
        assertThat(d.minMemPerNode()).hasValue(2048);
        assertThat(d.name()).isEqualTo("x");
    }

    @Test
    void sbatchOnlyOptionIsRefusedForSrun() {
        assertThatThrownBy(() -> new JobOptions(SlurmCommand.SRUN, OnBehalfOf.thisProcess()).put(SubmitOption.WRAP, "x"))
                .hasMessage("option --wrap is not valid for srun");
    }

    @Test
    void sbatchDirectivesStopAtTheFirstCommand() {
        String script = "#!/bin/sh\n#SBATCH -J first --time=10 # comment\n\n#SBATCH --comment=\"two words\"\nhostname\n#SBATCH -p late\n";
        assertThat(ScriptDirectives.words(script)).containsExactly("-J", "first", "--time=10", "--comment=two words");
    }

    @Test
    void memoryUnits() {
        assertThat(SlurmUnits.megabytes("512")).isEqualTo(512);
        assertThat(SlurmUnits.megabytes("1T")).isEqualTo(1024 * 1024);
        assertThat(SlurmUnits.megabytes("1500K")).isEqualTo(2);
        assertThatThrownBy(() -> SlurmUnits.megabytes("lots")).hasMessage("Invalid --mem specification");
    }

    @Test
    void inputEnvironmentVariableFollowsTheCommand() {
        assertThat(SubmitOption.PARTITION.envVariable(SlurmCommand.SBATCH)).contains("SBATCH_PARTITION");
        assertThat(SubmitOption.PARTITION.envVariable(SlurmCommand.SRUN)).contains("SLURM_PARTITION");
        assertThat(SubmitOption.NTASKS.envVariable(SlurmCommand.SBATCH)).isEmpty();
        assertThat(List.of(SubmitOption.values())).extracting(SubmitOption::longName).doesNotHaveDuplicates();
    }
}
