package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Submission through the bench (issue 4): options into the job_desc, the job_submit chain set by
 * ConfigAdmin (a .cfg in deploy/, as an admin would), partitions, and Slurm's messages.
 */
class SubmissionIT extends BenchRuntime {

    @BeforeAll
    static void deployThrowingPlugin() throws Exception {
        awaitReady(runtime.deploy(fixtures.plugin("itest.jsthrow", "jsthrow")
                .header("Slurm-Plugin-Type", "job_submit/throwing").header("Slurm-Plugin-Name", "throwing").build())
                .getBundleId());
    }

    @AfterEach
    void noChain() throws Exception {
        slurmConf("JobSubmitPlugins=");
        runUntil("srun -J after true", out -> out.isEmpty());
    }

    @Test
    void requiredTimeLimitRejectsSbatchWithSlurmsMessage() throws Exception {
        runtime.plugstackConf("# empty");
        Path script = Files.writeString(dir.resolve("notime.sh"), "#!/bin/sh\ntrue\n");
        slurmConf("JobSubmitPlugins=job_submit/require_timelimit");
        runUntil("sbatch " + script, o -> o.contains("Time limit"));
        long before = lastJobId();
        String out = run("sbatch " + script);
        assertThat(out).contains("sbatch: error: Batch job submission failed: Time limit specification required, but not provided")
                .endsWith("sbatch: exit code 1");
        assertThat(lastJobId()).isEqualTo(before);
        assertThat(run("sbatch -t 10 -o " + dir.resolve("t.out") + " " + script)).startsWith("Submitted batch job ");
    }

    @Test
    void timeLimitFromSbatchDirectiveSatisfiesThePlugin() throws Exception {
        runtime.plugstackConf("# empty");
        Path script = Files.writeString(dir.resolve("directive.sh"), "#!/bin/sh\n#SBATCH --time=5 -J named-by-directive\ntrue\n");
        slurmConf("JobSubmitPlugins=require_timelimit");
        runUntil("sbatch " + dir.resolve("notime2.sh"), o -> true);
        String out = run("sbatch -o " + dir.resolve("d.out") + " " + script);
        assertThat(out).startsWith("Submitted batch job ");
        assertThat(squeueLine(lastJobId())).contains("named-by-directive");
    }

    @Test
    void unknownPartitionIsRefused() throws Exception {
        runtime.plugstackConf("# empty");
        assertThat(run("srun -p nosuch true")).startsWith("srun: error: invalid partition specified: nosuch\n"
                + "srun: error: Unable to allocate resources: Invalid partition name specified")
                .endsWith("srun: exit code 1");
    }

    @Test
    void badTimeFormatIsAnErrorInSlurmsWords() throws Exception {
        runtime.plugstackConf("# empty");
        assertThat(run("srun -t 1h true")).contains("srun: error: Invalid time limit specification").endsWith("exit code 1");
    }

    @Test
    void throwingPluginFailsOnlyThatJobNamingThePluginAndTheControllerCarriesOn() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("JobSubmitPlugins=throwing");
        String out = runUntil("srun -J boom true", o -> o.contains("internal error"));
        assertThat(out).contains("srun: error: job_submit/throwing: internal error: java.lang.IllegalStateException: bug in the site plugin")
                .contains("Unable to allocate resources: Unspecified error");
        assertThat(run("srun -J fine echo ok")).isEqualTo("ok\n");
        assertThat(run("srun -J odd true")).contains("Unable to allocate resources: Unknown error 9999");
    }

    @Test
    void missingConfiguredPluginRefusesJobsNamingIt() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("JobSubmitPlugins=nosuch");
        assertThat(runUntil("srun true", o -> o.contains("nosuch"))).contains("job_submit/nosuch is not loaded");
    }

    @Test
    void jobModifyRunsTheChainWithTheCurrentRecord() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("JobSubmitPlugins=require_timelimit");
        runUntil("srun true", o -> o.contains("Time limit"));
        run("srun -t 10 true");
        long job = lastJobId();
        assertThat(run("scontrol update jobid=" + job + " TimeLimit=UNLIMITED"))
                .contains("slurm_update error: Requested time limit is invalid (missing or exceeds some limit)")
                .endsWith("scontrol: exit code 1");
        assertThat(squeueLine(job)).containsPattern("\\s10\\s");
        assertThat(run("scontrol update jobid=" + job + " TimeLimit=30")).isEmpty();
        assertThat(squeueLine(job)).containsPattern("\\s30\\s");
    }

    @Test
    void heterogeneousJobRunsTheChainOncePerComponentAndPrefixesItsMessages() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("JobSubmitPlugins=throwing");
        runUntil("srun -J boom true", o -> o.contains("internal error"));
        Path script = Files.writeString(dir.resolve("het.sh"), "#!/bin/sh\necho het $SLURM_HET_SIZE\n");
        Path out = dir.resolve("het.out");
        String printed = run("sbatch -J hetmsg -o " + out + " : -J hetmsg " + script);
        assertThat(printed).contains("sbatch: 0: component 0").contains("sbatch: 1: component 1").contains("Submitted batch job ");
        long leader = Long.parseLong(printed.substring(printed.indexOf("Submitted batch job ") + 20).trim());
        awaitJob(leader, l -> l.contains("COMPLETED"));
        awaitJob(leader + 1, l -> l.contains("COMPLETED"));
        assertThat(Files.readString(out)).isEqualTo("het 2\n");
    }

    @Test
    void heterogeneousJobWithOneRefusedComponentCreatesNoJob() throws Exception {
        runtime.plugstackConf("# empty");
        slurmConf("JobSubmitPlugins=throwing");
        runUntil("srun -J boom true", o -> o.contains("internal error"));
        long before = lastJobId();
        Path script = Files.writeString(dir.resolve("het2.sh"), "#!/bin/sh\ntrue\n");
        assertThat(run("sbatch -J hetmsg : -J hetmsg --comment=fail " + script))
                .contains("sbatch: error: 1: component 1")
                .contains("sbatch: error: Batch job submission failed: Access/permission denied");
        assertThat(lastJobId()).isEqualTo(before);
    }
}
