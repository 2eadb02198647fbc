package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.itest.realslurm.NodeDaemon;
import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * Rolling a plugin and its pin out to many nodes with tools a site already has (docs/admin-guide.md, "Many nodes"):
 * every node's runtime watches one deploy folder on a shared filesystem ({@code plugstack.deploy.dir})
 * and reads one plugstack.conf there ({@code plugstack.spank.conf}); a pin goes to every node through
 * its admin socket, in a loop (pdsh/clush on a real cluster); the same loop shows which version each
 * node runs. Two node daemons with their own homes and sockets stand in for two nodes.
 */
@Timeout(180)
class ManyNodesIT {

    @TempDir
    static Path dir;
    static Path shared;
    static FixturePlugins fixtures;
    static final Map<String, NodeDaemon> NODES = new LinkedHashMap<>();

    @BeforeAll
    static void twoNodesSharingADeployFolderAndAPlugstackConf() throws IOException {
        shared = Files.createDirectories(dir.resolve("shared"));
        Files.createDirectories(shared.resolve("deploy"));
        Files.writeString(shared.resolve("plugstack.conf"), "required flight " + dir.resolve("flight.log") + "\n");
        fixtures = new FixturePlugins(Files.createDirectories(dir.resolve("jars")));
        for (String name : List.of("node-a", "node-b")) {
            NodeDaemon node = NodeDaemon.start(dir.resolve(name), "");
            node.stop(); // the site's settings, then the node's runtime as it starts on a real node
            Files.writeString(node.plugstackConf().resolveSibling("plugstack.properties"), "\nplugstack.deploy.dir=" + shared.resolve("deploy")
                    + "\nplugstack.spank.conf=" + shared.resolve("plugstack.conf") + "\n", StandardOpenOption.APPEND);
            node.restart();
            NODES.put(name, node);
        }
    }

    @AfterAll
    static void stopTheNodes() {
        NODES.values().forEach(NodeDaemon::close);
    }

    /** {@code plugstack --admin <node's socket dir> <commandLine>} on every node, as pdsh would: each node's output. */
    private static Map<String, String> onEveryNode(String commandLine) {
        Map<String, String> out = new LinkedHashMap<>();
        NODES.forEach((name, node) -> {
            Result r = node.admin(commandLine);
            assertThat(r.exitCode()).as(name + ": " + r + "\n" + node.log()).isZero();
            out.put(name, r.stdout());
        });
        return out;
    }

    /** Waits (bounded) until every node says {@code version} of flight is {@code state}. */
    private static void awaitEveryNode(String version, String state) throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            // until FileInstall on that node has seen the jar, versions says "no plugin named 'flight'"
            if (NODES.values().stream().allMatch(n -> PluginVersionsView.state(n.admin("plugstack:versions flight").stdout(), version).equals(state))) {
                return;
            }
            Thread.sleep(100);
        }
        assertThat(onEveryNode("plugstack:versions flight")).as("flight " + version + " " + state + " on every node")
                .allSatisfy((node, table) -> assertThat(PluginVersionsView.state(table, version)).isEqualTo(state));
    }

    private static void dropIntoTheSharedDeployFolder(String version) throws Exception {
        Path jar = fixtures.plugin("itest.many.flight", "versioned").header("Slurm-Plugin-Name", "flight").bundleVersion(version)
                .header("Implementation-Version", version).build();
        Path part = shared.resolve("deploy").resolve(jar.getFileName() + ".part");
        Files.copy(jar, part);
        Files.move(part, shared.resolve("deploy").resolve(jar.getFileName()), StandardCopyOption.ATOMIC_MOVE);
    }

    @Test
    void aJarDroppedIntoTheSharedDeployFolderRunsOnEveryNodeThenAPinRollsOutToEveryNode() throws Exception {
        dropIntoTheSharedDeployFolder("1.0.0");
        awaitEveryNode("1.0.0", "active");

        dropIntoTheSharedDeployFolder("2.0.0");
        awaitEveryNode("2.0.0", "active");

        onEveryNode("plugstack:pin flight 1.0.0");
        awaitEveryNode("1.0.0", "active");

        Map<String, String> versions = onEveryNode("plugstack:versions flight");
        assertThat(versions).hasSize(2).allSatisfy((node, table) -> {
            assertThat(PluginVersionsView.state(table, "1.0.0")).isEqualTo("active");
            assertThat(PluginVersionsView.state(table, "2.0.0")).isEqualTo("outside pin");
        });
    }
}
