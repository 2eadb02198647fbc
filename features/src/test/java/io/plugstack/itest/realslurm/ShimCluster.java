package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.plugstack.itest.FixturePlugins;
import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * A node daemon whose Java submission plugins are fixtures built for the test, and a real cluster whose
 * Slurm runs one of the project's Lua shims (bridge/lua/job_submit.lua or cli_filter.lua, as the
 * distribution ships them) pointed at that daemon: the set-up the job_submit and cli_filter tests share.
 */
final class ShimCluster {

    static final Duration T = Duration.ofSeconds(30);
    private static final Pattern SUBMITTED = Pattern.compile("Submitted batch job (\\d+)");

    /** One fixture bundle: package io.plugstack.itest.fixture.{@code fixture}, as Slurm plugin {@code type}. */
    record Fixture(String bsn, String fixture, String type, String name) {
    }

    final NodeDaemon node;
    final RealSlurm slurm;

    private ShimCluster(NodeDaemon node, RealSlurm slurm) {
        this.node = node;
        this.slurm = slurm;
    }

    /**
     * The daemon in {@code dir/node} with {@code fixtures} deployed and {@code slurmCfg} as its
     * plugstack.slurm configuration, then the cluster in {@code dir/cluster} with {@code knob}=lua and
     * {@code shim} (file name in bridge/lua) pointed at the daemon's {@code socket}; a second partition, {@code second}.
     */
    static ShimCluster start(Path dir, String slurmCfg, String knob, String shim, String socket, int ctldPort, int slurmdPort,
            Fixture... fixtures) throws Exception {
        return start(SlurmUnderTest.DEBIAN_12, dir, slurmCfg, knob, shim, socket, ctldPort, slurmdPort, fixtures);
    }

    /** The same on {@code under}'s Slurm, the daemon playing it. */
    static ShimCluster start(SlurmUnderTest under, Path dir, String slurmCfg, String knob, String shim, String socket, int ctldPort,
            int slurmdPort, Fixture... fixtures) throws Exception {
        NodeDaemon node = startDaemon(under, dir, slurmCfg, fixtures);
        Path dist = Path.of(System.getProperty("plugstack.dist", "target/plugstack"));
        String text = Files.readString(dist.resolve("bridge/lua").resolve(shim))
                .replace("\"/run/plugstack/" + socket + "\"", "\"" + node.socketDir().resolve(socket) + "\"");
        return new ShimCluster(node, RealSlurm.start(under, dir.resolve("cluster"), Map.of(knob, "lua", "EXTRA_PARTITION", "second"),
                Map.of(shim, text), ctldPort, slurmdPort));
    }

    private static NodeDaemon startDaemon(SlurmUnderTest under, Path dir, String slurmCfg, Fixture... fixtures) throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path deploy = Files.createDirectories(dir.resolve("node/home/deploy"));
        FixturePlugins plugins = new FixturePlugins(dir);
        for (Fixture f : fixtures) {
            Files.copy(plugins.plugin(f.bsn(), f.fixture()).header("Slurm-Plugin-Type", f.type()).header("Slurm-Plugin-Name", f.name())
                    .build(), deploy.resolve(f.bsn() + ".jar"));
        }
        Files.writeString(deploy.resolve("plugstack.slurm.cfg"), slurmCfg);
        return NodeDaemon.start(dir.resolve("node"), "# no SPANK plugin\n", under);
    }

    /** Debian's own plugin directory: Slurm's PluginDir when slurm.conf names none. */
    static final String DEBIAN_PLUGIN_DIR = "/usr/lib/x86_64-linux-gnu/slurm-wlm";

    /**
     * The same daemon, and a cluster whose slurmctld loads the C job_submit plugin the build made
     * (JobSubmitPlugins=plugstack, PluginDir= Debian's and the bridge's build directory) pointed at the
     * daemon's ctld.sock by job_submit_plugstack.conf beside slurm.conf; a second partition, {@code second}.
     */
    static ShimCluster startJobSubmitPlugin(Path dir, String slurmCfg, int ctldPort, int slurmdPort, Fixture... fixtures) throws Exception {
        return startJobSubmitPlugin(dir, slurmCfg, Map.of(), ctldPort, slurmdPort, fixtures);
    }

    /** The same, with more of cluster.sh's knobs ({@code EXTRA_PARTITION_OPTS}, ...). */
    static ShimCluster startJobSubmitPlugin(Path dir, String slurmCfg, Map<String, String> clusterEnv, int ctldPort, int slurmdPort,
            Fixture... fixtures) throws Exception {
        return startJobSubmitPlugin(SlurmUnderTest.DEBIAN_12, dir, slurmCfg, clusterEnv, ctldPort, slurmdPort, fixtures);
    }

    /** The same on {@code under}'s Slurm (the plugin built against its own source), the daemon playing it. */
    static ShimCluster startJobSubmitPlugin(SlurmUnderTest under, Path dir, String slurmCfg, Map<String, String> clusterEnv, int ctldPort,
            int slurmdPort, Fixture... fixtures) throws Exception {
        under.prepare();
        Path so = under.bridgeDir().resolve("job_submit_plugstack.so");
        assertThat(so).as("job_submit_plugstack.so, built by runtime/bridge's 'make job-submit-installed'").exists();
        NodeDaemon node = startDaemon(under, dir, slurmCfg, fixtures);
        Map<String, String> env = new java.util.HashMap<>(clusterEnv);
        env.putAll(Map.of("JOB_SUBMIT_PLUGINS", "plugstack", "PLUGIN_DIR", DEBIAN_PLUGIN_DIR + ":" + so.getParent(), "EXTRA_PARTITION", "second"));
        return new ShimCluster(node, RealSlurm.start(under, dir.resolve("cluster"), env,
                Map.of("job_submit_plugstack.conf", "socket=" + node.socketDir().resolve("ctld.sock") + "\n"), ctldPort, slurmdPort));
    }

    /**
     * Until a probe script behind this cluster's transport ({@code via}: "the shim", "the C plugin") wrote
     * {@code dump}: FileInstall hands the daemon its plugstack.slurm a moment after it starts. Bounded (60 s).
     */
    void awaitProbe(Path dump, String via) throws InterruptedException {
        for (int i = 0; i < 120 && !Files.exists(dump); i++) {
            slurm.run(T, "sbatch", "-H", "--wrap", "true");
            Thread.sleep(500);
        }
        assertThat(dump).as("the probe never ran behind %s; node daemon:%n%s", via, node.log()).exists();
    }

    /** A probe's two clusters, Slurm's own first, then this one (either may be null: a start that failed). */
    static void closeBoth(RealSlurm slurms, ShimCluster plugstack) throws Exception {
        try {
            if (slurms != null) {
                slurms.close();
            }
        } finally {
            closeQuietly(plugstack);
        }
    }

    /** Until {@code argv}'s stderr shows {@code marker} (FileInstall deploys the fixtures after the daemon starts): bounded. */
    void awaitAnswer(String marker, String... argv) throws InterruptedException {
        Result r = null;
        long end = System.nanoTime() + java.time.Duration.ofSeconds(60).toNanos();
        for (int i = 0; i < 120 && System.nanoTime() < end; i++) {
            r = slurm.run(T, argv);
            if (r.stderr().contains(marker)) {
                return;
            }
            Long ctld = slurm.pids().get("slurmctld");
            if (ctld == null || !RealSlurm.running(ctld)) { // it died serving the command: asking again cannot help
                List<String> log = Await.lines(slurm.logDir().resolve("slurmctld.log"));
                throw new AssertionError("slurmctld (pid " + ctld + ") is gone: " + r + "\nits log's end:\n"
                        + String.join("\n", log.subList(Math.max(0, log.size() - 20), log.size())));
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the Java plugins never answered within 60 s: " + r + "\nnode daemon:\n" + node.log());
    }

    long jobId(Result r) {
        Matcher m = SUBMITTED.matcher(r.stdout());
        assertThat(m.find()).as("%s\nnode daemon:\n%s", r, node.log()).isTrue();
        return Long.parseLong(m.group(1));
    }

    String showJob(long id) {
        return slurm.run(T, "scontrol", "-o", "show", "job", Long.toString(id)).assertOk().stdout();
    }

    void close() throws Exception {
        RealSlurm.closeThen(slurm, node);
    }

    static void closeQuietly(ShimCluster c) throws Exception {
        if (c != null) {
            c.close();
        }
    }
}
