package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The version-switch soak (issue 15, item 3): plugins run at 1.0.0 while a loop per plugin drops
 * 2.0.0 into deploy/, waits until new commands get it, and deletes it again, as an admin would, and
 * sessions submit without pause for {@code soak.seconds} (default 60) per test. A version chosen and
 * uninstalled before it is taken must be chosen again: no command may fail for it, and no job the
 * controller accepted may be lost (never end). Printed as "VERSION SWITCH SOAK" lines. A benchmark,
 * not in the default suite: {@code mvn -B verify -pl features -am -Dit.test=VersionSwitchSoakIT -Dit.excludedGroups=none}.
 */
@Tag("soak")
class VersionSwitchSoakIT extends BenchRuntime {

    private static final Set<String> ENDED = Set.of("COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY");
    /** What a job that chose 2.0.0 would say if 2.0.0 undeployed before its later stacks failed it (before the withdrawn rule). */
    private static final Pattern CARRIED = Pattern.compile("the job runs itest\\.evil 2\\.0\\.0");

    /** The runtime's line for a job whose chosen 2.0.0 was undeployed here: it goes on with 1.0.0. */
    private static final Pattern WENT_ON = Pattern.compile("plugin itest\\.evil: the job's version 2\\.0\\.0 was undeployed here while the job ran; "
            + "it goes on with 1\\.0\\.0");

    /** A plugin whose 2.0.0 comes and goes beside its 1.0.0. */
    private record Switched(String family, String symbolicName, Supplier<FixturePlugins.Spec> spec) {
        Path build(String version) throws Exception {
            return spec.get().bundleVersion(version).header("Implementation-Version", version).build();
        }
    }

    static Switched spank;
    static Switched jobSubmit;
    static Switched cliFilter;

    @BeforeAll
    static void deployTheOnesThatStay() throws Exception {
        spank = new Switched("SPANK", "itest.evil", () -> fixtures.plugin("itest.evil", "versioned").header("Slurm-Plugin-Name", "evil"));
        jobSubmit = new Switched("job_submit", "itest.jsevil", () -> fixtures.plugin("itest.jsevil", "jsversion")
                .header("Slurm-Plugin-Type", "job_submit/jsevil").header("Slurm-Plugin-Name", "jsevil"));
        cliFilter = new Switched("cli_filter", "itest.clievil", () -> fixtures.plugin("itest.clievil", "clif")
                .header("Slurm-Plugin-Type", "cli_filter/clievil").header("Slurm-Plugin-Name", "clievil"));
        for (Switched p : List.of(spank, jobSubmit, cliFilter)) {
            PluginVersionsView.deploySettled(runtime, shell, p.build("1.0.0"));
        }
        runtime.plugstackConf("required evil " + dir.resolve("evil.log"));
        // every command passes all three; ended jobs stay listed, so a lost one shows
        slurmConf("JobSubmitPlugins=jsevil", "CliFilterPlugins=clievil", "MinJobAge=3600");
        runUntil("srun true", o -> o.contains("jsversion 1.0.0"));
    }

    /** A job that chose 2.0.0 goes on with 1.0.0 once 2.0.0 is undeployed here (the withdrawn rule): no srun fails. */
    @Test
    void aRequiredSpankPluginsNewerVersionComingAndGoingFailsNoSrun() throws Exception {
        Soak s = soak(List.of(spank));
        long at2 = lines(dir.resolve("evil.log")).stream().filter(l -> l.startsWith("init local ") && l.endsWith("version=2.0.0")).count();
        s.print("SPANK evil (" + at2 + " sruns chose 2.0.0, " + s.count("went on with 1.0.0") + " of them went on with 1.0.0 after it was undeployed)");
        assertThat(s.failures()).isEmpty();
        assertThat(s.lost).isZero();
    }

    @Test
    void jobSubmitAndCliFilterPluginsNewerVersionsComingAndGoingFailNoSubmission() throws Exception {
        Soak s = soak(List.of(jobSubmit, cliFilter));
        s.print("job_submit jsevil and cli_filter clievil");
        assertThat(s.failures()).isEmpty();
        assertThat(s.lost).isZero();
        assertThat(s.count("sbatch")).isPositive();
    }

    /** What one soak counted. */
    private static final class Soak {
        final int seconds = Integer.getInteger("soak.seconds", 60);
        final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
        final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        final Map<Long, String> states = new HashMap<>();
        long lost;

        void add(String what) {
            counts.computeIfAbsent(what, k -> new AtomicInteger()).incrementAndGet();
        }

        int count(String what) {
            return counts.getOrDefault(what, new AtomicInteger()).get();
        }

        List<String> failures() {
            return List.copyOf(failures);
        }

        void print(String switched) {
            long carried = failures.stream().filter(f -> CARRIED.matcher(f).find()).count();
            System.out.println(("VERSION SWITCH SOAK %s, %d s: 2.0.0 deployed and undeployed %s beside 1.0.0; srun true %d (%d at "
                    + "job_submit 2.0.0), sbatch %d (%d at 2.0.0); %d jobs accepted, %d ended COMPLETED, %d lost; %d commands or jobs "
                    + "failed (%d of them jobs whose chosen 2.0.0 was undeployed under them)").formatted(switched, seconds,
                            counts.keySet().stream().filter(k -> k.endsWith(" cycles")).sorted().map(k -> count(k) + " times (" + k.replace(" cycles", ")"))
                                    .reduce((a, b) -> a + ", " + b).orElse("0 times"),
                            count("srun"), count("srun 2.0.0"), count("sbatch"), count("sbatch 2.0.0"), states.size(),
                            states.values().stream().filter("COMPLETED"::equals).count(), lost, failures.size(), carried));
            failures.stream().limit(10).forEach(f -> System.out.println("VERSION SWITCH SOAK failure " + f));
        }
    }

    /** Switches {@code plugins} while an srun session and, for the chains, an sbatch session run; then waits for every job to end. */
    private static Soak soak(List<Switched> plugins) throws Exception {
        Soak s = new Soak();
        long firstJob = lastJobId() + 1;
        Path script = Files.writeString(dir.resolve("switch.sh"), "#!/bin/sh\ntrue\n");
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (Switched p : plugins) {
            Path v2 = p.build("2.0.0");
            threads.add(session("switch " + p.family(), stop, s, user -> {
                switchOnce(user, v2, p.symbolicName());
                s.add(p.family() + " cycles");
            }));
        }
        threads.add(session("srun", stop, s, user -> {
            String out = counted(s, "srun", user.runPrinting("srun true"));
            // the console the shell captures also carries the runtime's line for a job whose 2.0.0 was withdrawn under it
            String own = out.lines().filter(l -> !WENT_ON.matcher(l).find()).map(l -> l + "\n").collect(java.util.stream.Collectors.joining());
            if (out.lines().anyMatch(l -> WENT_ON.matcher(l).find())) {
                s.add("went on with 1.0.0");
            }
            if (!own.matches("(srun: jsversion \\d\\.0\\.0\\n)?")) {
                s.failures.add("srun true: " + out);
            }
        }));
        ConcurrentLinkedQueue<Long> accepted = new ConcurrentLinkedQueue<>();
        if (plugins.contains(jobSubmit)) {
            threads.add(session("sbatch", stop, s, user -> {
                String out = counted(s, "sbatch", user.runPrinting("sbatch -o '" + dir.resolve("job-%j.out") + "' " + script));
                Matcher m = Pattern.compile("(sbatch: jsversion \\d\\.0\\.0\\n)?Submitted batch job (\\d+)\\n").matcher(out);
                if (m.matches()) {
                    accepted.add(Long.parseLong(m.group(2)));
                } else {
                    s.failures.add("sbatch: " + out);
                }
            }));
        }
        Thread.sleep(s.seconds * 1000L);
        stop.set(true);
        for (Thread t : threads) {
            t.join(60_000);
        }
        // every job the controller accepted ends, COMPLETED (one squeue per look: thousands are listed)
        for (int look = 0; look < 60; look++) {
            s.states.clear();
            shell.runPrinting("squeue -t all -h -o '%i:%T'").lines().map(l -> l.split(":")).filter(c -> Long.parseLong(c[0]) >= firstJob)
                    .forEach(c -> s.states.put(Long.parseLong(c[0]), c[1]));
            if (s.states.values().stream().allMatch(ENDED::contains)) {
                break;
            }
            Thread.sleep(1000);
        }
        s.lost = s.states.values().stream().filter(st -> !ENDED.contains(st)).count()
                + accepted.stream().filter(id -> !s.states.containsKey(id)).count();
        for (Map.Entry<Long, String> e : s.states.entrySet()) {
            if (!e.getValue().equals("COMPLETED") && accepted.contains(e.getKey())) { // a failed srun said why already
                s.failures.add("job " + e.getKey() + " " + jobRecord(e.getKey()) + " " + lines(dir.resolve("job-" + e.getKey() + ".out")));
            }
        }
        return s;
    }

    private static String counted(Soak s, String command, String out) {
        s.add(command);
        if (out.contains("jsversion 2.0.0")) {
            s.add(command + " 2.0.0");
        }
        return out;
    }

    /** Drops 2.0.0 into deploy/, waits until new commands get it, deletes it and waits until it is uninstalled. */
    private static void switchOnce(Shell user, Path v2, String symbolicName) throws Exception {
        Path deployed = runtime.deployDir().resolve(v2.getFileName());
        try {
            runtime.deploy(v2);
            PlugstackRuntime.await(() -> {
                try {
                    return "active".equals(PluginVersionsView.state(user.run("plugstack:versions " + symbolicName), "2.0.0"));
                } catch (Exception e) {
                    return false;
                }
            }, symbolicName + " 2.0.0 to be active");
        } finally {
            Files.deleteIfExists(deployed);
        }
        String location = deployed.toUri().toString();
        PlugstackRuntime.await(() -> runtime.bundleAt(location).isEmpty(), symbolicName + " 2.0.0 to be uninstalled");
    }

    private interface Step {
        void run(Shell user) throws Exception;
    }

    /** A shell session repeating {@code step} until {@code stop}; what it throws ends it and is a failure. */
    private static Thread session(String name, AtomicBoolean stop, Soak s, Step step) {
        Thread t = new Thread(() -> {
            try {
                Shell user = runtime.shell();
                while (!stop.get()) {
                    step.run(user);
                }
            } catch (Exception | AssertionError e) {
                s.failures.add(name + " died: " + e + " at " + java.util.Arrays.stream(e.getStackTrace()).limit(12)
                        .map(StackTraceElement::toString).collect(java.util.stream.Collectors.joining(" < ")));
            }
        }, "soak-" + name);
        t.start();
        return t;
    }
}
