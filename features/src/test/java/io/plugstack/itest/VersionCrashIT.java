package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety of versions (issue 14, item 4): the runtime killed with SIGKILL mid upgrade/rollback,
 * mid undeploy of the pinned version, mid deploy, starts again with one version of the plugin running
 * and a pin (data/plugin-versions.properties, plugstack:versions: the same) that names a deployed
 * version. A pin whose version is gone at the start falls back to the last version that ran here.
 */
@Timeout(900)
class VersionCrashIT {

    static final int ROUNDS = 8;
    static final String BSN = "itest.crash.v";
    static final Pattern RUNS = Pattern.compile("plugin itest\\.crash\\.v: version \\S+ runs for new launches");

    @TempDir
    static Path dir;
    static KilledNode node;
    static Path v1;
    static Path v2;
    static Path v3;

    @BeforeAll
    static void aNodeAndThreeVersionsOfAPlugin() throws Exception {
        FixturePlugins fixtures = new FixturePlugins(Files.createDirectories(dir.resolve("jars")));
        v1 = version(fixtures, "1.0.0").build();
        v2 = version(fixtures, "2.0.0").build();
        // big enough that copying it into deploy/ takes a while: a kill can land in the middle
        Path padding = dir.resolve("padding.bin");
        byte[] noise = new byte[32 << 20];
        new java.util.Random(1).nextBytes(noise);
        Files.write(padding, noise);
        v3 = version(fixtures, "3.0.0").header("-includeresource", "padding.bin=" + padding).build();
        node = KilledNode.start(dir.resolve("node"));
    }

    private static FixturePlugins.Spec version(FixturePlugins fixtures, String version) {
        return fixtures.plugin(BSN, "lifecycle").header("Slurm-Plugin-Name", "crashv").bundleVersion(version)
                .header("Implementation-Title", BSN).header("Implementation-Version", version);
    }

    @AfterAll
    static void stopTheNode() {
        node.close();
    }

    @Test
    void anUpgradeOrRollbackKilledAtAnyMomentRestartsOnTheVersionItsPinNames() throws Exception {
        deployed(v1);
        deployed(v2);
        String switches = "plugstack:upgrade crashv 2.0.0; plugstack:rollback crashv; ".repeat(4) + "plugstack:upgrade crashv 1.0.0";
        for (int round = 0; round < ROUNDS; round++) {
            int after = node.random.nextInt(9);

            String said = node.killDuring(switches, KilledNode.printed(RUNS, after), 10);
            node.restart();

            String active = assertOneVersionRunsAsPinned("killed after " + RUNS.matcher(said).results().count() + " switches, round " + round);
            System.out.println("VersionCrashIT: killed after " + RUNS.matcher(said).results().count() + " switches: " + active + " runs");
        }
    }

    @Test
    void aPinWhoseVersionIsGoneAtTheNextStartFallsBackToTheLastVersionThatRanHere() throws Exception {
        Path jar2 = node.deployDir().resolve(v2.getFileName());
        int fellBackRounds = 0;
        for (int round = 0; round < ROUNDS; round++) {
            deployed(v1);
            deployed(v2);
            assertThat(node.shell("plugstack:upgrade crashv 2.0.0")).contains("pinned to").contains("version 2.0.0 runs for new launches");
            String how;
            if (round % 2 == 0) {
                // plugstack:undeploy deletes the jar, then waits for FileInstall: killed before, at or after the delete
                how = "undeploy of 2.0.0 killed";
                Predicate<String> moment = round % 4 == 0 ? said -> !Files.exists(jar2) : said -> true;
                node.killDuring("plugstack:undeploy " + idOf("2.0.0"), moment, round % 4 == 0 ? 30 : 600);
            } else {
                // the same crash killed an admin's cp over the jar (an in-place copy): half of it is left
                how = "2.0.0's jar cut short by the crash";
                node.kill();
                Files.write(jar2, Arrays.copyOf(Files.readAllBytes(v2), (int) Files.size(v2) / 2));
            }
            long mark = node.restart();

            boolean whole = Files.exists(jar2) && Arrays.equals(Files.readAllBytes(jar2), Files.readAllBytes(v2));
            String when = how + (whole ? " (the jar is whole)" : " (the jar is gone)") + ", round " + round;
            String active = assertOneVersionRunsAsPinned(when);
            String log = node.logSince(mark);
            long fellBack = log.lines().filter(l -> l.contains("pin of " + BSN + " (2.0.0") && l.contains("admits no deployed version")).count();
            if (whole) {
                assertThat(active).as(when).isEqualTo("2.0.0");
                assertThat(fellBack).as(when + "\n" + log).isZero();
            } else {
                fellBackRounds++;
                assertThat(active).as(when).isEqualTo("1.0.0");
                assertThat(fellBack).as(when + ": one line says so\n" + log).isEqualTo(1);
                assertThat(node.data("plugin-versions.properties").getProperty("pin." + BSN)).as(when).isEqualTo("1.0.0");
            }
        }
        System.out.println("VersionCrashIT: 2.0.0 gone at the start in " + fellBackRounds + " of " + ROUNDS + " rounds, 1.0.0 ran then");
    }

    @Test
    void aDeployKilledAtAnyMomentLeavesTheVersionDeployedWholeOrNotAtAll() throws Exception {
        Path jar3 = node.deployDir().resolve(v3.getFileName());
        Path part = node.deployDir().resolve(v3.getFileName() + ".part");
        Pattern runs3 = Pattern.compile("plugin itest\\.crash\\.v: version 3\\.0\\.0 runs");
        int[] outcomes = new int[3];
        for (int round = 0; round < ROUNDS; round++) {
            deployed(v1);
            notDeployed(jar3);
            node.shell("plugstack:upgrade crashv 1.0.0");
            // mid copy into deploy/, mid FileInstall's install (the framework's bundle cache), mid upgrade to it
            Predicate<String> moment = switch (round % 3) {
                case 0 -> said -> Files.exists(part);
                case 1 -> said -> Files.exists(jar3);
                default -> KilledNode.printed(runs3, 1);
            };

            node.killDuring("plugstack:deploy " + v3 + "; plugstack:upgrade crashv 3.0.0", moment, 30);
            node.restart();

            boolean there = Files.exists(jar3);
            String when = "deploy killed " + (there ? "after" : "before") + " the jar was in, round " + round;
            if (there) {
                assertThat(Files.mismatch(jar3, v3)).as(when + ": the jar in deploy/ is whole").isEqualTo(-1L);
            }
            String active = assertOneVersionRunsAsPinned(when);
            String versions = node.shell("plugstack:versions crashv");
            assertThat(PluginVersionsView.row(versions, "3.0.0").isEmpty()).as(when + "\n" + versions).isEqualTo(!there);
            assertThat(node.shell("plugstack:plugins")).as(when).doesNotContain("rejected " + jar3).doesNotContain(part.toString());
            assertThat(active).as(when).isIn("1.0.0", "3.0.0");
            outcomes[there ? active.equals("3.0.0") ? 2 : 1 : 0]++;
        }
        System.out.println("VersionCrashIT: deploy killed " + ROUNDS + " times: not deployed " + outcomes[0] + ", deployed "
                + outcomes[1] + ", deployed and upgraded to " + outcomes[2]);
    }

    /**
     * After a restart: exactly one version is active, the pin plugstack:versions shows is the file's,
     * it admits the active version, and the file's history ends with it. Returns the active version.
     */
    private static String assertOneVersionRunsAsPinned(String when) throws Exception {
        String table = "";
        for (int i = 0; i < 200 && !table.contains(" active "); i++) {
            // FileInstall installs deploy/ a moment after the shell is up
            table = node.admin("plugstack:versions crashv").stdout();
            Thread.sleep(100);
        }
        String all = when + " (seed " + KilledNode.SEED + ")\n" + table;
        assertThat(table.lines().filter(l -> l.contains(" active ")).count()).as(all + "\nlog:\n" + node.log()).isEqualTo(1);
        String active = table.lines().filter(l -> l.contains(" active ")).findFirst().orElseThrow().split("\\s+")[1];
        String shown = PluginVersionsView.row(table, active).split("\\s+")[4];
        Properties file = node.data("plugin-versions.properties");
        assertThat(shown).as(all + "\nfile: " + file).isEqualTo(file.getProperty("pin." + BSN, "-"));
        assertThat(shown.equals("-") || shown.equals(active)).as(all + ": the pin admits the version that runs").isTrue();
        for (int i = 0; i < 100 && !node.data("plugin-versions.properties").getProperty("history." + BSN, "").endsWith(active); i++) {
            Thread.sleep(100);
        }
        assertThat(node.data("plugin-versions.properties").getProperty("history." + BSN)).as(all).endsWith(active);
        return active;
    }

    /** {@code jar} whole in deploy/, through plugstack:deploy when it is not. */
    private static void deployed(Path jar) throws Exception {
        Path in = node.deployDir().resolve(jar.getFileName());
        if (Files.exists(in) && Files.mismatch(in, jar) == -1L) {
            return;
        }
        notDeployed(in);
        assertThat(node.shell("plugstack:deploy " + jar)).containsPattern("deployed " + BSN + " \\S+ as bundle \\d+: (READY|AVAILABLE)");
    }

    /** No {@code jar} in deploy/ (nor a copy of it a crash left half done), and the runtime has let it go. */
    private static void notDeployed(Path jar) throws Exception {
        Files.deleteIfExists(jar.resolveSibling(jar.getFileName() + ".part"));
        Files.deleteIfExists(jar);
        String version = jar.getFileName().toString().replaceAll(".*-(\\d+\\.\\d+\\.\\d+)\\.jar$", "$1");
        for (int i = 0; i < 200 && !PluginVersionsView.row(node.admin("plugstack:versions crashv").stdout(), version).isEmpty(); i++) {
            Thread.sleep(50);
        }
        assertThat(node.shell("plugstack:plugins")).as("a jar deleted from deploy/ (seed %d)", KilledNode.SEED).doesNotContain("rejected " + jar);
    }

    private static long idOf(String version) throws Exception {
        return Long.parseLong(PluginVersionsView.row(node.shell("plugstack:versions crashv"), version).split("\\s+")[2]);
    }
}
