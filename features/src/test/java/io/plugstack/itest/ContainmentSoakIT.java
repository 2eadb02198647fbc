package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The containment soak (issue 14, item 5): bad plugins beside good ones under continuous load. Every
 * srun's stack holds a plugin that calls System.exit, overflows its stack and runs out of memory in its
 * init (three optional lines: Slurm ignores their failures) beside renice; the job_submit chain holds a plugin that calls System.exit or Runtime.halt for jobs so
 * named. Two sessions submit without pause for {@code soak.seconds} (default 120): sruns, and sbatch
 * jobs cycling through the names fine, exit, halt. Reported: jobs run, refused as the rules say, lost
 * (an accepted job that never completes; target 0), heap and threads before and after. A benchmark,
 * not in the default suite: {@code mvn -B verify -pl features -am -Dit.test=ContainmentSoakIT -Dit.excludedGroups=none}.
 */
@Tag("soak")
class ContainmentSoakIT extends BenchRuntime {

    @Test
    void badPluginsBesideGoodOnesUnderLoadLoseNoJobAndLeaveTheRuntimeWhole() throws Exception {
        int seconds = Integer.getInteger("soak.seconds", 120);
        awaitReady(runtime.deploy(fixtures.plugin("itest.exiting", "exiting").build()).getBundleId());
        awaitReady(runtime.deploy(fixtures.plugin("itest.jsexit", "jsexit").header("Slurm-Plugin-Type", "job_submit/exiting")
                .header("Slurm-Plugin-Name", "exiting").build()).getBundleId());
        runtime.plugstackConf("optional exiting exit\noptional exiting recurse\noptional exiting oom\nrequired renice\n");
        slurmConf("JobSubmitPlugins=exiting", "MinJobAge=3600"); // finished jobs stay listed: a lost job shows
        Path job = Files.writeString(dir.resolve("soak.sh"), "#!/bin/sh\ntrue\n");
        runUntil("sbatch -J exit " + job, o -> o.contains("System.exit(1) refused"));
        long heapBefore = heapAfterGc();
        int threadsBefore = Thread.activeCount();

        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger sruns = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        ConcurrentLinkedQueue<Long> accepted = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Thread srunLoad = load("soak-srun", stop, failures, user -> {
            String out = user.runPrinting("srun true");
            sruns.incrementAndGet();
            if (out.contains("exit code")) {
                failures.add("srun " + sruns.get() + ": " + out);
            }
        });
        AtomicInteger n = new AtomicInteger();
        Thread sbatchLoad = load("soak-sbatch", stop, failures, user -> {
            String name = List.of("fine", "exit", "halt").get(n.getAndIncrement() % 3);
            String out = user.runPrinting("sbatch -J " + name + " -o /dev/null " + job);
            if (name.equals("fine") && out.startsWith("Submitted batch job ")) {
                accepted.add(Long.parseLong(out.replaceAll("\\D+", " ").trim().split(" ")[0]));
            } else if (!name.equals("fine") && out.contains("refused: a plugin cannot stop the Plugstack runtime")) {
                refused.incrementAndGet();
            } else {
                failures.add("sbatch -J " + name + ": " + out);
            }
        });
        Thread.sleep(seconds * 1000L);
        stop.set(true);
        srunLoad.join(60_000);
        sbatchLoad.join(60_000);

        // every accepted job completes (one squeue per look: the soak leaves thousands of jobs listed)
        java.util.Set<Long> open = new java.util.HashSet<>(accepted);
        for (int look = 0; look < 120 && !open.isEmpty(); look++) {
            shell.runPrinting("squeue -t all -h -o '%i:%T'").lines().filter(l -> l.endsWith(":COMPLETED"))
                    .forEach(l -> open.remove(Long.parseLong(l.substring(0, l.indexOf(':')))));
            if (!open.isEmpty()) {
                Thread.sleep(1000);
            }
        }
        int lost = open.size();
        int otherFailures = failures.size();
        open.stream().limit(10).forEach(id -> failures.add("job " + id + " never completed"));
        // the finished jobs' records, kept above for the lost-job check, go before memory is compared
        slurmConf("JobSubmitPlugins=exiting", "MinJobAge=1");
        Thread.sleep(2000);
        for (int look = 0; look < 30; look++) { // the bench's slurmctld purges at its next allocation
            run("srun true");
            if (shell.runPrinting("squeue -t all -h -o '%T:%j'").lines().noneMatch(l -> l.startsWith("COMPLETED:") && !l.endsWith(":true"))) {
                break;
            }
            Thread.sleep(1000);
        }
        long heapAfter = heapAfterGc();
        System.out.println(("CONTAINMENT SOAK %d s: %d sruns (System.exit refused, a StackOverflowError and an OutOfMemoryError in each), %d sbatch accepted and completed, "
                + "%d refused (exit/halt), %d lost, %d failed otherwise").formatted(seconds, sruns.get(), accepted.size() - lost,
                        refused.get(), lost, otherFailures));
        System.out.println("CONTAINMENT SOAK heap after GC %.1f MB before, %.1f MB after; threads %d before, %d after"
                .formatted(heapBefore / 1e6, heapAfter / 1e6, threadsBefore, Thread.activeCount()));
        if (Boolean.getBoolean("soak.histogram")) { // where the heap went (jcmd of this JVM)
            Path histogram = dir.resolve("histogram.txt");
            new ProcessBuilder("jcmd", Long.toString(ProcessHandle.current().pid()), "GC.class_histogram")
                    .redirectOutput(histogram.toFile()).start().waitFor();
            Files.readAllLines(histogram).stream().limit(25).forEach(l -> System.out.println("CONTAINMENT SOAK histogram " + l));
        }
        failures.stream().limit(20).forEach(f -> System.out.println("CONTAINMENT SOAK failure " + f));
        assertThat(failures).isEmpty();
        assertThat(sruns.get()).isPositive();
        assertThat(accepted).isNotEmpty();
    }

    private interface Step {
        void run(Shell user) throws Exception;
    }

    /** A session submitting until {@code stop}. */
    private static Thread load(String name, AtomicBoolean stop, ConcurrentLinkedQueue<String> failures, Step step) {
        Thread t = new Thread(() -> {
            try {
                Shell user = runtime.shell();
                while (!stop.get()) {
                    step.run(user);
                }
            } catch (Exception e) {
                failures.add(name + " died: " + e);
            }
        }, name);
        t.start();
        return t;
    }
}
