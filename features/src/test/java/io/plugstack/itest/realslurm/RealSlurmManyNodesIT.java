package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.FixturePlugins;
import io.plugstack.itest.PluginVersionsView;
import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * Plugstack on a real Slurm cluster of three nodes on one machine (issue 28, item 2): slurmctld, and a
 * slurmd on a login node and two compute nodes, each in network, UTS and mount namespaces of its own
 * (cluster.sh NODES=), and one node daemon per node with its own home and sockets, all reading one
 * shared deploy folder and one shared plugstack.conf, as docs/admin-guide.md's "Many nodes" says. Every
 * node sees the same paths: Slurm's plugstack.conf names the bridge's socket directory and the plugins'
 * logs under the cluster's node path (DIR/node), which is each node's own directory there, as /run is on
 * a machine of its own. Commands run on the login node.
 */
@Timeout(300)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RealSlurmManyNodesIT {

    private static final Duration T = Duration.ofSeconds(30);
    private static final List<String> NODES = List.of("login", "c1", "c2");

    @TempDir
    static Path dir;
    static Path cluster;
    static Path shared;
    static FixturePlugins fixtures;
    static final Map<String, NodeDaemon> DAEMONS = new LinkedHashMap<>();
    static RealSlurm slurm;

    @BeforeAll
    static void oneDaemonPerNodeThenTheCluster() throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        cluster = dir.resolve("c");
        shared = Files.createDirectories(dir.resolve("shared"));
        Files.createDirectories(shared.resolve("deploy"));
        Files.writeString(shared.resolve("plugstack.conf"), "required demo " + nodePath("java.log") + "\n");
        fixtures = new FixturePlugins(Files.createDirectories(dir.resolve("jars")));
        Files.createDirectories(cluster.resolve("node"));
        Path key = null;
        for (String n : NODES) {
            Path own = Files.createDirectories(cluster.resolve("nodes").resolve(n));
            Files.setPosixFilePermissions(own, PosixFilePermissions.fromString("rwxr-xr-x"));
            clearLogs(own);
            NodeDaemon d = NodeDaemon.startOnNode(own.resolve("pd"), own, cluster.resolve("node"),
                    Map.of("plugstack.deploy.dir", shared.resolve("deploy").toString(), "plugstack.spank.conf", shared.resolve("plugstack.conf").toString()),
                    key);
            key = key == null ? d.home().resolve("etc/versions.key") : key; // the login node's key, copied to every node, as munge.key
            DAEMONS.put(n, d);
        }
        String slurmConf = "required " + SlurmUnderTest.DEBIAN_12.bridgeDir().resolve("demo_spank.so") + " " + nodePath("c.log") + "\n"
                + "required " + SlurmUnderTest.DEBIAN_12.bridgeDir().resolve("plugstack_bridge.so") + " socket_dir=" + nodePath("pd/run") + "\n";
        slurm = RealSlurm.start(SlurmUnderTest.DEBIAN_12, cluster, Map.of("NODES", String.join(" ", NODES), "NET", "10.77.0",
                "COMPUTE_NODES", "c1,c2"), Map.of("plugstack.conf", slurmConf), RealSlurm.DEFAULT_SLURMCTLD_PORT, RealSlurm.DEFAULT_SLURMD_PORT);
    }

    @AfterAll
    static void stopTheClusterThenTheDaemons() throws Exception {
        try {
            if (slurm != null) {
                slurm.close();
            }
        } finally {
            for (NodeDaemon d : DAEMONS.values()) {
                d.close();
            }
        }
    }

    /** {@code name} under the cluster's node path: each node's own file there. */
    private static Path nodePath(String name) {
        return dir.resolve("c/node").resolve(name);
    }

    /** {@code node}'s own copy of a file the plugins write under the node path. */
    private static Path on(String node, String name) {
        return cluster.resolve("nodes").resolve(node).resolve(name);
    }

    private static void clearLogs(Path nodeDir) throws IOException {
        for (String log : List.of("c.log", "java.log")) {
            Path p = nodeDir.resolve(log);
            Files.writeString(p, "");
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-rw-rw-"));
        }
    }

    /** Every node's callback logs emptied once no job is left (an epilog must not land in the next test's logs). */
    private static void clearAllLogs() throws IOException {
        await(() -> slurm.run(T, "squeue", "-h").stdout().isBlank(), "no job left");
        for (String n : NODES) {
            clearLogs(cluster.resolve("nodes").resolve(n));
        }
    }

    @Test
    @Order(1)
    void srunOnTwoComputeNodesRunsTheJavaPluginOnEachAsTheCPluginRunsThere() throws Exception {
        clearAllLogs();

        Result r = slurm.run(T, "srun", "-N2", "-n4", "hostname").assertOk();

        assertThat(r.stdout().lines().sorted().toList()).containsExactly("c1", "c1", "c2", "c2");
        for (String n : List.of("c1", "c2")) {
            await(() -> lines(n, "c.log").contains("job_epilog job_script") && lines(n, "java.log").contains("job_epilog job_script"),
                    "the job's epilog on " + n);
            assertThat(lines(n, "java.log")).as("%s: the Java plugin's callbacks against the C plugin's", n)
                    .containsExactlyInAnyOrderElementsOf(lines(n, "c.log"));
            assertThat(lines(n, "java.log")).as(n).filteredOn(l -> l.startsWith("task_init ")).hasSize(2);
        }
        assertThat(lines("login", "java.log")).as("srun's own callbacks, on the login node")
                .containsExactlyInAnyOrderElementsOf(lines("login", "c.log")).contains("init local", "exit local");
        assertThat(lines("login", "java.log")).noneMatch(l -> l.endsWith(" remote"));
    }

    /**
     * Rollout as a site does it: every node runs roll 1.0.0 (pinned by {@code bin/plugstack-admin}, run on
     * each node in a loop, as pdsh would); 2.0.0 dropped into the shared deploy folder reaches every node's
     * runtime beside it; the same loop pins 2.0.0, and {@code plugstack:versions} on each node says 2.0.0 runs.
     */
    @Test
    @Order(2)
    void aNewVersionRolledOutThroughPlugstackAdminInALoopRunsOnEveryNode() throws Exception {
        deployShared("roll", "1.0.0");
        onEveryNode("plugstack:pin", "roll", "1.0.0");
        deployShared("roll", "2.0.0");
        assertThat(versionsOnEveryNode("roll")).as("before the rollout").containsOnly(
                Map.entry("login", "active/outside pin"), Map.entry("c1", "active/outside pin"), Map.entry("c2", "active/outside pin"));

        onEveryNode("plugstack:pin", "roll", "2.0.0");

        assertThat(versionsOnEveryNode("roll")).as("roll 1.0.0 / 2.0.0 on each node").containsOnly(
                Map.entry("login", "outside pin/active"), Map.entry("c1", "outside pin/active"), Map.entry("c2", "outside pin/active"));
    }

    private static void onEveryNode(String... commandLine) {
        for (String n : NODES) {
            Result r = slurm.runOn(n, T, plugstackAdmin(commandLine));
            assertThat(r.exitCode()).as("%s: %s", n, r).isZero();
        }
    }

    /** Each node's state of 1.0.0 and 2.0.0 of {@code name}, as {@code plugstack:versions} run there says. */
    private static Map<String, String> versionsOnEveryNode(String name) {
        Map<String, String> states = new LinkedHashMap<>();
        for (String n : NODES) {
            Result versions = slurm.runOn(n, T, plugstackAdmin("plugstack:versions", name));
            assertThat(versions.exitCode()).as("%s: %s", n, versions).isZero();
            states.put(n, PluginVersionsView.state(versions.stdout(), "1.0.0") + "/" + PluginVersionsView.state(versions.stdout(), "2.0.0"));
        }
        return states;
    }

    /**
     * One set of plugin versions per job across nodes: a batch job on both compute nodes runs two job
     * steps; between them the compute node c2 is pinned to another version. Every process of the job, on
     * both nodes, runs the version the job was submitted with.
     */
    @Test
    @Order(3)
    void aBatchJobOnBothNodesRunsOneVersionSetAcrossAnUpgradeMadeMeanwhileOnOneNode() throws Exception {
        deployShared("jv", "1.0.0");
        deployShared("jv", "2.0.0");
        for (String n : NODES) {
            admin(n, "plugstack:pin jv 1.0.0");
        }
        writeShared("required demo " + nodePath("java.log") + "\nrequired jv " + nodePath("jv.log") + "\n");
        Path go = Files.createDirectories(slurm.workDir().resolve("go"));
        Files.deleteIfExists(go.resolve("now"));
        String script = "srun -N2 true; for i in $(seq 1 600); do [ -e " + go.resolve("now") + " ] && break; sleep 0.1; done; srun -N2 true";

        long job = Long.parseLong(slurm.run(T, "sbatch", "--parsable", "-N2", "-o", "/dev/null", "--wrap", script).assertOk().stdout().strip());
        await(() -> lines("c1", "jv.log").stream().anyMatch(l -> l.startsWith("exit remote job=" + job + " "))
                && lines("c2", "jv.log").stream().anyMatch(l -> l.startsWith("exit remote job=" + job + " ")), "the first step on both nodes");
        admin("c2", "plugstack:pin jv 2.0.0");
        Files.writeString(go.resolve("now"), "");
        slurm.waitForJobEnd(job, T);
        await(() -> lines("c1", "jv.log").stream().anyMatch(l -> l.startsWith("job_epilog job_script job=" + job + " "))
                && lines("c2", "jv.log").stream().anyMatch(l -> l.startsWith("job_epilog job_script job=" + job + " ")), "the job's epilogs");

        List<String> ofTheJob = new ArrayList<>();
        for (String n : List.of("c1", "c2")) {
            lines(n, "jv.log").stream().filter(l -> l.contains(" job=" + job + " ")).forEach(l -> ofTheJob.add(n + ": " + l));
        }
        assertThat(slurm.jobState(job)).isEqualTo("COMPLETED");
        assertThat(ofTheJob.stream().filter(l -> l.contains("remote")).map(l -> l.substring(0, 2)).distinct().toList())
                .as("steps ran on both nodes").containsExactlyInAnyOrder("c1", "c2");
        // c1 (the batch host) also runs the batch script's own step
        assertThat(ofTheJob).as("the batch step and both steps on c1").filteredOn(l -> l.startsWith("c1: exit remote ")).hasSize(3);
        assertThat(ofTheJob).as("both steps on c2").filteredOn(l -> l.startsWith("c2: exit remote ")).hasSize(2);
        assertThat(ofTheJob).as("every process of the job on both nodes").isNotEmpty().allMatch(l -> l.endsWith("version=1.0.0"));
        assertThat(PluginVersionsView.state(admin("c2", "plugstack:versions jv"), "2.0.0")).as("c2's own choice now").isEqualTo("active");
        writeShared("required demo " + nodePath("java.log") + "\n");
    }

    /**
     * A compute node whose daemon is down fails its part of a job exactly as a node lacking a required C
     * plugin does (the bridge's unavailable=fail), and the rest of the cluster carries on. The C case is
     * real too: Slurm's plugstack.conf gets a required plugin under the node path that c2 lacks (the login
     * node and c1 have it), and the same srun runs; then, that line gone, c2's daemon is stopped instead.
     */
    @Test
    @Order(4)
    void aComputeNodeWhoseDaemonIsDownFailsAsANodeLackingARequiredCPluginAndTheOtherCarriesOn() throws Exception {
        Path slurmConf = RealSlurm.plugstackConfIn(cluster);
        String conf = Files.readString(slurmConf);
        for (String n : List.of("login", "c1")) {
            Files.copy(SlurmUnderTest.DEBIAN_12.bridgeDir().resolve("noop_spank.so"), on(n, "extra.so"), StandardCopyOption.REPLACE_EXISTING);
        }
        Files.writeString(slurmConf, conf + "required " + nodePath("extra.so") + "\n");
        Outcome lackingCPlugin = srunOnBothThenResume();
        Files.writeString(slurmConf, conf);

        NodeDaemon c2 = DAEMONS.get("c2");
        c2.stop();
        try {
            Outcome daemonDown = srunOnBothThenResume();
            assertThat(daemonDown).isEqualTo(lackingCPlugin);
            assertThat(daemonDown.c2State()).startsWith("drain");
            assertThat(daemonDown.errors()).contains("srun: Prolog failure on node c2");

            Result one = slurm.run(T, "srun", "-N1", "-w", "c1", "hostname");
            assertThat(one.exitCode()).as("%s", one).isZero();
            assertThat(one.stdout().strip()).isEqualTo("c1");
        } finally {
            c2.restart();
        }
    }

    /** What {@code srun -N2 true} gave: its exit code, its lines about c2 and the launch (step ids as N), c2's state after it. */
    private record Outcome(int exitCode, List<String> errors, String c2State) {
    }

    private static Outcome srunOnBothThenResume() {
        Result r = slurm.run(T, "srun", "-N2", "true");
        await(() -> slurm.run(T, "squeue", "-h").stdout().isBlank(), "the failed job gone");
        String state = slurm.run(T, "sinfo", "-h", "-N", "-n", "c2", "-o", "%T").stdout().strip();
        slurm.run(T, "scontrol", "update", "nodename=c2", "state=resume").assertOk();
        Await.until("c2 idle again", () -> slurm.run(T, "sinfo", "-h", "-N", "-n", "c2", "-o", "%T").stdout().strip().equals("idle"), T,
                () -> "\n" + slurm.run(T, "scontrol", "show", "node", "c2").stdout() + "\nsrun: " + r);
        // what srun says of c2 and of the launch, sorted: whether c1's part was cancelled before or after it
        // started (a "STEP ... CANCELLED" line, "Waiting up to 4 seconds") is a race on either path
        return new Outcome(r.exitCode(), r.stderr().lines().filter(l -> l.contains(" c2") || l.contains("Application launch failed"))
                .map(l -> l.replaceAll("StepId=\\d+\\.\\d+", "StepId=N")).sorted().toList(), state);
    }

    // ----------------------------------------------------------------------------------- helpers

    /**
     * The distribution's bin/plugstack-admin with a command line, told where the node's sockets are (the same
     * path on every node, each node's own: /run/plugstack on a site's machines).
     */
    private static String[] plugstackAdmin(String... commandLine) {
        List<String> argv = new ArrayList<>(List.of("env", "PLUGSTACK_SOCKET_DIR=" + nodePath("pd/run"), "sh",
                NodeDaemon.DIST.toAbsolutePath().resolve("bin/plugstack-admin").toString()));
        argv.addAll(List.of(commandLine));
        return argv.toArray(String[]::new);
    }

    private static List<String> lines(String node, String log) {
        return Await.lines(on(node, log));
    }

    /** A plugin version dropped into the shared deploy folder (copied aside, renamed in); waits until every node placed it. */
    private static void deployShared(String name, String version) throws Exception {
        Path jar = fixtures.plugin("itest.many." + name, "sessionversion").header("Slurm-Plugin-Name", name).bundleVersion(version)
                .header("Implementation-Version", version).build();
        NodeDaemon.dropInto(shared.resolve("deploy"), jar);
        for (String n : NODES) {
            await(() -> Set.of("active", "available", "outside pin").contains(PluginVersionsView.state(
                    DAEMONS.get(n).admin("plugstack:versions " + name).stdout(), version)), name + " " + version + " placed on " + n);
        }
    }

    private static void writeShared(String conf) {
        NodeDaemon.writeAtOnce(shared.resolve("plugstack.conf"), conf);
    }

    private static String admin(String node, String commandLine) {
        Result r = DAEMONS.get(node).admin(commandLine);
        assertThat(r.exitCode()).as("%s: %s\n%s", node, r, DAEMONS.get(node).log()).isZero();
        return r.stdout();
    }

    private static void await(BooleanSupplier condition, String what) {
        Await.until(what, condition, T, () -> {
            StringBuilder s = new StringBuilder();
            for (String n : NODES) {
                s.append("\n--- ").append(n).append(" c.log:\n").append(String.join("\n", lines(n, "c.log"))).append("\n--- ").append(n)
                        .append(" java.log:\n").append(String.join("\n", lines(n, "java.log"))).append("\n--- ").append(n).append(" daemon:\n")
                        .append(DAEMONS.get(n).log());
            }
            return s.toString();
        });
    }
}
