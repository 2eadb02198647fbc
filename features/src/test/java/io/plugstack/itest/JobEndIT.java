package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every job ends (issue 15, items 2 and 7): scancel ends a job whatever its tasks and plugins are
 * doing, with its epilog and the node released; requests the node cannot hold are refused as Slurm
 * refuses them, never allocated.
 */
class JobEndIT extends BenchRuntime {

    @BeforeAll
    static void deploySlowPlugin() throws Exception {
        awaitReady(runtime.deploy(fixtures.plugin("itest.slow", "slow").header("Implementation-Version", "1").build()).getBundleId());
    }

    /** plugstack.conf for the next jobs; slurmd restarted so it runs prolog/epilog if these plugins define them (SPANK-10). */
    static void stack(String conf) throws Exception {
        runtime.plugstackConf(conf);
        run("scontrol restart slurmd");
    }

    static long submitted(String printed) {
        assertThat(printed).startsWith("Submitted batch job ");
        return Long.parseLong(printed.trim().substring("Submitted batch job ".length()));
    }

    @Test
    void scancelEndsARunningJobCancelledKillsWhatItsTaskStartedAndRunsItsEpilog() throws Exception {
        Path log = dir.resolve("cancel.log");
        Path pid = dir.resolve("cancel.pid");
        Path out = dir.resolve("cancel.out");
        stack("required demo " + log);
        Path script = Files.writeString(dir.resolve("forever.sh"), "#!/bin/sh\nsleep 600 &\necho $! > " + pid + "\nwait\n");
        long job = submitted(run("sbatch -o " + out + " " + script));
        PlugstackRuntime.await(() -> Files.exists(pid) && !readQuietly(pid).isBlank(), "the job's sleep to start");
        long sleep = Long.parseLong(Files.readString(pid).trim());

        assertThat(run("scancel " + job)).isEmpty();

        assertThat(awaitJob(job, l -> !l.contains("RUNNING"))).contains("CANCELLED");
        assertThat(PlugstackRuntime.processEnds(sleep)).as("the task's sleep is killed").isTrue();
        PlugstackRuntime.await(() -> readQuietly(log).contains("job_epilog job_script"), "the job's epilog");
        assertThat(Files.readString(out)).containsPattern(Pattern.compile("slurmstepd: error: \\*\\*\\* JOB " + job
                + " ON node1 CANCELLED AT \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d \\*\\*\\*"));
        assertThat(run("sinfo")).contains(" idle ");
    }

    @Test
    void aJobWhosePluginHangsIsCancelledAtOnceAndItsEpilogRunsWhileTheCallbackStillHangs() throws Exception {
        Path log = dir.resolve("hang.log");
        stack("required slow user_init remote 6000\nrequired demo " + log + "\n"); // demo's user_init waits behind slow's
        Path script = Files.writeString(dir.resolve("hang.sh"), "#!/bin/sh\ntrue\n");
        long job = submitted(run("sbatch -o " + dir.resolve("hang.out") + " " + script));
        PlugstackRuntime.await(() -> readQuietly(log).contains("init_post_opt remote"), "the step to reach user_init");

        long before = System.nanoTime();
        assertThat(run("scancel " + job)).isEmpty();
        assertThat(awaitJob(job, l -> !l.contains("RUNNING"))).contains("CANCELLED");
        PlugstackRuntime.await(() -> readQuietly(log).contains("job_epilog job_script"), "the job's epilog");
        assertThat((System.nanoTime() - before) / 1_000_000).as("ms to end the job, well before the callback returns")
                .isLessThan(5000);
        assertThat(readQuietly(log)).doesNotContain("user_init remote\n");
        assertThat(run("sinfo")).contains(" idle ");
        PlugstackRuntime.await(() -> readQuietly(log).contains("exit remote"), "the hung callback to return and its step to end");
        assertThat(jobRecord(job)).contains("CANCELLED");
    }

    @Test
    void aJobCancelledWhileItsPrologRunsGetsItsEpilogAfterTheProlog() throws Exception {
        Path log = dir.resolve("prolog.log");
        Path tmp = Files.createDirectories(dir.resolve("prolog-tmp"));
        // private-tmp's prolog makes the directory once slow's prolog returns; demo's then says the prolog is over
        stack("required slow job_prolog job_script 3000\noptional private-tmp base=" + tmp + "\nrequired demo " + log + "\n");
        Path script = Files.writeString(dir.resolve("prolog.sh"), "#!/bin/sh\ntrue\n");
        long job = submitted(run("sbatch -o " + dir.resolve("prolog.out") + " " + script));
        awaitJob(job, l -> l.contains("JobState=RUNNING"));

        assertThat(run("scancel " + job)).isEmpty();
        PlugstackRuntime.await(() -> readQuietly(log).contains("job_epilog job_script"), "the job's epilog");
        String said = readQuietly(log);
        assertThat(said.indexOf("job_prolog job_script")).as("the prolog returned before the epilog ran:%n%s", said)
                .isNotNegative().isLessThan(said.indexOf("job_epilog job_script"));
        assertThat(tmp.resolve("slurm-" + job)).as("what the prolog made, the epilog removed").doesNotExist();
        assertThat(awaitJob(job, l -> !l.contains("RUNNING"))).contains("CANCELLED");
    }

    @Test
    void scancelOfAnUnknownOrFinishedJobSaysWhyInScancelsWords() throws Exception {
        runtime.plugstackConf("# empty stack");
        assertThat(run("scancel 999999")).contains("scancel: error: Kill job error on job id 999999: Invalid job id specified");
        run("srun true");
        long done = lastJobId();
        assertThat(run("scancel " + done))
                .contains("scancel: error: Kill job error on job id " + done + ": Job/step already completing or completed");
    }

    @Test
    void moreTasksThanTheNodeHasCpusAreRefusedAndNoJobIsCreated() throws Exception {
        runtime.plugstackConf("# empty stack");
        long last = lastJobId();
        assertThat(run("srun -n 300 true")).contains("srun: error: Unable to allocate resources: Requested node configuration is not available");
        Path script = Files.writeString(dir.resolve("big.sh"), "#!/bin/sh\ntrue\n");
        assertThat(run("sbatch -n 300 " + script))
                .contains("sbatch: error: Batch job submission failed: Requested node configuration is not available");
        assertThat(run("srun -n 99999999999 true")).contains("srun: error: Numeric argument (99999999999) to big for --ntasks.");
        assertThat(lastJobId()).as("nothing allocated").isEqualTo(last);
    }

    @Test
    void aStepAskingForMoreCpusThanTheNodeHasIsRefusedInsideItsJob() throws Exception {
        runtime.plugstackConf("# empty stack");
        Path out = dir.resolve("step.out");
        Path script = Files.writeString(dir.resolve("step.sh"), "#!/bin/sh\nsrun -n 300 true\necho rc=$?\n");
        long job = submitted(run("sbatch -o " + out + " " + script));
        awaitJob(job, l -> l.contains("COMPLETED"));
        assertThat(Files.readString(out)).contains("srun: error: Unable to create step for job " + job
                + ": More processors requested than permitted").contains("rc=1");
    }

    static String readQuietly(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p) : "";
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
