package io.plugstack.runtime.bench.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;
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

    /** What a cli_filter write leaves on the command's log, as the command prints it. */
    private static final class Lines implements SlurmLog {
        final List<String> lines = new ArrayList<>();

        @Override
        public void log(Level level, String message) {
            lines.add(SlurmLog.line("sbatch", 3, level, message)); // the command's -vvv: what the command passes on shows
        }
    }

    private static JobOptions logged(SlurmCommand command, Lines log) {
        return new JobOptions(command, OnBehalfOf.thisProcess(), "/tmp", SlurmVersion.builtFor(), log);
    }

    /** Real 22.05.8: sbatch -v printed the script's log_verbose line, srun -vvv and salloc -v did not. */
    @Test
    void cliFilterLinesShowAtTheLogLevelTheCommandHasWhenItsHooksRun() {
        for (SlurmCommand c : List.of(SlurmCommand.SBATCH, SlurmCommand.SRUN, SlurmCommand.SALLOC)) {
            Lines log = new Lines();
            SlurmLog hooks = logged(c, log).log().orElseThrow();
            hooks.verbose("lua: probe verbose 1");
            hooks.info("lua: probe info x");
            assertThat(log.lines).as(c.slurmName()).containsExactlyElementsOf(c == SlurmCommand.SBATCH
                    ? List.of("sbatch: lua: probe verbose 1", "sbatch: lua: probe info x") : List.of("sbatch: lua: probe info x"));
        }
    }

    @Test
    void cliFilterWriteOfAnInvalidValuePrintsTheSettersErrorAndChangesNothing() {
        Lines log = new Lines();
        JobOptions o = logged(SlurmCommand.SBATCH, log);
        assertThat(o.set("time", "soon")).isFalse();
        assertThat(o.isSet("time")).isFalse();
        assertThat(log.lines).containsExactly("sbatch: error: Invalid --time specification"); // arg_set_time_limit's error()
    }

    @Test
    void cliFilterWriteOfAnOptionSlurmHasAndTheBenchLacksIsRefusedInOneLineNamingOptionAndPlugin() {
        Lines log = new Lines();
        JobOptions o = logged(SlurmCommand.SBATCH, log);
        o.callingPlugin("cli_filter/lua");
        assertThat(o.set("core-spec", "2")).isFalse();
        assertThat(log.lines).containsExactly("sbatch: error: cli_filter/lua: --core-spec=2 not applied: the bench's sbatch has no --core-spec");
    }

    @Test
    void cliFilterWriteOfANameSlurmDoesNotKnowIsIgnoredAsSlurmIgnoresIt() {
        Lines log = new Lines();
        assertThat(logged(SlurmCommand.SBATCH, log).set("no-such-option", "1")).isFalse();
        assertThat(log.lines).isEmpty();
    }

    private static JobDescriptor desc(String release, String... given) {
        JobOptions o = new JobOptions(SlurmCommand.SRUN, OnBehalfOf.thisProcess(), "/tmp", SlurmVersion.parse(release), SlurmLog.QUIET);
        for (String g : given) {
            String[] nv = g.split("=", 2);
            o.put(SubmitOption.byLongName(nv[0]).orElseThrow(), nv.length > 1 ? nv[1] : null);
        }
        JobDescriptor d = new JobDescriptor();
        o.applyTo(d);
        return d;
    }

    /** real-22.05.8-job-desc-tres.tsv: what job_submit.lua read on a real 22.05.8. */
    @Test
    void gpuOptionsFillTheTresFieldsAsARealSlurm22_05_8Wrote() {
        JobDescriptor d = desc("22.05.8", "gres=gpu:1", "gpus-per-node=1", "gpus=1", "gpus-per-task=1", "cpus-per-gpu=1",
                "mem-per-gpu=100", "threads-per-core=1");
        assertThat(d.getString(JobDescField.TRES_PER_NODE)).isEqualTo("gres:gpu:1,gres:gpu:1");
        assertThat(d.getString(JobDescField.TRES_PER_JOB)).isEqualTo("gres:gpu:1");
        assertThat(d.getString(JobDescField.TRES_PER_TASK)).isEqualTo("gres:gpu:1");
        assertThat(d.getString(JobDescField.CPUS_PER_TRES)).isEqualTo("gres:gpu:1");
        assertThat(d.getString(JobDescField.MEM_PER_TRES)).isEqualTo("gres:gpu:100");
        assertThat(d.getNumber(JobDescField.THREADS_PER_CORE)).isEqualTo(1);
    }

    /** slurm_opt_create_job_desc (xfmt_tres "gres/gpu", cpus_per_tres, mem_per_tres) and _validate_tres_per_task. */
    @Test
    void gpuOptionsFillTheTresFieldsAsSlurm25_11Writes() {
        JobDescriptor d = desc("25.11.0", "gres=gpu:1", "gpus-per-node=tesla:2", "gpus=1", "gpus-per-task=1", "cpus-per-gpu=4",
                "mem-per-gpu=1G");
        assertThat(d.getString(JobDescField.TRES_PER_NODE)).isEqualTo("gres/gpu:tesla:2,gres/gpu:1");
        assertThat(d.getString(JobDescField.TRES_PER_JOB)).isEqualTo("gres/gpu:1");
        assertThat(d.getString(JobDescField.TRES_PER_TASK)).isEqualTo("gres/gpu=1");
        assertThat(d.getString(JobDescField.CPUS_PER_TRES)).isEqualTo("gres/gpu:4");
        assertThat(d.getString(JobDescField.MEM_PER_TRES)).isEqualTo("gres/gpu:1024");
        assertThat(desc("25.11.0", "gres=none").getString(JobDescField.TRES_PER_NODE)).isNull();
    }

    /** A real 22.05.8 run: -w/-x into req_nodes/exc_nodes, --hint=nomultithread one thread per core, -I alone 1, -I5 0. */
    @Test
    void nodeListsHintAndImmediateFillTheFieldsRealSlurmFills() {
        JobDescriptor d = desc("22.05.8", "nodelist=localhost", "exclude=nosuch", "hint=nomultithread", "immediate");
        assertThat(d.getString(JobDescField.REQ_NODES)).isEqualTo("localhost");
        assertThat(d.getString(JobDescField.EXC_NODES)).isEqualTo("nosuch");
        assertThat(d.getNumber(JobDescField.THREADS_PER_CORE)).isEqualTo(1);
        assertThat(d.getNumber(JobDescField.IMMEDIATE)).isEqualTo(1);
        assertThat(desc("22.05.8", "immediate=5").getNumber(JobDescField.IMMEDIATE)).isZero();
    }

    @Test
    void exclusiveModesFillSharedAsArgSetExclusive() {
        assertThat(desc("25.11.0", "exclusive").getNumber(JobDescField.SHARED)).isZero();
        assertThat(desc("25.11.0", "exclusive=user").getNumber(JobDescField.SHARED)).isEqualTo(2);
        assertThatThrownBy(() -> desc("25.11.0", "exclusive=nobody")).hasMessage("Invalid --exclusive specification");
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
