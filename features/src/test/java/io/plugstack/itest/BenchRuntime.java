package io.plugstack.itest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;

/**
 * A booted runtime with the fixture plugins deployed, for tests that drive the job-launch bench
 * through the shell as a user would. Each test writes the plugstack.conf it needs; the node is
 * resumed after each test so a drain does not leak into the next.
 */
abstract class BenchRuntime extends BootedRuntime {

    static Shell shell;

    @BeforeAll
    static void deployFixtures() throws Exception {
        shell = runtime.shell();
        for (String fixture : List.of("failing", "counter")) {
            awaitReady(runtime.deploy(fixtures.plugin("itest." + fixture, fixture).header("Implementation-Version", "1")
                    .build()).getBundleId());
        }
    }

    /** The heap in use after a few collections (the soaks compare it before and after). */
    static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** Waits (bounded) until plugin bundle {@code id} is READY, as {@code plugstack:plugin} says. */
    static void awaitReady(long id) throws InterruptedException {
        PlugstackRuntime.await(() -> {
            try {
                return shell.run("plugstack:plugin " + id).contains("status           READY");
            } catch (Exception e) {
                return false;
            }
        }, "plugin " + id + " to be READY");
    }

    @AfterEach
    void resumeNode() throws Exception {
        shell.run("scontrol update nodename=node1 state=resume");
    }

    /** A command's printed output (and its exit-code line when it failed). */
    static String run(String command) throws Exception {
        return shell.runPrinting(command);
    }

    /**
     * The job's {@code scontrol show job} record on one line ("JobId=7 JobName=sh ... JobState=COMPLETED ...
     * ExitCode=0:0 ..."), finished jobs included, or "" once the controller no longer knows it.
     */
    static String jobRecord(long jobId) throws Exception {
        String out = shell.runPrinting("scontrol show job " + jobId);
        int record = out.indexOf("JobId=" + jobId + " "); // after any line a background job printed meanwhile
        return record < 0 ? "" : String.join(" ", out.substring(record).lines().map(String::strip).toList());
    }

    /** The newest job the controller knows, finished ones included. */
    static long lastJobId() throws Exception {
        return shell.runPrinting("squeue -t all -h -o '%i'").lines().filter(l -> l.matches("\\d+")).mapToLong(Long::parseLong)
                .max().orElse(0);
    }

    /** Waits until the job's record ({@link #jobRecord}) satisfies {@code done}. */
    static String awaitJob(long jobId, Predicate<String> done) throws Exception {
        PlugstackRuntime.await(() -> {
            try {
                return done.test(jobRecord(jobId));
            } catch (Exception e) {
                return false;
            }
        }, "job " + jobId + " to reach the expected state");
        return jobRecord(jobId);
    }

    /** slurm.conf's parameters as ConfigAdmin configuration "plugstack.slurm", dropped into deploy/ as an admin would. */
    static void slurmConf(String... lines) throws Exception {
        runtime.slurmConf(lines);
    }

    /** Runs {@code command} until its output satisfies {@code ok}: configuration reaches the bench a poll later. */
    static String runUntil(String command, Predicate<String> ok) throws Exception {
        return shell.runPrintingUntil(command, ok);
    }

    static List<String> lines(Path file) throws Exception {
        return Files.exists(file) ? Files.readAllLines(file) : List.of();
    }
}
