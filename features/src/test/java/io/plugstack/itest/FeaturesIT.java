package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;

/**
 * Features at run time on the real distribution: feature:install, feature:uninstall, feature:list.
 * The runtime boots with the runtime and SPANK features only, so site-policy's plugins are not
 * there until the feature brings them; an extra repository (plugstack.maven.repo) holds fixtures.
 */
class FeaturesIT {

    static final String PARTITION = "io.plugstack.job_submit.partition";
    static final String TIMELIMIT = "io.plugstack.job_submit.require_timelimit";
    static final String USER_DEFAULTS = "io.plugstack.cli_filter.user_defaults";

    @TempDir
    static Path dir;
    static PlugstackRuntime runtime;
    static Shell shell;
    static ConfigAdminView config;
    static Properties settings = new Properties();

    @BeforeAll
    static void boot() throws Exception {
        settings.setProperty("plugstack.features.boot", "plugstack-runtime,plugstack-spank");
        settings.setProperty("plugstack.maven.repo", dir.resolve("m2").toString());
        open(PlugstackRuntime.boot(dir, settings));
    }

    private static void open(PlugstackRuntime booted) throws Exception {
        runtime = booted;
        shell = runtime.shell();
        config = new ConfigAdminView(runtime.context());
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    @AfterEach
    void uninstallWhatATestLeft() throws Exception {
        if (shell.run("feature:list").lines().anyMatch(l -> l.matches("site-policy\\s+installed.*"))) {
            shell.run("feature:uninstall site-policy");
        }
    }

    @Test
    void installingSitePolicyStartsItsBundlesAndAppliesItsConfiguration() throws Exception {
        String out = shell.run("feature:install site-policy");

        assertThat(out).startsWith("installed site-policy (io.plugstack:site-policy:0.1.0)");
        for (String bsn : new String[] {PARTITION, TIMELIMIT, USER_DEFAULTS}) {
            assertThat(runtime.bundle(bsn)).get().extracting(Bundle::getState).isEqualTo(Bundle.ACTIVE);
        }
        assertThat(config.get("plugstack.slurm")).containsEntry("JobSubmitPlugins", "partition@[0.1,1),require_timelimit@[0.1,1)")
                .containsEntry("CliFilterPlugins", "user_defaults@[0.1,1)");
        assertThat(config.get("plugstack.partition~batch")).containsEntry("PartitionName", "batch");
        Path script = Files.writeString(dir.resolve("notime.sh"), "#!/bin/sh\ntrue\n");
        // no retry: feature:install returns once the chain holds the feature's JobSubmitPlugins=
        assertThat(shell.runPrinting("sbatch -o " + dir.resolve("n.out") + " " + script))
                .contains("sbatch: error: Batch job submission failed: Time limit specification required, but not provided");
    }

    @Test
    void uninstallRemovesItsBundlesAndConfigurationsLeavingNothingBehind() throws Exception {
        Set<String> bundlesBefore = bundles();
        Map<String, Map<String, Object>> configurationsBefore = config.all();
        shell.run("feature:install site-policy");

        String out = shell.run("feature:uninstall site-policy");

        assertThat(out).contains("bundles removed:         io.plugstack:" + USER_DEFAULTS + ":0.1.0, io.plugstack:" + TIMELIMIT)
                .contains("configurations deleted:  plugstack.partition~batch, cli_filter.user_defaults, plugstack.slurm");
        assertThat(bundles()).isEqualTo(bundlesBefore);
        assertThat(config.all()).isEqualTo(configurationsBefore);
        assertThat(shell.run("lb")).doesNotContain("require_timelimit").doesNotContain("user_defaults");
        assertThat(runUntil("srun -p batch true", o -> o.contains("Invalid partition")))
                .contains("srun: error: Unable to allocate resources: Invalid partition name specified");
    }

    @Test
    void uninstallGivesAnOverwrittenConfigurationBackItsPreviousValues() throws Exception {
        Path cfg = slurmCfg("admins");
        Map<String, Object> admins = config.get("plugstack.slurm");
        try {
            shell.run("feature:install site-policy");
            assertThat(config.get("plugstack.slurm")).containsEntry("JobSubmitPlugins", "partition@[0.1,1),require_timelimit@[0.1,1)");

            assertThat(shell.run("feature:uninstall site-policy")).contains("configurations restored: plugstack.slurm");

            assertThat(config.get("plugstack.slurm")).isEqualTo(admins).containsEntry("JobSubmitPlugins", "");
        } finally {
            // the feature goes first: uninstalled after its file, it restores what the file held, which then outlives the file
            uninstallWhatATestLeft();
            removeSlurmCfg(cfg);
        }
    }

    @Test
    void uninstallKeepsAConfigurationTheAdminChangedInItsCfgFileSinceAndSaysSo() throws Exception {
        Path cfg = slurmCfg("admins");
        try {
            shell.run("feature:install site-policy");
            slurmCfg("changed");
            Map<String, Object> changed = config.get("plugstack.slurm");

            String out = shell.run("feature:uninstall site-policy");

            assertThat(out).contains("configurations kept:     plugstack.slurm\n")
                    .contains("kept plugstack.slurm: changed since the feature set it (deploy/plugstack.slurm.cfg)")
                    .doesNotContain("differs from");
            assertThat(config.get("plugstack.slurm")).isEqualTo(changed).containsEntry("ClusterName", "changed");
        } finally {
            // the feature goes first: uninstalled after its file, it restores what the file held, which then outlives the file
            uninstallWhatATestLeft();
            removeSlurmCfg(cfg);
        }
    }

    @Test
    void featureListShowsWhereConfigAdminDisagreesWithADeployCfgFile() throws Exception {
        Path cfg = slurmCfg("admins");
        try {
            shell.run("feature:install site-policy");

            assertThat(shell.run("feature:list")).containsPattern("site-policy\\s+installed\\s+config plugstack.slurm\\s+-\\s+"
                    + "ConfigAdmin differs from deploy/plugstack.slurm.cfg \\(CliFilterPlugins, ClusterName, JobSubmitPlugins\\);"
                    + " a restart applies the file");
        } finally {
            // the feature goes first: uninstalled after its file, it restores what the file held, which then outlives the file
            uninstallWhatATestLeft();
            removeSlurmCfg(cfg);
        }
    }

    @Test
    void installedFeatureSurvivesARestart() throws Exception {
        shell.run("feature:install site-policy");
        Path home = runtime.home();
        runtime.close();

        open(PlugstackRuntime.start(home, settings));

        assertThat(runtime.bundle(TIMELIMIT)).get().extracting(Bundle::getState).isEqualTo(Bundle.ACTIVE);
        assertThat(config.get("plugstack.slurm")).containsEntry("JobSubmitPlugins", "partition@[0.1,1),require_timelimit@[0.1,1)");
        assertThat(shell.run("feature:list")).containsPattern("site-policy\\s+installed\\s+io.plugstack:" + TIMELIMIT
                + ":0.1.0\\s+\\d+\\s+ACTIVE");
    }

    @Test
    void featureThatFailsHalfwayIsRolledBackAndInstallsNothing() throws Exception {
        Path jar = new FixturePlugins(dir).plugin("itest.features.refused", "good").header("Slurm-Plugin-Version", "26.05.0").build();
        Path repo = Files.createDirectories(dir.resolve("m2/itest/refused/1.0.0"));
        Files.copy(jar, repo.resolve("refused-1.0.0.jar"));
        Path feature = featureFile("half.json", "\"bundles\": [{\"id\": \"io.plugstack:" + TIMELIMIT + ":0.1.0\"}, {\"id\": \"itest:refused:1.0.0\"}],"
                + " \"configurations\": {\"plugstack.slurm\": {\"JobSubmitPlugins\": \"require_timelimit\"}}");
        Set<String> bundlesBefore = bundles();
        Map<String, Map<String, Object>> configurationsBefore = config.all();

        assertThatThrownBy(() -> shell.run("feature:install " + feature))
                .hasMessageContaining(feature + ": bundles \"itest:refused:1.0.0\" did not start")
                .hasMessageEndingWith("; nothing installed");

        assertThat(bundles()).isEqualTo(bundlesBefore);
        assertThat(config.all()).isEqualTo(configurationsBefore);
        assertThat(shell.run("feature:list")).doesNotContain("half");
    }

    @Test
    void unknownBundleIdIsRefusedNamingTheFileAndTheEntry() throws Exception {
        Path feature = featureFile("unknown.json", "\"bundles\": [{\"id\": \"io.plugstack:" + TIMELIMIT + ":0.1.0\"}, {\"id\": \"org.example:nosuch:9\"}]");
        Set<String> bundlesBefore = bundles();

        assertThatThrownBy(() -> shell.run("feature:install " + feature))
                .hasMessageStartingWith("feature:install: " + feature + ": bundles[1] \"org.example:nosuch:9\": bundle \"org.example:nosuch:9\" has no jar in ")
                .hasMessageContaining("system/org/example/nosuch/9/nosuch-9.jar");
        assertThat(bundles()).isEqualTo(bundlesBefore);
    }

    @Test
    void malformedFeatureFileIsRefusedNamingTheFileAndThePosition() throws Exception {
        Path feature = Files.writeString(dir.resolve("broken.json"), "{ \"id\": \"itest:broken:1\", \"bundles\": [ \n");

        assertThatThrownBy(() -> shell.run("feature:install " + feature))
                .hasMessageStartingWith("feature:install: " + feature + ": not a valid OSGi feature: ")
                .hasMessageContaining("line no=2");
    }

    @Test
    void uninstallKeepsTheBundlesABootFeatureStillNeeds() throws Exception {
        Path feature = featureFile("shares.json", "\"bundles\": [{\"id\": \"io.plugstack:io.plugstack.spank.demo:0.1.0\"},"
                + " {\"id\": \"io.plugstack:" + TIMELIMIT + ":0.1.0\"}]");
        shell.run("feature:install " + feature);

        String out = shell.run("feature:uninstall shares");

        assertThat(out).contains("bundles removed:         io.plugstack:" + TIMELIMIT + ":0.1.0\n")
                .contains("bundles kept (needed):   io.plugstack:io.plugstack.spank.demo:0.1.0\n");
        assertThat(runtime.bundle("io.plugstack.spank.demo")).get().extracting(Bundle::getState).isEqualTo(Bundle.ACTIVE);
        assertThat(runtime.bundle(TIMELIMIT)).isEmpty();
    }

    @Test
    void featureListShowsBootInstalledAndAvailableFeaturesWithTheirBundlesState() throws Exception {
        String out = shell.run("feature:list");

        assertThat(out).startsWith("FEATURE")
                .containsPattern("plugstack-runtime\\s+boot\\s+org.apache.felix:org.apache.felix.scr:[\\d.]+\\s+\\d+\\s+ACTIVE")
                .containsPattern("site-policy\\s+available\\s+io.plugstack:" + TIMELIMIT + ":0.1.0\\s+-\\s+NOT_INSTALLED")
                .containsPattern("site-policy\\s+available\\s+config plugstack.partition~batch");
    }

    @Test
    void uninstallingAFeatureThatIsNotInstalledIsAnError() {
        assertThatThrownBy(() -> shell.run("feature:uninstall site-policy"))
                .hasMessage("feature:uninstall: feature site-policy is not installed (installed: )");
    }

    @Test
    void unreadableBootFeatureStopsTheBootNamingItsFile(@TempDir Path other) {
        Properties broken = new Properties();
        broken.setProperty("plugstack.features.boot", "plugstack-runtime,nosuch");

        assertThatThrownBy(() -> PlugstackRuntime.boot(other, broken)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(other.resolve("home/features/nosuch.json") + ": no such feature file (available: plugstack-cli-filter, ");
    }

    private static Path featureFile(String name, String body) throws Exception {
        return Files.writeString(dir.resolve(name), "{ \"id\": \"itest:" + name.replace(".json", "") + ":1.0\", " + body + " }");
    }

    /** Every bundle as "id location state". */
    private static Set<String> bundles() {
        Set<String> all = new TreeSet<>();
        Stream.of(runtime.context().getBundles()).forEach(b -> all.add(b.getBundleId() + " " + b.getLocation() + " " + b.getState()));
        return all;
    }

    /** Writes the admin's deploy/plugstack.slurm.cfg (aside, then renamed in) and waits until ConfigAdmin has it. */
    private static Path slurmCfg(String clusterName) throws Exception {
        Path part = dir.resolve("slurm.cfg.part");
        Files.writeString(part, "ClusterName=" + clusterName + "\nJobSubmitPlugins=\n");
        Path cfg = Files.move(part, runtime.deployDir().resolve("plugstack.slurm.cfg"), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
        PlugstackRuntime.await(() -> clusterName().equals(clusterName), "the admin's plugstack.slurm.cfg to reach ConfigAdmin");
        return cfg;
    }

    private static void removeSlurmCfg(Path cfg) throws Exception {
        Files.delete(cfg);
        PlugstackRuntime.await(() -> clusterName().isEmpty(), "plugstack.slurm to go with its file");
    }

    private static String clusterName() {
        try {
            Map<String, Object> c = config.get("plugstack.slurm");
            return c == null ? "" : String.valueOf(c.getOrDefault("ClusterName", ""));
        } catch (Exception e) {
            return "";
        }
    }

    private static String runUntil(String command, Predicate<String> ok) throws Exception {
        String[] last = {""};
        PlugstackRuntime.await(() -> {
            try {
                last[0] = shell.runPrinting(command);
                return ok.test(last[0]);
            } catch (Exception e) {
                return false;
            }
        }, "'" + command + "' to answer as expected");
        return last[0];
    }
}
