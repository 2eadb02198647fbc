package io.plugstack.cli_filter.user_defaults;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.testkit.clifilter.FakeCliOptions;
import io.plugstack.testkit.RecordingLogger;

/** CLI-20…CLI-25 and E-18: cli_filter/user_defaults applied to an in-memory option set. */
class UserDefaultsPluginTest {

    private static final String CLUSTER = "cluster";

    @TempDir
    Path dir;

    private final RecordingLogger log = new RecordingLogger();

    private UserDefaultsPlugin pluginWith(String fileText) throws IOException {
        Path file = dir.resolve("defaults");
        Files.write(file, fileText.getBytes(StandardCharsets.UTF_8));
        return new UserDefaultsPlugin(file, CLUSTER, log);
    }

    private FakeCliOptions mainPass(UserDefaultsPlugin plugin, SlurmCommand command) {
        FakeCliOptions options = new FakeCliOptions(command);
        assertThat(plugin.setupDefaults(options, false)).isZero();
        return options;
    }

    // E-18, CLI-23, CLI-24

    @Test
    void commandIsComparedCaseInsensitivelySoSBATCHAppliesToSbatch() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("SBATCH:*:time=10\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).get("time")).contains("10");
        assertThat(mainPass(plugin, SlurmCommand.SRUN).isSet("time")).isFalse();
    }

    @Test
    void clusterIsComparedCaseSensitively() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("SBATCH:CLUSTER:time=10\nsbatch:cluster:partition=high\n");
        FakeCliOptions options = mainPass(plugin, SlurmCommand.SBATCH);
        assertThat(options.isSet("time")).isFalse();
        assertThat(options.get("partition")).contains("high");
    }

    @Test
    void clusterStartingWithStarAppliesToAnyCluster() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("*elsewhere:partition=any\n");
        assertThat(mainPass(plugin, SlurmCommand.SALLOC).get("partition")).contains("any");
    }

    @Test
    void commandStarAppliesToEveryCommand() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("*:*:account=proj\n");
        for (SlurmCommand c : new SlurmCommand[] {SlurmCommand.SALLOC, SlurmCommand.SBATCH, SlurmCommand.SRUN}) {
            assertThat(mainPass(plugin, c).get("account")).as(c.slurmName()).contains("proj");
        }
    }

    @Test
    void commandLineAppliesOnlyToThatCommand() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("salloc:*:partition=interactive\nsrun:*:partition=short\n");
        assertThat(mainPass(plugin, SlurmCommand.SALLOC).get("partition")).contains("interactive");
        assertThat(mainPass(plugin, SlurmCommand.SRUN).get("partition")).contains("short");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).isSet("partition")).isFalse();
        assertThat(mainPass(plugin, SlurmCommand.SCRONTAB).isSet("partition")).isFalse();
    }

    @Test
    void unknownCommandIsLoggedWithItsLineNumberAndSkipped() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("# header\n\nsqueue:*:time=5\npartition=short\n");
        FakeCliOptions options = mainPass(plugin, SlurmCommand.SBATCH);
        assertThat(options.isSet("time")).isFalse();
        assertThat(options.get("partition")).contains("short");
        assertThat(log.lines()).containsExactly("ERROR Unknown command \"squeue\" in ~/.slurm/defaults, line 3");
    }

    @Test
    void commandCaseFoldingIsAsciiOnlyLikeStrcasecmp() throws IOException {
        // U+017F LATIN SMALL LETTER LONG S upper-cases to 'S' in Java, but not in strcasecmp.
        UserDefaultsPlugin plugin = pluginWith("\u017Frun:*:time=5\n");
        assertThat(mainPass(plugin, SlurmCommand.SRUN).isSet("time")).isFalse();
        assertThat(log.lines()).containsExactly("ERROR Unknown command \"\u017Frun\" in ~/.slurm/defaults, line 1");
    }

    // CLI-22

    @Test
    void oneTokenKeyIsAnOptionForEveryCommandAndCluster() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("job-name = myjob\n");
        assertThat(mainPass(plugin, SlurmCommand.SRUN).get("job-name")).contains("myjob");
    }

    @Test
    void twoTokenKeyIsClusterThenOption() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("cluster:partition=mine\nother:partition=theirs\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).get("partition")).contains("mine");
    }

    @Test
    void threeTokenKeyIsCommandThenClusterThenOption() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("sbatch:cluster:partition=high\nsbatch:other:partition=low\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).get("partition")).contains("high");
    }

    @Test
    void tokensAfterTheThirdAreIgnored() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("sbatch:*:time:extra=10\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).get("time")).contains("10");
    }

    @Test
    void emptyTokensVanishAsWithStrtok() throws IOException {
        // "sbatch::time" is two tokens: cluster "sbatch", option "time" — not this cluster.
        UserDefaultsPlugin plugin = pluginWith("sbatch::time=10\n::partition=p\n");
        FakeCliOptions options = mainPass(plugin, SlurmCommand.SBATCH);
        assertThat(options.isSet("time")).isFalse();
        assertThat(options.get("partition")).contains("p");
    }

    // CLI-21

    @Test
    void valueMayContainFurtherEqualsSigns() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("comment = a=b = c\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).get("comment")).contains("a=b = c");
    }

    @Test
    void hashStartsACommentLineEvenAfterLeadingWhitespace() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("#time=10\n   \t# partition=p\n");
        FakeCliOptions options = mainPass(plugin, SlurmCommand.SBATCH);
        assertThat(options.sets()).isEmpty();
    }

    @Test
    void lineWithoutEqualsIsSkipped() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("partition short\npartition=short\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).sets()).containsExactly("partition=short");
    }

    @Test
    void surroundingWhitespaceOfLineKeyTokensAndValueIsTrimmed() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("  \t sbatch : cluster :  output \t=  slurm-%j.out \r\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).get("output")).contains("slurm-%j.out");
    }

    @Test
    void keyWithoutOptionNameSetsNothing() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("= x\nsbatch:*: = y\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).sets()).isEmpty();
    }

    // CLI-25

    @Test
    void laterLinesOverrideEarlierOnes() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("partition=first\nsbatch:*:partition=second\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).get("partition")).contains("second");
    }

    @Test
    void unknownOptionNamesAndInvalidValuesAreSilentlyIgnored() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("no-such-option=1\ntime=soon\nmem=4G\n");
        FakeCliOptions options = mainPass(plugin, SlurmCommand.SBATCH);
        assertThat(options.sets()).containsExactly("mem=4G");
        assertThat(log.lines()).isEmpty();
    }

    @Test
    void earlyPassAppliesOnlyEarlyPassOptions() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("wrap=hostname\ntime=10\n");
        FakeCliOptions options = new FakeCliOptions(SlurmCommand.SBATCH, true);
        assertThat(plugin.setupDefaults(options, true)).isZero();
        assertThat(options.sets()).containsExactly("wrap=hostname");
    }

    @Test
    void mainPassSkipsEarlyPassOptions() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("wrap=hostname\ntime=10\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).sets()).containsExactly("time=10");
    }

    @Test
    void earlyPassOptionsArePerCommand() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("het-group=1\nwrap=hostname\n");
        FakeCliOptions srunEarly = new FakeCliOptions(SlurmCommand.SRUN, true);
        plugin.setupDefaults(srunEarly, true);
        assertThat(srunEarly.sets()).containsExactly("het-group=1");
        assertThat(mainPass(plugin, SlurmCommand.SRUN).sets()).containsExactly("wrap=hostname");
    }

    // CLI-20

    @Test
    void missingFileMeansNoDefaults() {
        UserDefaultsPlugin plugin = new UserDefaultsPlugin(dir.resolve("absent"), CLUSTER, log);
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).sets()).isEmpty();
        assertThat(log.lines()).isEmpty();
    }

    @Test
    void unreadableFileMeansNoDefaults() throws IOException {
        Path notAFile = Files.createDirectory(dir.resolve("defaults.d"));
        UserDefaultsPlugin plugin = new UserDefaultsPlugin(notAFile, CLUSTER, log);
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).sets()).isEmpty();
    }

    @Test
    void aDefaultsFileLinkedToAFileTheUserCannotReadIsNeitherReadNorEchoed() throws Exception {
        Path secret = Files.writeString(dir.resolve("shadow"), "rootonly:*:partition=secret-hash\n");
        Path link = Files.createSymbolicLink(dir.resolve("defaults"), secret);
        FakeCliOptions options = new FakeCliOptions(SlurmCommand.SBATCH);
        boolean root = OnBehalfOf.thisProcess().uid() == 0;
        if (root) {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
            options.user(4242, 4343); // the runtime is root, the command's user is not
        } else {
            Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("---------"));
        }
        UserDefaultsPlugin plugin = new UserDefaultsPlugin(link, CLUSTER, log);
        assertThat(plugin.setupDefaults(options, false)).isZero();
        assertThat(options.sets()).isEmpty();
        assertThat(log.lines()).containsExactly("ERROR cannot read " + link + ": Permission denied" + (root ? " (as uid 4242)" : "")
                + "; using stock defaults");
        assertThat(String.join("\n", log.lines())).doesNotContain("secret-hash").doesNotContain("rootonly");
    }

    @Test
    void unknownHomeIsLoggedAndMeansNoDefaults() {
        UserDefaultsPlugin plugin = new UserDefaultsPlugin(uid -> Optional.empty(), CLUSTER, log);
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).sets()).isEmpty();
        assertThat(log.lines()).containsExactly("ERROR Failed to lookup user homedir to load slurm defaults.");
    }

    @Test
    void fileIsReadAgainAtEachCall() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("partition=a\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).get("partition")).contains("a");
        Files.writeString(dir.resolve("defaults"), "partition=b\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).get("partition")).contains("b");
    }

    @Test
    void preSubmitAndPostSubmitAreNoOps() throws IOException {
        UserDefaultsPlugin plugin = pluginWith("partition=a\n");
        FakeCliOptions options = new FakeCliOptions(SlurmCommand.SBATCH);
        assertThat(plugin.preSubmit(options, 0)).isZero();
        plugin.postSubmit(0, 1, 4294967294L);
        assertThat(options.sets()).isEmpty();
    }

    // ClusterName from ConfigAdmin

    @Test
    void clusterNameComesFromConfigurationPropertyClusterNameDefaultingToCluster() throws Exception {
        assertThat(UserDefaultsPlugin.Config.class.getMethod("cluster__name").getDefaultValue()).isEqualTo("cluster");
        UserDefaultsPlugin plugin = pluginWith("cluster:partition=default\nprod:partition=prod\n");
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).get("partition")).contains("default");
        plugin.modified(config("prod"));
        assertThat(mainPass(plugin, SlurmCommand.SBATCH).get("partition")).contains("prod");
    }

    private static UserDefaultsPlugin.Config config(String clusterName) {
        return new UserDefaultsPlugin.Config() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return UserDefaultsPlugin.Config.class;
            }

            @Override
            public String cluster__name() {
                return clusterName;
            }
        };
    }

    @Test
    void defaultsFileIsDotSlurmDefaultsBelowTheHomeDirectory() {
        assertThat(UserDefaultsPlugin.USER_DEFAULTS_FILE).isEqualTo(".slurm/defaults");
        assertThat(UserDefaultsPlugin.defaultsFileOf(0)).contains(Path.of("/root/.slurm/defaults"));
    }

    @Test
    void defaultsFileIsThatOfTheCommandsUserNotOfTheProcess() {
        FakeCliOptions options = new FakeCliOptions(SlurmCommand.SBATCH).user(4242, 4343);
        long[] asked = {-1};
        UserDefaultsPlugin plugin = new UserDefaultsPlugin(uid -> {
            asked[0] = uid;
            return Optional.empty();
        }, CLUSTER, log);
        plugin.setupDefaults(options, false);
        assertThat(asked[0]).isEqualTo(4242);
    }
}
