package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.realslurm.NodeDaemon;
import io.plugstack.runtime.spi.bench.CommandProtocol;
import io.plugstack.runtime.spi.bench.SlurmClient;

/**
 * One runtime per home, for the real distribution started as processes ({@code java -jar plugstack.jar
 * --home}), in both modes: a second runtime on a home is refused at once, naming the PID that holds it,
 * before it touches the first one's bench socket or bundle cache; a runtime killed with SIGKILL leaves
 * nothing that stops the next start. Every process is stopped by its own handle (its PID), nothing else.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OneRuntimePerHomeIT {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path dir;
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stopWhatWasStarted() throws InterruptedException {
        for (Process p : started) {
            p.destroy(); // SIGTERM to that PID, SIGKILL to the same PID if it has not stopped
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aSecondRuntimeOnAHomeIsRefusedNamingThePidThatHoldsItAndAKilledOneLeavesNoLock() throws Exception {
        Path home = dir.resolve("home");
        for (String sub : new String[] {"system", "features", "etc"}) {
            PlugstackRuntime.copyTree(PlugstackRuntime.dist().resolve(sub), home.resolve(sub));
        }
        Process first = bench(home, "first");
        awaitJobRuns(home, first, "first");
        Map<String, Object> inUse = benchSocketAndBundleCache(home);

        assertRefused(start("second", List.of("--home", home.toString())), home, first.pid());

        assertThat(benchSocketAndBundleCache(home)).as("the first runtime's bench socket and bundle cache, untouched").isEqualTo(inUse);
        assertThat(srun(home, "sh", "-c", "exit 7")).as("a job of the first runtime still runs").isEqualTo(7);

        first.destroyForcibly(); // SIGKILL: the first runtime has no chance to let go of anything
        assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
        Process third = bench(home, "third");
        awaitJobRuns(home, third, "third");
        assertThat(Files.readString(home.resolve("data/runtime.lock"))).isEqualTo(third.pid() + "\n");
    }

    @Test
    void aSecondNodeDaemonOnAHomeIsRefusedOnItsConsoleAndAKilledOneLeavesNoLock() throws Exception {
        try (NodeDaemon first = NodeDaemon.start(dir.resolve("node"), "")) {
            Path home = first.home();
            Map<String, Object> inUse = benchSocketAndBundleCache(home);
            Path otherLog = dir.resolve("second/plugstack-node.log");

            assertRefused(start("second", List.of("--home", home.toString(), "--node", "--socket-dir", dir.resolve("second/run").toString(),
                    "--log", otherLog.toString())), home, first.pid());

            assertThat(otherLog).as("refused before its log: the message went to the console").doesNotExist();
            assertThat(benchSocketAndBundleCache(home)).as("the first daemon's bundle cache, untouched").isEqualTo(inUse);
            assertThat(first.admin("plugstack:plugins").stdout()).as("the first daemon still serves its shell").contains("renice");

            first.kill(); // SIGKILL to its PID
            first.restart(); // fails unless its sockets are served again within 30 s
            assertThat(Files.readString(home.resolve("data/runtime.lock"))).isEqualTo(first.pid() + "\n");
        }
    }

    /** The runtime with its bench, headless (no console to read): {@code java -jar plugstack.jar --home home}. */
    private Process bench(Path home, String name) throws Exception {
        return start(name, List.of("--home", home.toString()));
    }

    private Process start(String name, List<String> args) throws Exception {
        List<String> argv = new ArrayList<>(List.of(JAVA, "-Dgosh.args=--nointeractive", "-jar",
                PlugstackRuntime.dist().resolve("plugstack.jar").toString()));
        argv.addAll(args);
        Process p = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".out").toFile()).start();
        started.add(p);
        return p;
    }

    /** A second runtime: gone within seconds, exit code 1, and on its console the one line that says why. */
    private void assertRefused(Process second, Path home, long holder) throws Exception {
        assertThat(second.waitFor(30, TimeUnit.SECONDS)).as("the second runtime stops at once").isTrue();
        Path console = dir.resolve("second.out");
        assertThat(second.exitValue()).as(Files.readString(console)).isEqualTo(1);
        assertThat(Files.readString(console)).contains("plugstack: error: the home " + home + " is in use by another runtime (pid "
                + holder + "): one runtime per home\n");
    }

    /** Waits (up to a minute: a whole boot on a shared machine) until a job runs on the bench at {@code home} while {@code runtime} lives. */
    private void awaitJobRuns(Path home, Process runtime, String name) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!jobRuns(home)) {
            if (!runtime.isAlive() || System.nanoTime() > end) {
                throw new AssertionError("the runtime at " + home + " runs no job (alive: " + runtime.isAlive() + "); its output:\n"
                        + Files.readString(dir.resolve(name + ".out")));
            }
            Thread.sleep(100);
        }
    }

    private static boolean jobRuns(Path home) {
        try {
            return srun(home, "true") == 0;
        } catch (Exception e) {
            return false;
        }
    }

    /** {@code srun args} through the home's bench socket, as a job's srun shim sends it: its exit code. */
    private static int srun(Path home, String... args) throws Exception {
        return SlurmClient.run(home.resolve("data/bench.sock"), new CommandProtocol.Request("srun", List.of(args), Map.of(),
                home.toString()));
    }

    /** The bench socket and each entry of the bundle cache, by the file each is (device and inode): a wipe or rebind changes them. */
    private static Map<String, Object> benchSocketAndBundleCache(Path home) throws Exception {
        Map<String, Object> files = new TreeMap<>();
        try (Stream<Path> cache = Files.list(home.resolve("data/framework"))) {
            for (Path p : (Iterable<Path>) cache::iterator) {
                files.put(home.relativize(p).toString(), Files.getAttribute(p, "unix:ino"));
            }
        }
        Path socket = home.resolve("data/bench.sock");
        if (Files.exists(socket)) {
            files.put("data/bench.sock", Files.getAttribute(socket, "unix:ino"));
        }
        assertThat(files).as("the bundle cache of " + home).containsKey("data/framework/bundle0");
        return files;
    }
}
