package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety of features (issue 14, item 4): the runtime killed with SIGKILL while it installs or
 * uninstalls a feature of {@value #PLUGINS} real plugin bundles, after a varied number of them came
 * (or went), starts again with the feature whole: installed with every bundle running, or not
 * installed with none of them there; feature:list, plugstack:plugins and data/features.state agree.
 */
@Timeout(600)
class FeatureCrashIT {

    static final int PLUGINS = 12;
    static final int ROUNDS = 8;
    static final String FEATURE = "crashed";
    static final Pattern INIT = Pattern.compile("itest: lifecycle itest\\.crash\\.p\\d+ 1\\.0\\.0 init");
    static final Pattern FINI = Pattern.compile("itest: lifecycle itest\\.crash\\.p\\d+ 1\\.0\\.0 fini");

    @TempDir
    static Path dir;
    static KilledNode node;

    /** A feature of PLUGINS plugins in a Maven repository of the test's own (plugstack.maven.repo). */
    @BeforeAll
    static void aNodeWithAFeatureOfManyPlugins() throws Exception {
        Path m2 = dir.resolve("m2");
        FixturePlugins fixtures = new FixturePlugins(Files.createDirectories(dir.resolve("jars")));
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= PLUGINS; i++) {
            String bsn = "itest.crash.p" + i;
            Path jar = fixtures.plugin(bsn, "lifecycle").header("Slurm-Plugin-Name", "crashp" + i)
                    .header("Implementation-Title", bsn).header("Implementation-Version", "1.0.0").build();
            Path inRepo = Files.createDirectories(m2.resolve("itest").resolve(bsn).resolve("1.0.0")).resolve(bsn + "-1.0.0.jar");
            Files.move(jar, inRepo, StandardCopyOption.REPLACE_EXISTING);
            ids.add("{\"id\": \"itest:" + bsn + ":1.0.0\"}");
        }
        node = KilledNode.start(dir.resolve("node"), "plugstack.maven.repo=" + m2);
        Files.writeString(node.home().resolve("features").resolve(FEATURE + ".json"), "{ \"id\": \"itest:" + FEATURE + ":1.0\","
                + " \"bundles\": [" + String.join(", ", ids) + "],"
                + " \"configurations\": {\"itest.crash\": {\"feature\": \"" + FEATURE + "\"}} }");
    }

    @AfterAll
    static void stopTheNode() {
        node.close();
    }

    @Test
    void aFeatureInstallKilledHalfwayIsCompletedOrUndoneAtTheNextStart() throws Exception {
        int[] outcomes = new int[2];
        for (int round = 0; round < ROUNDS; round++) {
            if (installed()) {
                node.shell("feature:uninstall " + FEATURE);
            }
            int started = moment(round);

            String said = node.killDuring("feature:install " + FEATURE, KilledNode.printed(INIT, started), jitter(started));
            node.restart();

            boolean whole = assertWhole("install killed after " + count(INIT, said) + " of " + PLUGINS + " plugins started, round " + round);
            outcomes[whole ? 1 : 0]++;
        }
        System.out.println("FeatureCrashIT: install killed " + ROUNDS + " times: undone " + outcomes[0] + ", completed " + outcomes[1]);
    }

    @Test
    void aFeatureUninstallKilledHalfwayLeavesTheFeatureWholeAtTheNextStart() throws Exception {
        int[] outcomes = new int[2];
        for (int round = 0; round < ROUNDS; round++) {
            if (!installed()) {
                node.shell("feature:install " + FEATURE);
            }
            int gone = moment(round);

            String said = node.killDuring("feature:uninstall " + FEATURE, KilledNode.printed(FINI, gone), jitter(gone));
            node.restart();

            boolean whole = assertWhole("uninstall killed after " + count(FINI, said) + " of " + PLUGINS + " plugins went, round " + round);
            outcomes[whole ? 1 : 0]++;
        }
        System.out.println("FeatureCrashIT: uninstall killed " + ROUNDS + " times: completed " + outcomes[0] + ", undone " + outcomes[1]);
    }

    /** After how many of the plugins came or went to kill: any number, and the last rounds after all of them. */
    private static int moment(int round) {
        return round >= ROUNDS - 2 ? PLUGINS : node.random.nextInt(PLUGINS + 1);
    }

    /** A little after the k-th plugin; after the last one, long enough to reach the record's write and beyond. */
    private static int jitter(int k) {
        return k == PLUGINS ? 300 : 20;
    }

    private static boolean installed() throws Exception {
        return node.shell("feature:list").lines().anyMatch(l -> l.matches(FEATURE + "\\s+installed\\s.*"));
    }

    /**
     * The feature after a restart is whole, and the shell and the file say the same: installed (in
     * data/features.state, every bundle ACTIVE, every plugin loaded) or not (none of its bundles
     * there). Returns whether it is installed.
     */
    private static boolean assertWhole(String when) throws Exception {
        Properties state = node.data("features.state");
        boolean recorded = state.stringPropertyNames().stream().anyMatch(k -> k.matches("feature\\.\\d+\\.name")
                && state.getProperty(k).equals(FEATURE));
        String list = node.shell("feature:list");
        List<String> bundles = list.lines().filter(l -> l.startsWith(FEATURE + " ") && l.contains("itest:itest.crash.p")).toList();
        String plugins = node.shell("plugstack:plugins");
        long running = plugins.lines().filter(l -> l.matches(".*\\bcrashp\\d+\\s.*\\bREADY\\b.*")).count();
        String all = when + " (seed " + KilledNode.SEED + "); data/features.state " + (recorded ? "names" : "does not name") + " it\n"
                + list + "\n" + plugins;

        assertThat(bundles).as(all).hasSize(PLUGINS);
        if (recorded) {
            assertThat(bundles).as(all).allMatch(l -> l.matches(FEATURE + "\\s+installed\\s+\\S+\\s+\\d+\\s+ACTIVE"));
            assertThat(running).as(all).isEqualTo(PLUGINS);
        } else {
            assertThat(bundles).as(all).allMatch(l -> l.matches(FEATURE + "\\s+available\\s+\\S+\\s+-\\s+NOT_INSTALLED"));
            assertThat(running).as(all).isZero();
        }
        assertThat(list).as(all).doesNotContain("not restored");
        return recorded;
    }

    private static long count(Pattern p, String text) {
        return p.matcher(text).results().count();
    }
}
