package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * No user can deny the node to the others (issue 26): an unprivileged user the test creates holds
 * user.sock connections past its share, or connects and hangs up as fast as it can, or puts a newline in
 * what the daemon logs; meanwhile a second user's real srun succeeds, the log grows by a few lines, and
 * no line is forged. The hostile client is {@code peer.py} (python3, the user's own program).
 */
@Timeout(300)
@org.junit.jupiter.api.TestMethodOrder(org.junit.jupiter.api.MethodOrderer.OrderAnnotation.class)
class RealSlurmUserLimitsIT {

    private static final Duration T = Duration.ofSeconds(60);
    private static final String HOSTILE = RealSlurm.TEST_USER;
    private static final String OTHER = "plugstackit2";

    @TempDir
    static Path dir;
    static NodeDaemon node;
    static RealSlurm slurm;
    static Path peer;

    @BeforeAll
    static void startNodeDaemonThenCluster() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        peer = dir.resolve("peer.py");
        try (InputStream in = RealSlurmUserLimitsIT.class.getResourceAsStream("/realslurm/peer.py")) {
            Files.copy(in, peer);
        }
        Files.setPosixFilePermissions(peer, PosixFilePermissions.fromString("rwxr-xr-x"));
        node = NodeDaemon.start(dir.resolve("node"), "");
        RealSlurm.ensureUser(HOSTILE);
        RealSlurm.ensureUser(OTHER);
        slurm = RealSlurm.start(dir.resolve("cluster"), node.bridgeLine("plugstack_bridge.so") + "\n", 26817, 26818);
    }

    @AfterAll
    static void stopClusterThenNodeDaemon() throws Exception {
        RealSlurm.closeThen(slurm, node);
    }

    /** peer.py as {@code user} in the background: its first line once it printed it, then it waits for its stdin to end. */
    private static Process peer(String user, String... args) throws IOException {
        String gid = slurm.run(T, "id", "-g", user).stdout().strip();
        List<String> cmd = new java.util.ArrayList<>(List.of("setpriv", "--reuid=" + user, "--regid=" + gid, "--init-groups", "--",
                "/usr/bin/python3", peer.toString(), node.socketDir().resolve("user.sock").toString()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private static String firstLine(Process p) throws IOException {
        StringBuilder b = new StringBuilder();
        InputStream in = p.getInputStream();
        for (int c; (c = in.read()) != -1 && c != '\n';) {
            b.append((char) c);
        }
        return b.toString();
    }

    private static long uid(String user) {
        return Long.parseLong(slurm.run(T, "id", "-u", user).stdout().strip());
    }

    private static long lines(String log, String containing) {
        return log.lines().filter(l -> l.contains(containing)).count();
    }

    /** First: the hostile uid's whole burst (its share, 512) is still there. */
    @Test
    @org.junit.jupiter.api.Order(1)
    void oneUserHoldingMoreConnectionsThanItsShareNeverFailsAnotherUsersSrun() throws Exception {
        Process holder = peer(HOSTILE, "hold", "600");
        try {
            String held = firstLine(holder);
            assertThat(held).as("node daemon:%n%s", node.log())
                    .isEqualTo("welcome 512 refuse 88 other 0: uid " + uid(HOSTILE) + " already holds 512 connections (at most 512 per uid)");
            Result r = slurm.runAs(OTHER, T, "srun", "echo", "served");
            assertThat(r.stdout()).as("%s%nnode daemon:%n%s", r, node.log()).isEqualTo("served\n");
            assertThat(lines(node.log(), "refused a connection of uid " + uid(HOSTILE))).as("one line, not 88").isEqualTo(1);
        } finally {
            holder.getOutputStream().close();
            holder.waitFor(60, TimeUnit.SECONDS);
        }
        Thread.sleep(1000 * 512 / 200 + 500); // its 512 connections spent its burst: back at 200 a second
        Result again = slurm.runAs(HOSTILE, T, "srun", "echo", "served");
        assertThat(again.stdout()).as("the holder's own share is free again: %s", again).isEqualTo("served\n");
    }

    @Test
    @org.junit.jupiter.api.Order(4)
    void aReconnectFloodNeitherFailsAnotherUsersSrunNorFloodsTheLog() throws Exception {
        long before = node.log().lines().count();
        Process flood = peer(HOSTILE, "flood", "8");
        try {
            Result r = slurm.runAs(OTHER, T, "srun", "echo", "served");
            assertThat(r.stdout()).as("%s%nnode daemon:%n%s", r, node.log()).isEqualTo("served\n");
        } finally {
            String done = firstLine(flood);
            assertThat(flood.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(done).startsWith("connections ");
        }
        long grown = node.log().lines().count() - before;
        assertThat(grown).as("log lines written during the flood:%n%s", node.log()).isLessThan(50);
    }

    /** Random and mutated frames of every type, lengths that lie and deep JSON from an unprivileged user: the node serves on. */
    @Test
    @org.junit.jupiter.api.Order(3)
    void aProtocolFuzzOfUserSockLeavesTheNodeServingAnotherUser() throws Exception {
        long pid = node.pid();
        long before = node.log().lines().count();
        Process fuzz = peer(HOSTILE, "fuzz", "20");
        String done = firstLine(fuzz);
        assertThat(fuzz.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(done).startsWith("connections ");
        Result r = slurm.runAs(OTHER, T, "srun", "echo", "served");
        assertThat(r.stdout()).as("after %s%n%s%nnode daemon:%n%s", done, r, node.log()).isEqualTo("served\n");
        assertThat(node.pid()).isEqualTo(pid);
        assertThat(node.alive()).isTrue();
        assertThat(node.log()).as("no role died").doesNotContain("role exited").doesNotContain("StackOverflowError")
                .doesNotContain("OutOfMemoryError");
        long grown = node.log().lines().count() - before;
        System.out.println("RealSlurmUserLimitsIT: fuzz " + done + "; the daemon log grew by " + grown + " lines");
        assertThat(grown).as("one line per uid and minute, not one per bad connection:%n%s", node.log()).isLessThan(60);
    }

    @Test
    @org.junit.jupiter.api.Order(2)
    void aNewlineAUserSendsNeverForgesALogLine() throws Exception {
        String forged = "plugstack: node: admin root ran plugstack:undeploy renice";
        Process p = peer(HOSTILE, "forge", "x\n[2026-11-28T00:00:00.000] " + forged);
        assertThat(firstLine(p)).isEqualTo("refuse");
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        for (int i = 0; i < 100 && !node.log().contains("x\\x0a[2026-11-28T00:00:00.000] " + forged); i++) {
            Thread.sleep(100); // the user role's line reaches the root role's log through its output
        }
        assertThat(node.log()).contains("not a Slurm release: \"x\\x0a[2026-11-28T00:00:00.000] " + forged);
        assertThat(Files.readAllLines(node.logFile(), StandardCharsets.UTF_8)).noneMatch(l -> l.matches("^\\[[^]]*\\] " + java.util.regex.Pattern.quote(forged) + ".*"));
    }
}
