package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The version soak (issue 5, item 6): {@code soak.cycles} (default 1 000) cycles of deploy 3.0.0,
 * upgrade to it, roll back to 2.0.0, undeploy 3.0.0, while another session launches jobs without
 * pause. No job may be lost or fail, and memory must stay flat. A benchmark, not part of the
 * default suite: {@code mvn -B verify -pl features -am -Dit.test=VersionSoakIT -Dit.excludedGroups=none}.
 */
@Tag("soak")
class VersionSoakIT extends BenchRuntime {

    @Test
    void deployUpgradeRollbackCyclesLoseNoJobAndKeepMemoryFlat() throws Exception {
        int cycles = Integer.getInteger("soak.cycles", 1000);
        for (String v : List.of("1.0.0", "2.0.0")) {
            runtime.deploy(build(v));
        }
        Path v3 = build("3.0.0");
        Path log = dir.resolve("soak.log");
        runtime.plugstackConf("required soak " + log);
        // slurmctld forgets finished jobs after MinJobAge; a soak must not count their records as a leak
        slurmConf("MinJobAge=5");
        // the last bundle events and version switches, printed if a job fails (bounded: memory is measured)
        java.util.concurrent.ArrayBlockingQueue<String> events = new java.util.concurrent.ArrayBlockingQueue<>(300);
        runtime.context().addBundleListener(e -> {
            if ("itest.soak".equals(e.getBundle().getSymbolicName())) {
                note(events, e.getBundle().getVersion() + " " + e.getType());
            }
        });
        PlugstackRuntime.await(() -> {
            try {
                return shell.run("plugstack:versions soak").contains("active");
            } catch (Exception e) {
                return false;
            }
        }, "soak to be active");
        shell.run("plugstack:upgrade soak 2.0.0");

        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger jobs = new AtomicInteger();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Thread submitter = new Thread(() -> {
            try {
                Shell user = runtime.shell();
                while (!stop.get()) {
                    String out = user.runPrinting("srun true");
                    jobs.incrementAndGet();
                    if (!out.isEmpty()) {
                        failures.add("job " + jobs.get() + " at " + System.nanoTime() / 1_000_000 + ": " + out);
                    }
                }
            } catch (Exception e) {
                failures.add("submitter died: " + e);
            }
        }, "soak-submitter");
        submitter.start();

        List<Long> cycleMicros = new ArrayList<>();
        List<String> memory = new ArrayList<>();
        long heapAtTenth = 0;
        int classesAtTenth = 0;
        Path deployed = runtime.deployDir().resolve(v3.getFileName());
        for (int i = 1; i <= cycles; i++) {
            long t0 = System.nanoTime();
            runtime.deploy(v3);
            PlugstackRuntime.await(() -> versionState("3.0.0").matches("(available|outside pin)"), "3.0.0 to settle");
            note(events, "upgrade");
            assertThat(shell.run("plugstack:upgrade soak 3.0.0")).contains("upgrade to 3.0.0");
            note(events, "rollback");
            assertThat(shell.run("plugstack:rollback soak")).contains("rollback to 2.0.0");
            note(events, "rolled back");
            Files.delete(deployed);
            String location = deployed.toUri().toString();
            PlugstackRuntime.await(() -> runtime.bundleAt(location).isEmpty(), "3.0.0 to be uninstalled");
            cycleMicros.add((System.nanoTime() - t0) / 1000);
            if (i == cycles / 10 || i % (cycles / 4) == 0) {
                long heap = heapAfterGc();
                int classes = ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();
                memory.add("cycle %d: heap after GC %.1f MB, metaspace %.1f MB, classes loaded %d, jobs %d"
                        .formatted(i, heap / 1e6, metaspace() / 1e6, classes, jobs.get()));
                if (i == cycles / 10) {
                    heapAtTenth = heap;
                    classesAtTenth = classes;
                }
            }
        }
        stop.set(true);
        submitter.join(30_000);
        long heapEnd = heapAfterGc();
        int classesEnd = ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();

        Collections.sort(cycleMicros);
        System.out.println("SOAK " + cycles + " deploy/upgrade/rollback/undeploy cycles, " + jobs.get()
                + " jobs launched meanwhile, " + failures.size() + " failed or lost");
        System.out.println("SOAK cycle median %.1f ms (p10 %.1f, p90 %.1f)".formatted(cycleMicros.get(cycles / 2) / 1e3,
                cycleMicros.get(cycles / 10) / 1e3, cycleMicros.get(cycles * 9 / 10) / 1e3));
        memory.forEach(m -> System.out.println("SOAK " + m));
        System.out.println("SOAK from cycle %d to the end: heap %+.1f MB, classes %+d".formatted(cycles / 10,
                (heapEnd - heapAtTenth) / 1e6, classesEnd - classesAtTenth));
        int removalPending = runtime.context().getBundle(0).adapt(org.osgi.framework.wiring.FrameworkWiring.class)
                .getRemovalPendingBundles().size();
        System.out.println("SOAK bundles uninstalled but still pending removal: " + removalPending);

        if (!failures.isEmpty()) {
            events.forEach(e -> System.out.println("SOAK event " + e));
        }
        assertThat(failures).isEmpty();
        assertThat(jobs.get()).isPositive();
        assertThat(versionState("2.0.0")).isEqualTo("active");
        // flat: a leaked class space per cycle would add thousands of classes and megabytes
        assertThat(classesEnd - classesAtTenth).isLessThan(500);
        assertThat(heapEnd - heapAtTenth).isLessThan(32L << 20);
    }

    private static void note(java.util.concurrent.BlockingQueue<String> events, String what) {
        String e = System.nanoTime() / 1_000_000 + " " + what;
        while (!events.offer(e)) {
            events.poll();
        }
    }

    private Path build(String version) throws Exception {
        return fixtures.plugin("itest.soak", "versioned").header("Slurm-Plugin-Name", "soak").bundleVersion(version)
                .header("Implementation-Version", version).build();
    }

    private static String versionState(String version) {
        try {
            return PluginVersionsView.state(shell.run("plugstack:versions soak"), version);
        } catch (Exception e) {
            return "";
        }
    }

    private static long metaspace() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.NON_HEAP)
                .filter(p -> p.getName().contains("Metaspace")).mapToLong(p -> p.getUsage().getUsed()).sum();
    }
}
