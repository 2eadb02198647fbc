package io.plugstack.runtime.bench.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.SubmitRequest;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/**
 * slurmd's record of the jobs it runs: a task's processes, however it forked them, end with the job;
 * what a dead runtime's jobs left running is found and killed by the next start. Real processes.
 */
class NodeJobsTest {

    @TempDir
    Path spool;

    /** The background process a task left, by pid: stopped by the test if the code under test did not. */
    private long leftover;

    @AfterEach
    void stopLeftover() {
        if (leftover > 0) {
            ProcessHandle.of(leftover).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    static Job job() {
        Controller c = JobEndTest.controller();
        JobDescriptor d = new JobDescriptor();
        d.setNumber(JobDescField.USER_ID, 0);
        return c.submit(new SubmitRequest(List.of(d), "srun", new PlugstackConf.Result(List.of(), Optional.empty()),
                Map.of("PLUGSTACK_VERSIONS", "itest.x@1.0.0"))).jobs().get(0);
    }

    /** A task, started as the bench starts one, that leaves a `sleep 600` behind and exits; the sleep's pid. */
    long startTaskLeavingASleep(NodeJobs jobs, Job job) throws Exception {
        long before = TaskProcesses.nowTicks();
        Process task = new ProcessBuilder(TaskProcesses.asGroupLeader(List.of("sh", "-c", "sleep 600 >/dev/null 2>&1 & echo $!")))
                .redirectErrorStream(true).start();
        assertThat(jobs.taskStarted(job, new TaskProcesses.Group(task.pid(), before))).isTrue();
        String pid = new String(task.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        assertThat(task.waitFor(10, TimeUnit.SECONDS)).isTrue();
        leftover = Long.parseLong(pid);
        assertThat(ProcessHandle.of(leftover)).as("the task's background sleep runs").isPresent();
        return leftover;
    }

    static boolean endsWithin10s(long pid) throws InterruptedException {
        for (int i = 0; i < 200 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false); i++) {
            Thread.sleep(50);
        }
        return ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    }

    @Test
    void aProcessATaskLeftRunningIsKilledWhenItsJobEnds() throws Exception {
        NodeJobs jobs = NodeJobs.inMemory();
        Job job = job();
        jobs.begin(job, false);
        long sleep = startTaskLeavingASleep(jobs, job);

        assertThat(jobs.endTasks(job.id)).isEqualTo(1);
        assertThat(endsWithin10s(sleep)).isTrue();
        assertThat(jobs.endTasks(job.id)).as("ended once: the second caller runs no epilog").isEqualTo(-1);
    }

    @Test
    void aTaskStartingAfterItsJobEndedIsRefused() {
        NodeJobs jobs = NodeJobs.inMemory();
        Job job = job();
        jobs.begin(job, false);
        jobs.endTasks(job.id);
        assertThat(jobs.taskStarted(job, new TaskProcesses.Group(ProcessHandle.current().pid(), 0))).isFalse();
    }

    @Test
    void aStepOrPrologBeginningAfterItsJobEndedIsRefusedAndWritesNoRecord() throws IOException {
        NodeJobs jobs = NodeJobs.spool(spool, SlurmLog.QUIET);
        Job job = job();
        jobs.endTasks(job.id);
        assertThat(jobs.begin(job, false)).isFalse();
        assertThat(jobs.begin(job, true)).isFalse();
        try (var files = Files.list(spool)) {
            assertThat(files.toList()).as("nothing for a next start to end again").isEmpty();
        }
    }

    @Test
    void anEndedJobsEpilogWaitsForItsPrologToReturn() throws Exception {
        NodeJobs jobs = NodeJobs.inMemory();
        Job job = job();
        assertThat(jobs.begin(job, true)).isTrue();
        jobs.endTasks(job.id);
        assertThat(jobs.awaitProlog(job.id, 10)).as("the prolog still runs").isFalse();
        Thread prolog = new Thread(() -> jobs.prologDone(job.id));
        prolog.start();
        assertThat(jobs.awaitProlog(job.id, 10_000)).as("woken when it returns").isTrue();
        prolog.join();
    }

    @Test
    void anEndedJobsEpilogWaitsForItsStepsToReturn() throws Exception {
        NodeJobs jobs = NodeJobs.inMemory();
        Job job = job();
        assertThat(jobs.begin(job, false)).isTrue();
        assertThat(jobs.begin(job, false)).isTrue();
        jobs.endTasks(job.id);
        jobs.stepDone(job.id);
        assertThat(jobs.awaitSteps(job.id, 10)).as("one step still runs").isFalse();
        Thread step = new Thread(() -> jobs.stepDone(job.id));
        step.start();
        assertThat(jobs.awaitSteps(job.id, 10_000)).as("woken when the last returns").isTrue();
        step.join();
    }

    @Test
    void aJobWithNoPrologRunningNeedsNoWait() throws Exception {
        NodeJobs jobs = NodeJobs.inMemory();
        Job job = job();
        assertThat(jobs.begin(job, false)).isTrue();
        jobs.endTasks(job.id);
        assertThat(jobs.awaitProlog(job.id, 0)).isTrue();
    }

    @Test
    void theJobsTheNodeRunsAreThoseBegunAndNotEnded() {
        NodeJobs jobs = NodeJobs.inMemory();
        Job a = job();
        jobs.begin(a, false);
        assertThat(jobs.running()).containsExactly(a.id);
        jobs.endTasks(a.id);
        assertThat(jobs.running()).isEmpty();
    }

    @Test
    void theJobsADeadRuntimeLeftAreFoundWithTheirIdentityAndTheirProcessesKilled() throws Exception {
        NodeJobs dead = NodeJobs.spool(spool, SlurmLog.QUIET);
        Job job = job();
        dead.begin(job, false);
        long sleep = startTaskLeavingASleep(dead, job);
        // the runtime dies here: nothing ends the job; a new one starts on the same spool

        NodeJobs next = NodeJobs.spool(spool, SlurmLog.QUIET);
        List<NodeJobs.Leftover> found = next.leftovers();
        assertThat(found).singleElement().satisfies(l -> {
            assertThat(l.jobId()).isEqualTo(job.id);
            assertThat(l.uid()).isZero();
            assertThat(l.jobControlEnv()).containsEntry("PLUGSTACK_VERSIONS", "itest.x@1.0.0");
            assertThat(l.sameBoot()).isTrue();
        });
        LeftoverJobs leftovers = LeftoverJobs.killProcesses(next);
        assertThat(endsWithin10s(sleep)).isTrue();
        assertThat(leftovers.highestJobId()).isEqualTo(job.id);
    }

    @Test
    void aJobWhoseEpilogRanLeavesNoRecord() throws IOException {
        NodeJobs jobs = NodeJobs.spool(spool, SlurmLog.QUIET);
        Job job = job();
        jobs.begin(job, false);
        jobs.endTasks(job.id);
        jobs.forget(job.id);
        assertThat(NodeJobs.spool(spool, SlurmLog.QUIET).leftovers()).isEmpty();
        try (var files = Files.list(spool)) {
            assertThat(files.toList()).isEmpty();
        }
    }

    @Test
    void anUnreadableRecordIsNamedAndRemoved() throws IOException {
        Files.writeString(spool.resolve("job7"), "job_id=seven\n");
        List<String> errors = new java.util.ArrayList<>();
        NodeJobs jobs = NodeJobs.spool(spool, (level, m) -> errors.add(m));
        assertThat(jobs.leftovers()).isEmpty();
        assertThat(errors).singleElement().asString().contains(spool.resolve("job7").toString());
        assertThat(spool.resolve("job7")).doesNotExist();
    }
}
