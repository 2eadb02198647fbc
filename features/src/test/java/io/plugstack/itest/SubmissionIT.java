package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
        // a test's batch jobs may still be running: the next test's sinfo must find the node idle
        runUntil("squeue -h", String::isEmpty);
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
        assertThat(jobRecord(lastJobId())).contains("named-by-directive");
    }

    @Test
    void unknownPartitionIsRefused() throws Exception {
        runtime.plugstackConf("# empty");
        assertThat(run("srun -p nosuch true")).startsWith("srun: error: invalid partition specified: nosuch\n"
                + "srun: error: Unable to allocate resources: Invalid partition name specified")
                .endsWith("srun: exit code 1");
    }

    /** The job id sbatch printed. */
    private static long submitted(String printed) {
        assertThat(printed).contains("Submitted batch job ");
        return Long.parseLong(printed.substring(printed.indexOf("Submitted batch job ") + 20).trim());
    }

    @Test
    void squeueAndScontrolShowARunningJobInSlurmsLayoutAndScancelSelectsItByName() throws Exception {
        runtime.plugstackConf("# empty");
        long job = submitted(run("sbatch -J queued -t 5 -N 1 -o " + dir.resolve("queued.out") + " --wrap 'sleep 60'"));
        awaitJob(job, l -> l.contains("JobState=RUNNING"));
        List<String> squeue = run("squeue -j " + job).lines().toList();
        assertThat(squeue.get(0)).isEqualTo("             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)");
        assertThat(squeue.get(1)).matches(" +" + job + " +debug +queued +\\S+ +R +\\d+:\\d\\d +1 node1");
        assertThat(run("squeue -h -o '%l:%j' -n queued")).isEqualTo("5:00:queued\n");
        assertThat(jobRecord(job)).contains("JobId=" + job + " JobName=queued").contains("TimeLimit=00:05:00")
                .contains("NumNodes=1 NumCPUs=1 NumTasks=1");
        assertThat(run("scancel -n queued")).isEmpty();
        awaitJob(job, l -> l.contains("JobState=CANCELLED"));
        assertThat(run("squeue -h -j " + job)).as("a finished job is listed with -t all only").isEmpty();
        assertThat(run("squeue -h -t all -o '%i:%T' -j " + job)).isEqualTo(job + ":CANCELLED\n");
    }

    @Test
    void sbatchWritesStdoutAndStderrToTheirOwnFilesNamedByFilenamePatternsFromADirective() throws Exception {
        runtime.plugstackConf("# empty");
        Path script = Files.writeString(dir.resolve("split.sh"), "#!/bin/sh\n#SBATCH -J split -o " + dir + "/%x-%j.out\n"
                + "#SBATCH --error=" + dir + "/%x-%j.err\necho to-out\necho to-err >&2\n");
        long job = submitted(run("sbatch " + script));
        awaitJob(job, l -> l.contains("JobState=COMPLETED"));
        assertThat(lines(dir.resolve("split-" + job + ".out"))).containsExactly("to-out");
        assertThat(lines(dir.resolve("split-" + job + ".err"))).containsExactly("to-err");
        assertThat(jobRecord(job)).contains("StdErr=" + dir + "/split-" + job + ".err").contains("StdOut=" + dir + "/split-" + job + ".out");
    }

    @Test
    void sinfoShowsEachPartitionInSlurmsColumns() throws Exception {
        assertThat(run("sinfo -p debug")).isEqualTo("PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST\n"
                + "debug*       up   infinite      1   idle node1\n");
        assertThat(run("scontrol show partition debug")).startsWith("PartitionName=debug\n   AllowGroups=ALL");
    }

    @Test
    void badArgumentsOfTheQueryCommandsGetSlurmsMessagesNotJavas() throws Exception {
        assertThat(run("squeue --bogus")).isEqualTo("squeue: unrecognized option '--bogus'\n"
                + "Try \"squeue --help\" for more information\nsqueue: exit code 1");
        assertThat(run("sinfo -t nosuch")).startsWith("sinfo: error: Bad state string: \"nosuch\"");
        assertThat(run("scontrol show nosuch")).startsWith("invalid entity:nosuch for keyword:show");
        assertThat(run("scancel -t nosuch")).startsWith("Invalid job state specified: nosuch");
    }

    @Test
    void moreThanOneNodeIsRefusedAsTheNodeCannotHoldIt() throws Exception {
        runtime.plugstackConf("# empty");
        assertThat(run("srun -N 1 echo one")).isEqualTo("one\n");
        assertThat(run("srun -N 2 true")).contains("srun: error: Unable to allocate resources: Requested node configuration is not available");
    }

    @Test
    void badTimeFormatIsAnErrorInSlurmsWords() throws Exception {
        runtime.plugstackConf("# empty");
        assertThat(run("srun -t 1h true")).contains("srun: error: Invalid --time specification").endsWith("exit code 1");
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
        run("sbatch -H -t 10 --wrap true"); // held: still pending, so still changeable (a finished job is not)
        long job = lastJobId();
        assertThat(run("scontrol update jobid=" + job + " TimeLimit=UNLIMITED"))
                .contains("Requested time limit is invalid (missing or exceeds some limit) for job " + job)
                .endsWith("scontrol: exit code 1");
        assertThat(jobRecord(job)).contains("TimeLimit=00:10:00");
        assertThat(run("scontrol update jobid=" + job + " TimeLimit=30")).isEmpty();
        assertThat(jobRecord(job)).contains("TimeLimit=00:30:00");
        run("scancel " + job);
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
