package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The bench drives the SPANK stacks through a job's whole life as Slurm does (SPANK-17, spank.8). */
class JobLaunchIT extends BenchRuntime {

    private static List<String> withoutSlurmd(List<String> lines) {
        return lines.stream().filter(l -> !l.endsWith(" slurmd")).toList();
    }

    /** slurmstepd's order is mgr.c's (_fork_all_tasks): task_post_fork for every task before any task's task_init. */
    @Test
    void srunDrivesLocalPrologRemoteAndEpilogCallbacksInSlurmsOrder() throws Exception {
        Path log = dir.resolve("srun-order.log");
        runtime.plugstackConf("required demo " + log);
        assertThat(run("srun -n 2 true")).isEmpty();
        assertThat(withoutSlurmd(lines(log))).containsExactly(
                "init local", "init_post_opt local", "local_user_init local",
                "job_prolog job_script",
                "init remote", "init_post_opt remote", "user_init remote",
                "task_init_privileged remote", "task_init_privileged remote", "task_post_fork remote", "task_post_fork remote",
                "task_init remote", "task_init remote", "task_exit remote", "task_exit remote", "exit remote",
                "exit local",
                "job_epilog job_script");
    }

    @Test
    void sbatchRunsAllocatorCallbacksThenTheBatchStepOnTheNode() throws Exception {
        Path log = dir.resolve("sbatch-order.log");
        Path script = dir.resolve("job.sh");
        Path out = dir.resolve("job.out");
        Files.writeString(script, "#!/bin/sh\necho batch step $SLURM_JOB_ID\n");
        runtime.plugstackConf("required demo " + log);
        String printed = run("sbatch -o " + out + " " + script);
        assertThat(printed).startsWith("Submitted batch job ");
        long job = Long.parseLong(printed.trim().substring("Submitted batch job ".length()));
        awaitJob(job, l -> l.contains("COMPLETED"));
        assertThat(Files.readString(out)).isEqualTo("batch step " + job + "\n");
        assertThat(withoutSlurmd(lines(log))).containsExactly(
                "init allocator", "init_post_opt allocator", "exit allocator",
                "job_prolog job_script",
                "init remote", "init_post_opt remote", "user_init remote", "task_init_privileged remote", "task_post_fork remote",
                "task_init remote", "task_exit remote", "exit remote",
                "job_epilog job_script");
    }

    @Test
    void sbatchWrapRunsItsCommandAsTheBatchScriptNamedWrap() throws Exception {
        runtime.plugstackConf("# empty stack");
        Path out = dir.resolve("wrap.out");
        String printed = run("sbatch -o " + out + " --wrap 'echo wrapped $SLURM_JOB_ID'");
        assertThat(printed).startsWith("Submitted batch job ");
        long job = Long.parseLong(printed.trim().substring("Submitted batch job ".length()));
        assertThat(awaitJob(job, l -> l.contains("COMPLETED"))).contains("JobName=wrap ");
        assertThat(Files.readString(out)).isEqualTo("wrapped " + job + "\n");
    }

    /** sbatch.c: --parsable prints the job id alone, -Q nothing. */
    @Test
    void sbatchParsablePrintsTheJobIdAloneAndQuietPrintsNothing() throws Exception {
        runtime.plugstackConf("# empty stack");
        String id = run("sbatch --parsable -H -o /dev/null --wrap true").trim();
        assertThat(id).matches("\\d+");
        assertThat(awaitJob(Long.parseLong(id), l -> l.contains("JobState=PENDING"))).contains("JobState=PENDING");
        assertThat(run("sbatch -Q -H -o /dev/null --wrap true")).isEmpty();
    }

    /** --begin goes through Slurm's parse_time: the values real 22.05 takes are taken, the ones it refuses refused (BeginTimes). */
    @Test
    void sbatchBeginTakesWhatSlurmsParseTimeTakes() throws Exception {
        runtime.plugstackConf("# empty stack");
        for (String begin : BeginTimes.ACCEPTED) {
            assertThat(run("sbatch --parsable -H '--begin=" + begin + "' -o /dev/null --wrap true").trim()).as(begin).matches("\\d+");
        }
        for (String begin : BeginTimes.REFUSED) {
            assertThat(run("sbatch --parsable -H '--begin=" + begin + "' -o /dev/null --wrap true")).as(begin).contains(BeginTimes.REFUSAL);
        }
    }

    /** An srun task gets the SLURM_* variables a real 22.05's srun and slurmstepd give it (SrunTaskVariables). */
    @Test
    void srunsTasksGetTheSlurmVariablesARealSrunGives() throws Exception {
        runtime.plugstackConf("# empty stack");
        Path work = java.nio.file.Files.createDirectories(dir.resolve("vars"));
        shell.cd(work);
        String out = run(String.join(" ", java.util.Arrays.copyOf(SrunTaskVariables.COMMAND, 7)) + " '"
                + SrunTaskVariables.COMMAND[7] + "'");
        java.util.Map<String, String> seen = SrunTaskVariables.seen(out);
        String cluster = run("scontrol show config").lines().filter(l -> l.startsWith("ClusterName")).map(l -> l.split("=", 2)[1].strip())
                .findFirst().orElseThrow();
        assertThat(seen).isEqualTo(SrunTaskVariables.expected(seen.getOrDefault("SLURM_JOB_ID", "?"), "node1", cluster, work.toString(),
                java.net.InetAddress.getLocalHost().getHostName()));
    }

    /** --dependency waits, shows and refuses as a real 22.05's (DependencyScenario). */
    @Test
    void aDependentJobWaitsAndShowsItsDependencyAsSlurmDoes() throws Exception {
        runtime.plugstackConf("# empty stack");
        DependencyScenario.play(new DependencyScenario.Cluster() {
            @Override
            public String run(String... argv) {
                try {
                    return JobLaunchIT.run(String.join(" ", argv));
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }

            @Override
            public void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
                PlugstackRuntime.await(condition, what);
            }
        });
    }

    /** scontrol show job prints a pending job's node range and its memory as a real 22.05 does (ShowJobFields). */
    @Test
    void scontrolShowJobPrintsNodeRangeAndMemoryAsSlurmDoes() throws Exception {
        runtime.plugstackConf("# empty stack");
        for (ShowJobFields.Case c : ShowJobFields.CASES) {
            String id = run("sbatch --parsable -H -t 10 -o /dev/null " + String.join(" ", c.options()) + " --wrap true").trim();
            assertThat(id).as("sbatch %s", c.options()).matches("\\d+");
            String record = ShowJobFields.oneLine(run("scontrol show job " + id));
            for (String field : c.shown()) {
                assertThat(record).as(c.options() + ": " + record).contains(field);
            }
        }
    }

    /** Submits {@code script} with {@code options}; what its batch step printed once it completed. */
    private static List<String> batchOutput(String options, Path script) throws Exception {
        Path out = dir.resolve(script.getFileName() + ".out");
        String printed = run("sbatch " + options + " -o " + out + " " + script);
        assertThat(printed).startsWith("Submitted batch job ");
        long job = Long.parseLong(printed.trim().substring("Submitted batch job ".length()));
        awaitJob(job, l -> l.contains("COMPLETED") || l.contains("FAILED"));
        return lines(out);
    }

    private static final String TWO_TASKS = "echo ntasks=$SLURM_NTASKS nprocs=$SLURM_NPROCS per-node=$SLURM_TASKS_PER_NODE\n"
            + "srun sh -c 'echo task $SLURM_PROCID of $SLURM_NTASKS'\n";

    @Test
    void sbatchDashNTwoGivesTheBatchStepTwoTasksAndAPlainSrunInsideRunsTwo() throws Exception {
        runtime.plugstackConf("# empty stack");
        Path script = Files.writeString(dir.resolve("two.sh"), "#!/bin/sh\n" + TWO_TASKS);
        List<String> out = batchOutput("-n 2", script);
        assertThat(out.get(0)).isEqualTo("ntasks=2 nprocs=2 per-node=2");
        assertThat(out.subList(1, out.size()).stream().sorted()).containsExactly("task 0 of 2", "task 1 of 2");
    }

    @Test
    void sbatchDirectiveDashNTwoGivesTheBatchStepTwoTasksAndAPlainSrunInsideRunsTwo() throws Exception {
        runtime.plugstackConf("# empty stack");
        Path script = Files.writeString(dir.resolve("two-directive.sh"), "#!/bin/sh\n#SBATCH -n 2\n" + TWO_TASKS);
        List<String> out = batchOutput("", script);
        assertThat(out.get(0)).isEqualTo("ntasks=2 nprocs=2 per-node=2");
        assertThat(out.subList(1, out.size()).stream().sorted()).containsExactly("task 0 of 2", "task 1 of 2");
    }

    @Test
    void srunOutputAndErrorGoToTheirFilesNotTheTerminal() throws Exception {
        runtime.plugstackConf("# empty stack");
        assertThat(run("srun -J split -o '" + dir + "/%x-%j.out' -e '" + dir + "/%x-%j.err' sh -c 'echo to-out; echo to-err >&2'"))
                .isEmpty();
        long job = lastJobId();
        assertThat(lines(dir.resolve("split-" + job + ".out"))).containsExactly("to-out");
        assertThat(lines(dir.resolve("split-" + job + ".err"))).containsExactly("to-err");
    }

    @Test
    void tasksRunInTheJobsDirectoryWhereRelativeOutputNamesStartToo() throws Exception {
        runtime.plugstackConf("# empty stack");
        Path work = Files.createDirectories(dir.resolve("workdir"));
        long job = Long.parseLong(run("sbatch -D " + work + " -o pwd.out --wrap pwd").trim().substring("Submitted batch job ".length()));
        awaitJob(job, l -> l.contains("JobState=COMPLETED"));
        assertThat(lines(work.resolve("pwd.out"))).containsExactly(work.toString());
        assertThat(run("srun -D " + work + " pwd")).isEqualTo(work + "\n");
    }

    @Test
    void sbatchWithoutAScriptSaysWhatItNeedsOnceInSbatchsPrefix() throws Exception {
        String out = run("sbatch");
        assertThat(out).startsWith("sbatch: error: a batch script is required").doesNotContain("sbatch: error: sbatch");
    }

    @Test
    void scrontabRunsOnlyInitAndExitInAllocatorContext() throws Exception {
        Path log = dir.resolve("scrontab.log");
        runtime.plugstackConf("required demo " + log);
        run("scrontab");
        assertThat(withoutSlurmd(lines(log))).containsExactly("init allocator", "exit allocator");
    }

    @Test
    void tasksAreRealProcessesWhoseOutputAndEnvironmentReachSrun() throws Exception {
        runtime.plugstackConf("# empty stack");
        String out = run("srun -n 2 sh -c 'echo task $SLURM_PROCID of $SLURM_NTASKS'");
        assertThat(out.lines().sorted().toList()).containsExactly("task 0 of 2", "task 1 of 2");
    }

    @Test
    void srunExitCodeIsTheTaskExitCodeAndTheJobFails() throws Exception {
        runtime.plugstackConf("# empty stack");
        assertThat(run("srun sh -c 'exit 3'")).contains("task 0: Exited with exit code 3").endsWith("srun: exit code 3");
        assertThat(jobRecord(lastJobId())).contains("JobState=FAILED").contains("ExitCode=3:0");
    }

    @Test
    void missingPlugstackConfIsAnEmptyStack() throws Exception {
        Files.delete(runtime.home().resolve("etc/plugstack.conf"));
        assertThat(run("srun echo ok")).isEqualTo("ok\n");
    }

    @Test
    void missingRequiredPluginStopsSrunAndMissingOptionalOneDoesNot() throws Exception {
        runtime.plugstackConf("required nosuch");
        assertThat(run("srun true")).contains("srun: error: spank: nosuch: Plugin file not found")
                .contains("Failed to load plugin nosuch. Aborting.").contains("srun: error: Plug-in initialization failed")
                .endsWith("srun: exit code 1");
        runtime.plugstackConf("optional nosuch");
        assertThat(run("srun echo ran")).contains("ran\n").doesNotContain("exit code");
    }

    @Test
    void renicePluginOptionSetsTheTaskPriority() throws Exception {
        runtime.plugstackConf("required renice");
        assertThat(run("srun --renice=4 sh -c 'ps -o ni= -p $$'").trim()).isEqualTo("4");
    }

    @Test
    void badPluginOptionValueStopsSrunBeforeAnyJobExists() throws Exception {
        runtime.plugstackConf("required renice min=0 max=10");
        long before = lastJobId();
        assertThat(run("srun --renice=-3 true")).contains("srun: error: renice: --renice=-3: priority must be from 0 to 10")
                .contains("srun: error: Invalid --renice argument: -3").endsWith("srun: exit code 1");
        assertThat(lastJobId()).isEqualTo(before);
    }

    @Test
    void unknownOptionIsAnErrorNamingIt() throws Exception {
        runtime.plugstackConf("required renice");
        assertThat(run("srun --nosuch true")).contains("srun: unrecognized option '--nosuch'");
    }

    @Test
    void helpListsPluginOptionsAfterTheCommandsOwn() throws Exception {
        runtime.plugstackConf("required renice");
        String help = run("srun --help");
        assertThat(help).startsWith("Usage: srun [OPTIONS(0)... [executable(0) [args(0)...]]]")
                .contains("\nParallel run options:\n").contains("\n  -n, --ntasks=ntasks         number of tasks to run\n")
                .containsPattern("\n      --renice=prio +Re-nice job tasks to priority \\[prio\\]");
        assertThat(help.indexOf("Options provided by plugins:")).isGreaterThan(help.indexOf("Help options:"));
    }

    @Test
    void privateTmpIsMadeInPrologSetForTheTasksAndRemovedInEpilog() throws Exception {
        runtime.plugstackConf("required private-tmp base=" + dir);
        String out = run("srun sh -c 'test -d $TMPDIR && echo $TMPDIR'").trim();
        assertThat(out).isEqualTo(dir.resolve("slurm-" + lastJobId()).toString());
        assertThat(Path.of(out)).doesNotExist();
    }

    @Test
    void privateTmpRefusesALinkAtTheJobDirectoryAndChangesNothingThroughIt() throws Exception {
        Path victim = strangersDirectory(dir.resolve("victim-of-link"));
        long ownerBefore = (Integer) Files.getAttribute(victim, "unix:uid");
        long next = lastJobId() + 1;
        Path planted = Files.createSymbolicLink(dir.resolve("slurm-" + next), victim);
        runtime.plugstackConf("optional private-tmp base=" + dir);
        String out = run("srun sh -c 'echo job=$SLURM_JOB_ID tmp=$TMPDIR'");
        assertThat(out).contains("job=" + next + " tmp=\n").doesNotContain("tmp=" + planted);
        assertThat(out).contains("private-tmp: " + dir.toRealPath().resolve(planted.getFileName())
                + ": already exists and is not a private directory for uid");
        assertThat((Integer) Files.getAttribute(victim, "unix:uid")).isEqualTo((int) ownerBefore);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(victim))).isEqualTo("rwxrwxrwx");
        assertThat(victim).isEmptyDirectory();
        assertThat(Files.isSymbolicLink(planted)).as("the epilog unlinks the planted link").isFalse();
    }

    @Test
    void privateTmpRefusesAnotherUsersDirectoryAtTheJobDirectory() throws Exception {
        long next = lastJobId() + 1;
        Path foreign = strangersDirectory(dir.resolve("slurm-" + next));
        Files.writeString(foreign.resolve("planted"), "theirs");
        runtime.plugstackConf("optional private-tmp base=" + dir);
        String out = run("srun sh -c 'echo job=$SLURM_JOB_ID tmp=$TMPDIR'");
        assertThat(out).contains("job=" + next + " tmp=\n");
        assertThat(out).contains("private-tmp: " + dir.toRealPath().resolve(foreign.getFileName()) + ": already exists and is not a private directory");
        if (((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0) {
            assertThat(foreign.resolve("planted")).as("another user's files are not the job's to remove").hasContent("theirs");
        }
    }

    @Test
    void privateTmpEpilogRemovesLinksTheJobLeftWithoutFollowingThem() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside-the-job"));
        Files.writeString(outside.resolve("keep"), "keep");
        runtime.plugstackConf("required private-tmp base=" + dir);
        run("srun sh -c 'mkdir $TMPDIR/d && ln -s " + outside + " $TMPDIR/escape && ln -s " + outside.resolve("keep")
                + " $TMPDIR/d/file && ln -s / $TMPDIR/root'");
        assertThat(dir.resolve("slurm-" + lastJobId())).doesNotExist();
        assertThat(outside.resolve("keep")).hasContent("keep");
    }

    /** A directory with mode 0777 owned by another user (as root; by this user otherwise, still not the job's). */
    private static Path strangersDirectory(Path p) throws Exception {
        Files.createDirectories(p);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxrwxrwx"));
        if (((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0) {
            Files.setAttribute(p, "unix:uid", 12345);
        }
        return p;
    }

    @Test
    void jobScriptPluginGetsAFreshClassSpaceEveryRun() throws Exception {
        Path log = dir.resolve("fresh.log");
        runtime.plugstackConf("required counter " + log);
        for (int i = 0; i < 3; i++) {
            run("srun true");
        }
        assertThat(lines(log).stream().filter(l -> l.startsWith("job_prolog")).toList())
                .containsExactly("job_prolog job_script static=1 instance=1 version=1",
                        "job_prolog job_script static=1 instance=1 version=1",
                        "job_prolog job_script static=1 instance=1 version=1");
    }

    @Test
    void editingPlugstackConfDoesNotAffectARunningJob() throws Exception {
        Path before = dir.resolve("before-edit.log");
        Path after = dir.resolve("after-edit.log");
        Path script = Files.writeString(dir.resolve("slow.sh"), "#!/bin/sh\nsleep 1\n");
        runtime.plugstackConf("required demo " + before);
        String printed = run("sbatch -o " + dir.resolve("slow.out") + " " + script);
        long job = Long.parseLong(printed.trim().substring("Submitted batch job ".length()));
        runtime.plugstackConf("required demo " + after);
        awaitJob(job, l -> l.contains("COMPLETED"));
        assertThat(withoutSlurmd(lines(before))).contains("job_prolog job_script", "init remote", "job_epilog job_script");
        assertThat(lines(after)).isEmpty();
        run("srun true");
        assertThat(withoutSlurmd(lines(after))).startsWith("init local");
    }

    @Test
    void sallocRunsTheCommandInsideTheAllocation() throws Exception {
        Path log = dir.resolve("salloc.log");
        runtime.plugstackConf("required demo " + log);
        String out = run("salloc sh -c 'echo in job $SLURM_JOB_ID'");
        long job = lastJobId();
        assertThat(out).contains("salloc: Granted job allocation " + job).contains("in job " + job)
                .contains("salloc: Relinquishing job allocation " + job);
        assertThat(withoutSlurmd(lines(log))).containsExactly("init allocator", "init_post_opt allocator",
                "job_prolog job_script", "exit allocator", "job_epilog job_script");
        assertThat(jobRecord(job)).contains("COMPLETED");
    }

    @Test
    void srunInsideABatchScriptRunsAStepOfThatJob() throws Exception {
        runtime.plugstackConf("# empty stack");
        Path script = Files.writeString(dir.resolve("steps.sh"),
                "#!/bin/sh\nsrun -n 2 sh -c 'echo step $SLURM_STEP_ID task $SLURM_PROCID job $SLURM_JOB_ID'\nsrun true\n");
        Path out = dir.resolve("steps.out");
        String printed = run("sbatch -o " + out + " " + script);
        long job = Long.parseLong(printed.trim().substring("Submitted batch job ".length()));
        awaitJob(job, l -> l.contains("COMPLETED"));
        assertThat(Files.readAllLines(out).stream().sorted().toList())
                .containsExactly("step 0 task 0 job " + job, "step 0 task 1 job " + job);
        assertThat(lastJobId()).isEqualTo(job);
    }

    @Test
    void sbatchPluginOptionReachesSrunInsideTheJob() throws Exception {
        runtime.plugstackConf("required renice");
        Path script = Files.writeString(dir.resolve("nice.sh"), "#!/bin/sh\nsrun sh -c 'ps -o ni= -p $$'\n");
        Path out = dir.resolve("nice.out");
        String printed = run("sbatch --renice=7 -o " + out + " " + script);
        long job = Long.parseLong(printed.trim().substring("Submitted batch job ".length()));
        awaitJob(job, l -> l.contains("COMPLETED"));
        assertThat(Files.readString(out).trim()).isEqualTo("7");
    }

    @Test
    void pluginOptionIsProcessedOncePerHeterogeneousJobComponent() throws Exception {
        Path log = dir.resolve("het-options.log");
        runtime.plugstackConf("required counter " + log);
        Path script = Files.writeString(dir.resolve("hetopt.sh"), "#!/bin/sh\ntrue\n");
        assertThat(run("sbatch --count-opt=4 -o " + dir.resolve("hetopt.out") + " : --count-opt=5 " + script))
                .startsWith("Submitted batch job ");
        assertThat(lines(log)).filteredOn(l -> l.startsWith("option ") && l.endsWith(" allocator"))
                .containsExactly("option 4 allocator", "option 5 allocator");
    }
}
