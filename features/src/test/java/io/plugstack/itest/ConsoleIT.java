package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console on a real terminal (issue 16, items 1, 13, 16): Ctrl-C acts on the foreground srun as
 * Slurm's srun does and never ends the runtime; Ctrl-D at the prompt says how to quit; the runtime's own
 * lines go to its log file, not to the console. One runtime for the class, started as a user starts it.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ConsoleIT {

    @TempDir
    static Path dir;
    static ConsoleTerminal console;

    @BeforeAll
    static void startOnATerminal() throws Exception {
        console = ConsoleTerminal.start(dir.resolve("home"));
    }

    @AfterAll
    static void stop() throws Exception {
        console.close();
    }

    @Test
    void ctrlCOnARunningSrunShowsItsTasksThenASecondWithinOneSecondCancelsTheStepAndTheRuntimeLivesOn() throws Exception {
        PlugstackRuntime.requireSigintNotIgnored();
        int start = console.mark();
        console.type("srun sleep 30\r");
        console.awaitSince(start, s -> s.contains("sleep 30"), 10);
        Thread.sleep(1500); // the step's task runs
        int first = console.mark();
        console.type("\u0003");
        String status = console.awaitSince(first, s -> s.contains("task 0: running"), 10);
        assertThat(status).contains("srun: interrupt (one more within 1 sec to abort)").containsPattern("srun: StepId=\\d+\\.0 task 0: running");
        Thread.sleep(1500); // more than a second: the next press is a first one again
        assertThat(console.since(first)).doesNotContain("sending Ctrl-C");

        int second = console.mark();
        console.type("\u0003");
        console.awaitSince(second, s -> s.contains("one more within 1 sec"), 10);
        console.type("\u0003");
        String cancelled = console.awaitSince(second, s -> s.contains("> "), 20);
        assertThat(cancelled).containsPattern("srun: sending Ctrl-C to StepId=\\d+\\.0").containsPattern("\\*\\*\\* STEP \\d+\\.0 ON node1 CANCELLED AT");

        int after = console.mark();
        console.type("squeue -t all -o '%i %j %T'\r");
        assertThat(console.awaitSince(after, s -> s.contains("CANCELLED"), 10)).containsPattern("(?m)^\\d+ +sleep .*CANCELLED");
        assertThat(console.runtimeAlive()).as("the runtime lives on").isTrue();
    }

    @Test
    void ctrlDAtThePromptSaysHowToQuitAndStopsNothing() throws Exception {
        int start = console.mark();
        console.type("\u0004");
        assertThat(console.awaitSince(start, s -> s.contains("Ctrl-D does not"), 10))
                .contains("use 'shutdown' (or 'stop 0') to stop Plugstack; Ctrl-D does not");
        Thread.sleep(500);
        assertThat(console.runtimeAlive()).isTrue();
        int next = console.mark();
        console.type("echo still-here\r");
        assertThat(console.awaitSince(next, s -> s.contains("still-here\r\n"), 10)).contains("still-here");
    }

    @Test
    void aRefusedCommandShowsItsMessageWithoutJavaWords() throws Exception {
        int start = console.mark();
        console.type("plugin nosuch\r");
        String said = console.awaitSince(start, s -> s.contains("no plugin named"), 10);
        assertThat(said).contains("plugin: no plugin named 'nosuch'").doesNotContain("io.plugstack.gogo").doesNotContain("$error")
                .doesNotContain("Exception");
    }

    @Test
    void theRuntimesOwnLinesGoToItsLogFileWithTimestampsNotToTheConsole() throws Exception {
        Path log = dir.resolve("home/log/plugstack.log");
        PlugstackRuntime.await(() -> logHas(log, "runs for new launches"), "the host's boot lines in " + log);
        assertThat(Files.readString(log)).containsPattern("(?m)^\\[\\d{4}-\\d\\d-\\d\\dT[\\d:.]+\\] plugstack: plugin .* runs for new launches");
        assertThat(console.screen()).doesNotContain("runs for new launches");
        int start = console.mark();
        console.type("log:display -n 200\r");
        assertThat(console.awaitSince(start, s -> s.contains("runs for new launches"), 10)).contains("plugstack: plugin");
    }

    /** Issue 29: a version switch a command typed at the console makes is the runtime's line: in the log, not on the console. */
    @Test
    void aVersionSwitchTypedAtTheConsoleGoesToTheLogAndNotTheConsole() throws Exception {
        Path log = dir.resolve("home/log/plugstack.log");
        FixturePlugins fixtures = new FixturePlugins(java.nio.file.Files.createDirectories(dir.resolve("jars")));
        for (String v : new String[] {"1.0.0", "2.0.0"}) {
            Path jar = fixtures.plugin("itest.console.switch", "good").bundleVersion(v).build();
            Files.copy(jar, dir.resolve("home/deploy").resolve("itest.console.switch-" + v + ".jar"));
        }
        String upgraded = "plugin itest.console.switch: version 2.0.0 runs for new launches and submissions";
        PlugstackRuntime.await(() -> logHas(log, upgraded), "2.0.0 to run");
        int start = console.mark();
        console.type("plugstack:pin itest.console.switch 1.0.0\r");
        String switched = "plugin itest.console.switch: version 1.0.0 runs for new launches and submissions (was 2.0.0)";
        PlugstackRuntime.await(() -> logHas(log, switched), "the switch in " + log);
        // the command's own answer, then the next prompt
        String screen = console.awaitSince(start, s -> s.contains("pinned to 1.0.0") && s.lastIndexOf("> ") > s.indexOf("pinned to 1.0.0"), 30);
        assertThat(screen).contains("itest.console.switch pinned to 1.0.0").doesNotContain("plugin itest.console.switch: version");
    }

    /** Issue 29: a job_submit plugin's line is slurmctld's: in the log, never on the console of the user who submitted. */
    @Test
    void aJobSubmitPluginsLineTypedAtTheConsoleGoesToTheLogAndNotTheConsole() throws Exception {
        Path log = dir.resolve("home/log/plugstack.log");
        Files.writeString(dir.resolve("home/deploy/plugstack.slurm.cfg"), "JobSubmitPlugins=partition\n");
        String line = "job_submit/partition: job_submit: Setting partition of submitted job to debug";
        for (int i = 0; i < 40 && !logHas(log, line); i++) { // FileInstall hands the setting over a moment later
            int start = console.mark();
            console.type("sbatch -H -o /dev/null --wrap true\r");
            console.awaitSince(start, s -> s.contains("Submitted batch job"), 10);
            Thread.sleep(250);
        }
        assertThat(Files.readString(log)).contains(line);
        assertThat(console.screen()).doesNotContain("Setting partition");
        Files.delete(dir.resolve("home/deploy/plugstack.slurm.cfg"));
    }

    /** Issue 29: a failing command prints what the real one prints and no more; $status holds its exit code. */
    @Test
    void aFailingCommandPrintsOnlySlurmsLinesAndStatusHoldsItsExitCode() throws Exception {
        int start = console.mark();
        console.type("sbatch /nonexistent/job.sh\r");
        String said = console.awaitSince(start, s -> s.contains("Unable to open file") && s.lastIndexOf("> ") > s.indexOf("Unable to open"), 10);
        assertThat(said).contains("sbatch: error: Unable to open file /nonexistent/job.sh").doesNotContain("exit code");
        int next = console.mark();
        console.type("echo status=$status\r");
        assertThat(console.awaitSince(next, s -> s.contains("status=1"), 10)).contains("status=1");
        int ok = console.mark();
        console.type("sinfo -h ; echo status=$status\r");
        assertThat(console.awaitSince(ok, s -> s.contains("status=0"), 10)).contains("status=0");
    }

    private static boolean logHas(Path log, String line) {
        try {
            return Files.exists(log) && Files.readString(log).contains(line);
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
