package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runtime killed (SIGKILL) while a job runs (issue 15, item 1): the next start kills what the job
 * left running before anything else, runs its epilog (its private TMPDIR goes), ends it NODE_FAIL with
 * one log line, and hands out job ids the dead runtime never used, so nothing of the old job reaches a new one.
 * The bench runs in a child process (a node daemon serves no bench), its commands through bench.sock.
 */
@Timeout(300)
class JobRecoveryIT {

    static final Pattern STARTED = Pattern.compile("started (\\d+) (\\d+)");

    @TempDir
    static Path dir;
    static KilledNode node;
    static Path tmp;

    @BeforeAll
    static void aNodeWithPrivateTmp() throws Exception {
        node = KilledNode.startBench(dir.resolve("node"));
        tmp = Files.createDirectories(dir.resolve("tmp"));
        Files.setAttribute(tmp, "unix:mode", 01777); // like /tmp
        Files.writeString(node.home().resolve("etc/plugstack.conf"), "required private-tmp base=" + tmp + "\n");
    }

    @AfterAll
    static void stopTheNode() {
        node.close();
    }

    @Test
    void aJobKilledWithTheRuntimeLeavesNothingToTheNextJob() throws Exception {
        String said = node.killDuring("srun sh -c 'echo secret > $TMPDIR/secret.txt; sleep 600 & echo started $SLURM_JOB_ID $!; wait'",
                KilledNode.printed(STARTED, 1), 0);
        Matcher m = STARTED.matcher(said);
        assertThat(m.find()).as(said).isTrue();
        long oldJob = Long.parseLong(m.group(1));
        long sleep = Long.parseLong(m.group(2));
        assertThat(tmp.resolve("slurm-" + oldJob).resolve("secret.txt")).exists();
        try {
            long mark = node.restart();

            assertThat(PlugstackRuntime.processEnds(sleep)).as("the old job's sleep is killed by the start itself, before any command").isTrue();
            String next = node.shell("srun sh -c 'echo job $SLURM_JOB_ID; ls -A $TMPDIR'");
            long newJob = Long.parseLong(next.lines().filter(l -> l.startsWith("job ")).findFirst().orElseThrow().substring(4).trim());
            assertThat(newJob).as("ids never repeat across restarts").isGreaterThan(oldJob);
            assertThat(next).doesNotContain("secret");
            assertThat(tmp.resolve("slurm-" + oldJob)).as("the old job's epilog removed its TMPDIR").doesNotExist();
            assertThat(node.logSince(mark).lines().filter(l -> l.contains("job " + oldJob + " ")))
                    .singleElement().asString()
                    .endsWith("job " + oldJob + " (sh, uid 0) was running when the runtime stopped: 2 processes killed, epilog run,"
                            + " job ended NODE_FAIL");
            assertThat(node.shell("squeue -t all -h -o '%i:%T'")).containsPattern("(?m)^" + oldJob + ":NODE_FAIL$");
        } finally {
            ProcessHandle.of(sleep).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aStoppedRuntimeEndsTheJobsItRunsWithTheirEpilogs() throws Exception {
        Path out = dir.resolve("stopped.out");
        String said = node.shell("sbatch -o " + out + " --wrap 'echo secret > $TMPDIR/secret.txt; sleep 600 & echo started $SLURM_JOB_ID $!; wait'");
        long job = Long.parseLong(said.strip().replaceAll("^Submitted batch job ", ""));
        PlugstackRuntime.await(() -> STARTED.matcher(read(out)).find(), "the batch job's start in " + out);
        long sleep = Long.parseLong(STARTED.matcher(read(out)).results().findFirst().orElseThrow().group(2));
        assertThat(tmp.resolve("slurm-" + job).resolve("secret.txt")).exists();
        try {
            long mark = node.stop();

            assertThat(PlugstackRuntime.processEnds(sleep)).as("the job's sleep is killed by the stop").isTrue();
            assertThat(tmp.resolve("slurm-" + job)).as("the job's epilog removed its TMPDIR").doesNotExist();
            assertThat(node.home().resolve("data/slurmd/jobs/job" + job)).as("nothing left for a next start").doesNotExist();
            assertThat(node.logSince(mark).lines().filter(l -> l.contains("job " + job + " ")))
                    .singleElement().asString()
                    .endsWith("job " + job + " (wrap, uid 0) was running when the runtime stopped: 2 processes killed, epilog run,"
                            + " job ended NODE_FAIL");
            assertThat(node.logSince(mark)).doesNotContain("Invalid BundleContext").doesNotContain("Exception");
        } finally {
            ProcessHandle.of(sleep).ifPresent(ProcessHandle::destroyForcibly);
            node.restart();
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
