package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * The real-Slurm harness itself: Debian's Slurm 22.05 in a test directory, on loopback only, runs srun
 * and batch jobs, restarts slurmd alone, and is stopped by its recorded PIDs without touching a second
 * cluster running next to it.
 */
@Timeout(120)
class RealSlurmClusterIT {

    private static final Duration T = Duration.ofSeconds(30);

    @TempDir
    static Path dir;

    static RealSlurm slurm;

    @BeforeAll
    static void startCluster() {
        slurm = RealSlurm.start(dir);
    }

    @AfterAll
    static void stopCluster() {
        if (slurm != null) {
            slurm.close();
        }
    }

    @Test
    void srunRunsATaskOnTheLoopbackNode() {
        String host = slurm.run(T, "hostname", "-s").assertOk().stdout().strip();

        Result r = slurm.run(T, "srun", "hostname").assertOk();

        assertThat(r.stdout().strip()).as(r.toString()).isEqualTo(host);
    }

    @Test
    void srunRunsTheTaskAsTheSubmittingUser() {
        Result r = slurm.runAs(RealSlurm.TEST_USER, T, "srun", "id", "-un").assertOk();

        assertThat(r.stdout().strip()).as(r.toString()).isEqualTo(RealSlurm.TEST_USER);
    }

    @Test
    void aBatchJobCompletes() throws IOException {
        Path proof = slurm.workDir().resolve("batch-proof.txt");

        Result r = slurm.run(T, "sbatch", "--parsable", "-o", "/dev/null", "--wrap", "echo written by $SLURM_JOB_ID > " + proof)
                .assertOk();
        long jobId = Long.parseLong(r.stdout().strip());
        slurm.waitForJobEnd(jobId, T);

        assertThat(slurm.jobState(jobId)).isEqualTo("COMPLETED");
        assertThat(Files.readString(proof).strip()).isEqualTo("written by " + jobId);
    }

    /** The bench's --begin table (BeginTimes) holds on a real 22.05: accepted ones submit, refused ones fail with Slurm's line. */
    @Test
    void sbatchBeginTakesWhatTheBenchTakes() {
        java.util.List<Long> held = new java.util.ArrayList<>();
        try {
            for (String begin : io.plugstack.itest.BeginTimes.ACCEPTED) {
                Result r = slurm.run(T, "sbatch", "--parsable", "-H", "--begin=" + begin, "-o", "/dev/null", "--wrap", "true").assertOk();
                assertThat(r.stdout().strip()).as(begin + ": " + r).matches("\\d+");
                held.add(Long.parseLong(r.stdout().strip()));
            }
            for (String begin : io.plugstack.itest.BeginTimes.REFUSED) {
                Result r = slurm.run(T, "sbatch", "--parsable", "-H", "--begin=" + begin, "-o", "/dev/null", "--wrap", "true");
                assertThat(r.exitCode()).as(begin + ": " + r).isNotZero();
                assertThat(r.stderr()).as(begin + ": " + r).contains(io.plugstack.itest.BeginTimes.REFUSAL);
            }
        } finally {
            for (long job : held) {
                slurm.run(T, "scancel", String.valueOf(job));
            }
        }
    }

    /** The bench's srun task variables (SrunTaskVariables) are a real 22.05's. */
    @Test
    void srunsTasksGetTheSlurmVariablesTheBenchGives() throws Exception {
        Result r = slurm.run(T, io.plugstack.itest.SrunTaskVariables.COMMAND).assertOk();
        java.util.Map<String, String> seen = io.plugstack.itest.SrunTaskVariables.seen(r.stdout());
        String host = java.net.InetAddress.getLocalHost().getHostName();
        assertThat(seen).isEqualTo(io.plugstack.itest.SrunTaskVariables.expected(seen.getOrDefault("SLURM_JOB_ID", "?"), RealSlurm.NODE,
                "plugstackit", slurm.workDir().toString(), host.contains(".") ? host.substring(0, host.indexOf('.')) : host));
    }

    /** The bench's --dependency (DependencyScenario) is a real 22.05's. */
    @Test
    void aDependentJobWaitsAndShowsItsDependencyAsTheBenchDoes() throws Exception {
        io.plugstack.itest.DependencyScenario.play(new io.plugstack.itest.DependencyScenario.Cluster() {
            @Override
            public String run(String... argv) {
                Result r = slurm.run(T, argv);
                return r.stdout() + r.stderr();
            }

            @Override
            public void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
                Await.until(what, condition, java.time.Duration.ofSeconds(60), () -> "");
            }
        });
    }

    /** The bench's scontrol show job fields (ShowJobFields) hold on a real 22.05. */
    @Test
    void scontrolShowJobPrintsWhatTheBenchPrints() {
        java.util.List<Long> held = new java.util.ArrayList<>();
        try {
            for (io.plugstack.itest.ShowJobFields.Case c : io.plugstack.itest.ShowJobFields.CASES) {
                java.util.List<String> argv = new java.util.ArrayList<>(java.util.List.of("sbatch", "--parsable", "-H", "-t", "10", "-o", "/dev/null"));
                argv.addAll(c.options());
                argv.addAll(java.util.List.of("--wrap", "true"));
                Result r = slurm.run(T, argv.toArray(String[]::new)).assertOk();
                long id = Long.parseLong(r.stdout().strip());
                held.add(id);
                String record = io.plugstack.itest.ShowJobFields.oneLine(slurm.run(T, "scontrol", "show", "job", String.valueOf(id)).assertOk().stdout());
                for (String field : c.shown()) {
                    assertThat(record).as(c.options() + ": " + record).contains(field);
                }
            }
        } finally {
            for (long job : held) {
                slurm.run(T, "scancel", String.valueOf(job));
            }
        }
    }

    @Test
    void theClusterListensOnLoopbackOnly() throws IOException {
        Map<String, Long> pids = slurm.pids();
        assertThat(pids).containsOnlyKeys("munged", "slurmctld", "slurmd");

        Map<String, List<String>> listening = new HashMap<>();
        List<String> notLoopback = new ArrayList<>();
        Map<Long, Socket> sockets = tcpSockets();
        for (Map.Entry<String, Long> daemon : pids.entrySet()) {
            listening.put(daemon.getKey(), new ArrayList<>());
            for (long inode : socketInodes(daemon.getValue())) {
                Socket s = sockets.get(inode);
                if (s == null) {
                    continue; // a unix socket (munged's, slurmd's to slurmstepd)
                }
                if (s.listening()) {
                    listening.get(daemon.getKey()).add(s.local());
                }
                if (!s.local().startsWith("127.")) {
                    notLoopback.add(daemon.getKey() + " " + s);
                }
            }
        }

        assertThat(notLoopback).isEmpty();
        assertThat(listening.get("slurmctld")).containsExactly("127.0.0.1:" + slurm.slurmctldPort());
        assertThat(listening.get("slurmd")).containsExactly("127.0.0.1:" + slurm.slurmdPort());
        assertThat(listening.get("munged")).isEmpty();
    }

    @Test
    void restartSlurmdReplacesOnlySlurmdAndTheNodeServesAgain() {
        Map<String, Long> before = slurm.pids();

        slurm.restartSlurmd();

        Map<String, Long> after = slurm.pids();
        assertThat(after.get("slurmd")).isNotEqualTo(before.get("slurmd"));
        assertThat(RealSlurm.running(before.get("slurmd"))).isFalse();
        assertThat(after.get("slurmctld")).isEqualTo(before.get("slurmctld"));
        assertThat(after.get("munged")).isEqualTo(before.get("munged"));
        assertThat(slurm.nodeState()).isEqualTo("idle");
        slurm.run(T, "srun", "true").assertOk();
    }

    @Test
    void aDrainedNodeIsResumed() {
        slurm.run(T, "scontrol", "update", "nodename=" + RealSlurm.NODE, "state=drain", "reason=RealSlurmClusterIT").assertOk();
        assertThat(slurm.nodeState()).isEqualTo("drained");

        slurm.resumeNode();

        assertThat(slurm.nodeState()).isEqualTo("idle");
    }

    @Test
    void stopEndsExactlyTheRecordedDaemons(@TempDir Path otherDir) {
        Map<String, Long> first = slurm.pids();
        RealSlurm other = RealSlurm.start(otherDir, slurm.slurmctldPort() + 10, slurm.slurmdPort() + 10);
        Map<String, Long> second;
        try {
            second = other.pids();
            assertThat(second).containsOnlyKeys("munged", "slurmctld", "slurmd");
            assertThat(second.values()).doesNotContainAnyElementsOf(first.values());
            other.run(T, "srun", "true").assertOk();
        } finally {
            other.close();
        }

        for (Map.Entry<String, Long> daemon : second.entrySet()) {
            assertThat(RealSlurm.running(daemon.getValue())).as("the stopped cluster's " + daemon).isFalse();
        }
        assertThat(other.pids()).isEmpty();
        for (Map.Entry<String, Long> daemon : first.entrySet()) {
            assertThat(RealSlurm.running(daemon.getValue())).as("the other cluster's " + daemon).isTrue();
        }
        slurm.run(T, "srun", "true").assertOk();
        other.close(); // a second stop changes nothing
    }

    @Test
    void aPortInsideTheKernelsEphemeralRangeIsRefusedBeforeAnyDaemonStarts(@TempDir Path otherDir) throws IOException {
        // readAllLines: Java 17's readString returns only this procfs file's first byte (it reports size 0)
        int low = Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0).split("\\s+")[0]);

        assertThatThrownBy(() -> RealSlurm.start(otherDir, low + 17, low + 18))
                .hasMessageContaining("port " + (low + 17) + " is inside the kernel's ephemeral port range")
                .hasMessageContaining("choose a port below " + low);

        assertThat(otherDir.resolve("run")).doesNotExist();
    }

    record Socket(String local, boolean listening) {
    }

    /** Every TCP socket of the machine by inode, from /proc/net/tcp and tcp6 (no ss needed). */
    private static Map<Long, Socket> tcpSockets() throws IOException {
        Map<Long, Socket> sockets = new HashMap<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path p = Path.of(table);
            if (!Files.exists(p)) {
                continue;
            }
            for (String line : Files.readAllLines(p).subList(1, Files.readAllLines(p).size())) {
                String[] f = line.trim().split("\\s+");
                String[] local = f[1].split(":");
                sockets.put(Long.parseLong(f[9]), new Socket(address(local[0]) + ":" + Integer.parseInt(local[1], 16), f[3].equals("0A")));
            }
        }
        return sockets;
    }

    /** /proc/net/tcp's hex address: IPv4 as one little-endian word; IPv6 as four, shown v4-mapped when it is. */
    private static String address(String hex) {
        byte[] b = new byte[hex.length() / 2];
        for (int word = 0; word < b.length / 4; word++) {
            for (int i = 0; i < 4; i++) {
                b[word * 4 + i] = (byte) Integer.parseInt(hex.substring(word * 8 + (3 - i) * 2, word * 8 + (3 - i) * 2 + 2), 16);
            }
        }
        if (b.length == 16) {
            boolean mapped = true;
            for (int i = 0; i < 10; i++) {
                mapped &= b[i] == 0;
            }
            mapped &= b[10] == (byte) 0xff && b[11] == (byte) 0xff;
            if (!mapped) {
                return "[" + hex + "]";
            }
            b = java.util.Arrays.copyOfRange(b, 12, 16);
        }
        return (b[0] & 0xff) + "." + (b[1] & 0xff) + "." + (b[2] & 0xff) + "." + (b[3] & 0xff);
    }

    private static List<Long> socketInodes(long pid) throws IOException {
        List<Long> inodes = new ArrayList<>();
        try (var fds = Files.list(Path.of("/proc/" + pid + "/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(Long.parseLong(target.substring(8, target.length() - 1)));
                    }
                } catch (IOException closedMeanwhile) {
                    // the daemon closed this descriptor while we listed them
                }
            }
        }
        return inodes;
    }
}
