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

    /** Issue 29: a home made with --home gets bin/ (srun, sbatch, squeue... for that home), and PLUGSTACK_HOME picks a home for the distribution's bin/. */
    @Test
    void aNewHomesBinCommandsAndPlugstackHomeReachThatHomesRuntime() throws Exception {
        Path home = Files.createDirectories(dir.resolve("withbin"));
        Process p = new ProcessBuilder(List.of(JAVA, "-jar", PlugstackRuntime.dist().resolve("plugstack.jar").toString(), "--home", home.toString()))
                .redirectErrorStream(true).redirectOutput(new File(dir.resolve("out").toString())).start();
        try {
            PlugstackRuntime.await(() -> Files.exists(home.resolve("data/bench.sock")), "the new home's runtime to serve its bench");
            for (String command : List.of("srun", "sbatch", "salloc", "squeue", "sinfo", "scontrol", "scancel", "scrontab", "plugstack-slurm")) {
                assertThat(home.resolve("bin").resolve(command)).as(command).isSymbolicLink();
            }
            String own = runOk(List.of(home.resolve("bin/squeue").toString()), null);
            assertThat(own).startsWith("             JOBID PARTITION");
            String picked = runOk(List.of(PlugstackRuntime.dist().resolve("bin/sinfo").toString(), "-h", "-o", "%P"), home);
            assertThat(picked).isEqualTo("debug*\n");
            p.getOutputStream().write("shutdown\n".getBytes());
            p.getOutputStream().flush();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
    }

    /** Runs a command (with PLUGSTACK_HOME set when given); its output, once it exited 0. */
    private String runOk(List<String> command, Path plugstackHome) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (plugstackHome != null) {
            pb.environment().put("PLUGSTACK_HOME", plugstackHome.toString());
        }
        Process c = pb.start();
        String out = new String(c.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(c.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(c.exitValue()).as(out).isZero();
        return out;
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
