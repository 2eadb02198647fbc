package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * A daemon killed (SIGKILL) during a burst of real sruns and started again at once, as its service manager
 * does (issue 26): the bridge waits for it (connect_wait, 10 s by default), so no node drains, no job is
 * left behind, and private-tmp leaves no directory. Reproduced before: 25 of 50 sruns stuck, a prolog
 * failed, the node DRAINED "Epilog error", /tmp/slurm-N left behind.
 */
@Timeout(900)
class RealSlurmRestartIT {

    /** 50 jobs one after the other on a 2-CPU node, each with its prolog and epilog: minutes, not seconds. */
    private static final Duration T = Duration.ofSeconds(400);
    private static final int SRUNS = 50;

    @TempDir
    static Path dir;
    static NodeDaemon node;
    static RealSlurm slurm;
    static Path tmp;

    @BeforeAll
    static void startNodeDaemonThenCluster() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        tmp = Files.createDirectories(dir.resolve("tmp"));
        Files.setAttribute(tmp, "unix:mode", 01777);
        node = NodeDaemon.start(dir.resolve("node"), "required renice\noptional private-tmp base=" + tmp + "\n");
        RealSlurm.ensureUser(RealSlurm.TEST_USER);
        slurm = RealSlurm.start(dir.resolve("cluster"), node.bridgeLine("plugstack_bridge.so") + "\n", 27817, 27818);
    }

    @AfterAll
    static void stopClusterThenNodeDaemon() throws Exception {
        RealSlurm.closeThen(slurm, node);
    }

    @Test
    void aDaemonKilledDuringABurstOfSrunsAndStartedAgainDrainsNothingAndLeavesNothing() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(SRUNS);
        List<Future<Result>> sruns = new ArrayList<>();
        try {
            for (int i = 0; i < SRUNS; i++) {
                sruns.add(pool.submit(() -> slurm.runAs(RealSlurm.TEST_USER, T, "srun", "--renice=2", "nice")));
            }
            Thread.sleep(1500); // the burst under way: sessions open in srun, prologs and steps
            long t0 = System.nanoTime();
            node.kill();
            node.restart(); // returns once its sockets are served again
            long restartMs = (System.nanoTime() - t0) / 1_000_000;
            Map<String, Integer> outcomes = new TreeMap<>();
            for (Future<Result> f : sruns) {
                Result r = f.get(T.toSeconds() + 30, TimeUnit.SECONDS);
                outcomes.merge(r.exitCode() == 0 ? "ok " + r.stdout().strip() : "failed: " + r.stderr().lines().reduce((a, b) -> b).orElse(""),
                        1, Integer::sum);
            }
            System.out.println("RealSlurmRestartIT: kill -9 and start again: served again after " + restartMs + " ms; " + SRUNS
                    + " sruns: " + outcomes);
            // no job left behind, and the node serves the next one
            for (int i = 0; i < 240 && !slurm.run(T, "squeue", "-h").stdout().isBlank(); i++) {
                Thread.sleep(500);
            }
            String slurmdErrors = String.join("\n", slurm.slurmdLog().lines().filter(l -> l.contains("error") && !l.contains("mpi")
                    || l.contains("plugstack")).toList());
            assertThat(slurm.run(T, "squeue", "-h").stdout()).as("jobs left (node %s); outcomes %s%nslurmd:%n%s%nnode daemon:%n%s",
                    slurm.nodeState(), outcomes, slurmdErrors, node.log()).isBlank();
            assertThat(slurm.nodeState()).as("outcomes %s%nslurmd:%n%s", outcomes, slurm.slurmdLog()).isNotIn("drained", "draining");
            try (var left = Files.list(tmp)) {
                assertThat(left.map(p -> p.getFileName().toString()).toList()).as("private-tmp's directories left").isEmpty();
            }
            Result next = slurm.runAs(RealSlurm.TEST_USER, T, "srun", "--renice=2", "nice");
            assertThat(next.stdout()).as("%s", next).isEqualTo("2\n");
        } finally {
            pool.shutdownNow();
        }
    }
}
