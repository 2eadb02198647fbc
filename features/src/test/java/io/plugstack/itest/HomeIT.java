package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --home DIR} (issue 16, item 2): an empty directory becomes a home made from the distribution,
 * and says so; a directory that lacks what a home needs is refused at once, naming it and what is
 * missing, instead of a runtime that waits for ever with nothing to run.
 */
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HomeIT {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path dir;

    @Test
    void anEmptyDirectoryGivenAsHomeIsMadeAHomeFromTheDistribution() throws Exception {
        Path home = Files.createDirectories(dir.resolve("empty"));
        Process p = start(home, "echo ready\nshutdown\n");
        try {
            assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("it starts, runs the commands and stops").isTrue();
            String out = Files.readString(dir.resolve("out"));
            assertThat(out).contains("plugstack: initialised a new home in " + home + " (etc/, features/, system/ from")
                    .contains("ready");
            assertThat(home.resolve("etc/plugstack.properties")).exists();
            assertThat(home.resolve("features/plugstack-runtime.json")).exists();
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void theFirstCommandTypedFindsEveryBootPluginStarted() throws Exception {
        Path home = Files.createDirectories(dir.resolve("fresh"));
        Process p = start(home, "plugins\nshutdown\n");
        try {
            assertThat(p.waitFor(90, TimeUnit.SECONDS)).isTrue();
            String out = Files.readString(dir.resolve("out"));
            assertThat(out).as("the prompt comes once every boot bundle has started").contains("cli_filter/lua")
                    .doesNotContain("UNRESOLVED").doesNotContain("INSTALLED");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aHomeThatLacksItsPartsIsRefusedAtOnceNamingThem() throws Exception {
        Path home = Files.createDirectories(dir.resolve("partial/etc"));
        Files.writeString(home.resolve("site.conf"), "not a home\n");
        Process p = start(home.getParent(), "");
        try {
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("refused at once").isTrue();
            assertThat(p.exitValue()).isEqualTo(1);
            assertThat(Files.readString(dir.resolve("out"))).contains("plugstack: error: the home " + home.getParent()
                    + " is not a Plugstack home: it has no etc/plugstack.properties, features/, system/");
            assertThat(home.getParent().resolve("data")).as("nothing written into it").doesNotExist();
        } finally {
            p.destroyForcibly();
        }
    }

    private Process start(Path home, String input) throws Exception {
        Path in = Files.writeString(dir.resolve("in"), input);
        return new ProcessBuilder(List.of(JAVA, "-jar", PlugstackRuntime.dist().resolve("plugstack.jar").toString(), "--home", home.toString()))
                .redirectInput(in.toFile()).redirectErrorStream(true).redirectOutput(new File(dir.resolve("out").toString())).start();
    }
}
