package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/** slurmctld's job records: ids, MinJobAge purging, and jobs changed only under the controller's lock. */
class ControllerTest {

    static final PlugstackConf.Result NO_STACK = new PlugstackConf.Result(List.of(), Optional.empty());

    /** A job_submit chain that accepts everything, or refuses components whose comment is "refuse". */
    static final JobSubmitChain CHAIN = new JobSubmitChain() {
        @Override
        public Result submit(JobDescriptor desc, long submitUid) {
            return "refuse".equals(desc.comment())
                    ? new Result(SlurmErrno.ESLURM_INVALID_ACCOUNT.code(), Optional.of("no, thanks"), "job_submit/test")
                    : new Result(0, Optional.of("welcome"), "");
        }

        @Override
        public Result modify(JobDescriptor desc, JobRecord current, long uid) {
            return "refuse".equals(desc.comment()) ? new Result(SlurmErrno.ESLURM_INVALID_ACCOUNT.code(), Optional.empty(), "x")
                    : new Result(0, Optional.empty(), "");
        }

        @Override
        public java.util.List<io.plugstack.runtime.host.catalog.PluginPin> configured() {
            return java.util.List.of(); // no JobSubmitPlugins= in this test
        }
    };

    static Controller controller() {
        return new Controller("node1", CHAIN, () -> List.of(PartitionDefinition.DEBUG_DEFAULT));
    }

    static SubmitRequest request(JobDescriptor... components) {
        return new SubmitRequest(List.of(components), "srun", NO_STACK, Map.of());
    }

    static Job submit(Controller c) {
        SubmitRequest.Answer a = c.submit(request(new JobDescriptor()));
        assertThat(a.ok()).isTrue();
        return a.jobs().get(0);
    }

    /** A real 22.05.8's job_submit.lua read job_rec.user_name nil for held and running jobs. */
    @Test
    void jobRecordsAsPluginsSeeThemCarryNoUserNameAsSlurmctldLeavesIt() {
        Controller c = controller();
        JobDescriptor d = new JobDescriptor();
        d.setNumber(io.plugstack.api.jobsubmit.JobDescField.USER_ID, 0);
        d.setString(io.plugstack.api.jobsubmit.JobDescField.USER_NAME, "root");
        Job j = c.submit(request(d)).jobs().get(0);
        assertThat(c.record(j.id).orElseThrow().userName()).isNull();
        assertThat(c.records()).singleElement().extracting(JobRecord::jobId).isEqualTo(j.id);
    }

    /** The scheduler starts a dependent job once its dependency holds: here when the job it waits for completes. */
    @Test
    void aDependentJobStartsOnceTheJobItWaitsForCompletes() throws Exception {
        Controller c = controller();
        Job first = submit(c);
        JobDescriptor d = new JobDescriptor();
        d.setNumber(io.plugstack.api.jobsubmit.JobDescField.USER_ID, 0);
        d.setDependency("afterok:" + first.id);
        Job second = c.submit(request(d)).jobs().get(0);
        java.util.concurrent.CompletableFuture<Boolean> started = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> c.state(second, JobState.RUNNING));
        Thread.sleep(200);
        assertThat(started).as("it waits while its dependency is unfulfilled").isNotDone();
        c.finish(first, JobState.COMPLETED, 0, "");
        assertThat(started.get(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(second.state()).isEqualTo(JobState.RUNNING);
    }

    @Test
    void aFinishedJobOlderThanMinJobAgeIsPurgedAtTheNextSubmission() {
        Controller c = controller();
        c.minJobAge(0);
        Job first = submit(c);
        c.finish(first, JobState.COMPLETED, 0, "");
        submit(c);
        assertThat(c.job(first.id)).isEmpty();
        assertThat(c.jobInfos()).hasSize(1);
    }

    @Test
    void aFinishedJobYoungerThanMinJobAgeStaysVisible() {
        Controller c = controller();
        Job first = submit(c);
        c.finish(first, JobState.COMPLETED, 0, "");
        submit(c);
        assertThat(c.job(first.id)).isPresent();
    }

    @Test
    void aRunningJobIsNeverPurged() {
        Controller c = controller();
        c.minJobAge(0);
        Job running = submit(c);
        c.state(running, JobState.RUNNING);
        submit(c);
        assertThat(c.job(running.id)).isPresent();
    }

    @Test
    void minJobAgeComesFromPlugstackSlurmWithSlurmsDefault() {
        assertThat(SlurmConfig.of(java.util.Map.of()).minJobAge()).isEqualTo(300);
        assertThat(SlurmConfig.of(java.util.Map.of("MinJobAge", "2")).minJobAge()).isEqualTo(2);
        assertThat(SlurmConfig.of(java.util.Map.of("MinJobAge", "soon")).minJobAge()).isEqualTo(300);
    }

    @Test
    void aRefusedComponentCreatesNoJobAndItsMessageCarriesItsOffset() {
        Controller c = controller();
        JobDescriptor refused = new JobDescriptor();
        refused.setComment("refuse");
        SubmitRequest.Answer a = c.submit(request(new JobDescriptor(), refused));
        assertThat(a.ok()).isFalse();
        assertThat(a.rc()).isEqualTo(SlurmErrno.ESLURM_INVALID_ACCOUNT.code());
        assertThat(a.messages()).containsExactly("1: no, thanks");
        assertThat(c.jobInfos()).isEmpty();
    }

    @Test
    void theJobKeepsTheJobControlEnvironmentItWasSubmittedWith() {
        Controller c = controller();
        Map<String, String> env = new HashMap<>(Map.of("A", "1"));
        Job j = c.submit(new SubmitRequest(List.of(new JobDescriptor()), "sbatch", NO_STACK, env)).jobs().get(0);
        env.put("B", "2");
        assertThat(j.jobControlEnv).containsExactly(Map.entry("A", "1"));
    }

    @Test
    void anUpdateIsAppliedOnlyWhenTheChainAcceptsIt() {
        Controller c = controller();
        Job j = submit(c);
        JobDescriptor refused = new JobDescriptor();
        refused.setComment("refuse");
        assertThat(c.update(new UpdateRequest(j.id, refused, 0)).ok()).isFalse();
        assertThat(c.record(j.id).orElseThrow().comment()).isNull();
        JobDescriptor accepted = new JobDescriptor();
        accepted.setComment("ok");
        assertThat(c.update(new UpdateRequest(j.id, accepted, 0)).ok()).isTrue();
        assertThat(c.record(j.id).orElseThrow().comment()).isEqualTo("ok");
    }

    @Test
    void concurrentHeterogeneousSubmissionsEachGetConsecutiveIdsUnderTheirLeader() throws Exception {
        Controller c = controller();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<Job>>> submissions = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            submissions.add(pool.submit(() -> {
                start.await();
                return c.submit(request(new JobDescriptor(), new JobDescriptor(), new JobDescriptor())).jobs();
            }));
        }
        start.countDown();
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        for (Future<List<Job>> f : submissions) {
            List<Job> jobs = f.get(30, TimeUnit.SECONDS);
            long leader = jobs.get(0).id;
            for (int offset = 0; offset < 3; offset++) {
                assertThat(jobs.get(offset).id).isEqualTo(leader + offset);
                assertThat(jobs.get(offset).hetJobId).isEqualTo(leader);
                assertThat(jobs.get(offset).hetOffset).isEqualTo(offset);
                ids.add(jobs.get(offset).id);
            }
        }
        pool.shutdown();
        assertThat(ids).hasSize(1200);
    }

    @Test
    void concurrentStepsOfOneJobGetDistinctStepIds() throws Exception {
        Controller c = controller();
        Job j = submit(c);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        Set<Long> steps = ConcurrentHashMap.newKeySet();
        List<Future<?>> runs = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            runs.add(pool.submit(() -> {
                for (int i = 0; i < 1000; i++) {
                    steps.add(c.nextStepId(j));
                }
            }));
        }
        for (Future<?> f : runs) {
            f.get(30, TimeUnit.SECONDS);
        }
        pool.shutdown();
        assertThat(steps).hasSize(4000);
    }
}
