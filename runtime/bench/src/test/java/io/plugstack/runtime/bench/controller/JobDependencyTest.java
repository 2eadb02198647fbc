package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/** --dependency as a real 22.05.8 showed it in scontrol show job (Dependency= and Reason=), row by row. */
class JobDependencyTest {

    private final Map<Long, Job> jobs = new TreeMap<>();

    private Job job(long id, String name, String dependency) {
        JobDescriptor d = new JobDescriptor();
        d.setName(name);
        if (dependency != null) {
            d.setDependency(dependency);
        }
        Job j = new Job(id, d, "sbatch", new PlugstackConf.Result(List.of(), Optional.empty()), Map.of(), 0, 0);
        jobs.put(id, j);
        return j;
    }

    private static void ended(Job j, JobState state, int exitCode) {
        j.state = state;
        j.exitCode = exitCode;
    }

    private JobDependency.Status status(Job j) {
        return JobDependency.status(j, jobs);
    }

    @Test
    void aPendingDependeeLeavesTheElementUnfulfilled() {
        job(34, "a", null);
        assertThat(status(job(35, "b", "afterok:34"))).isEqualTo(new JobDependency.Status("afterok:34(unfulfilled)", JobDependency.State.UNFULFILLED));
    }

    @Test
    void afterokOnAFailedJobCanNeverHold() {
        ended(job(36, "f", null), JobState.FAILED, 1);
        assertThat(status(job(37, "c", "afterok:36"))).isEqualTo(new JobDependency.Status("afterok:36(failed)", JobDependency.State.FAILED));
        assertThat(status(job(38, "d", "afternotok:36"))).isEqualTo(JobDependency.Status.NONE);
    }

    @Test
    void afterokOnACompletedJobHolds() {
        ended(job(34, "a", null), JobState.COMPLETED, 0);
        assertThat(status(job(35, "b", "afterok:34")).state()).isEqualTo(JobDependency.State.SATISFIED);
    }

    @Test
    void eachJobOfAnElementIsShownAloneAndSatisfiedOnesAreDropped() {
        job(31, "a", null);
        ended(job(32, "b", null), JobState.COMPLETED, 0);
        assertThat(status(job(33, "c", "afterany:31:32,singleton")).shown()).isEqualTo("afterany:31(unfulfilled)");
    }

    @Test
    void oneAlternativeOfAQuestionMarkListSuffices() {
        job(41, "a", null);
        Job c = job(43, "c", null);
        Job e = job(44, "e", "afterok:41?afterany:43");
        assertThat(status(e).shown()).isEqualTo("afterok:41(unfulfilled)?afterany:43(unfulfilled)");
        ended(c, JobState.CANCELLED, 0);
        assertThat(status(e)).isEqualTo(JobDependency.Status.NONE);
    }

    @Test
    void afterHoldsOnceTheJobStartedOrWasCancelled() {
        Job a = job(41, "a", null);
        Job f = job(45, "f", "after:41");
        assertThat(status(f).shown()).isEqualTo("after:41(unfulfilled)");
        a.state = JobState.RUNNING;
        assertThat(status(f)).isEqualTo(JobDependency.Status.NONE);
    }

    @Test
    void singletonWaitsForTheEarlierJobOfTheSameUserAndName() {
        Job a = job(41, "same", null);
        Job b = job(42, "same", "singleton");
        assertThat(status(b).shown()).isEqualTo("singleton(unfulfilled)");
        ended(a, JobState.CANCELLED, 0);
        assertThat(status(b)).isEqualTo(JobDependency.Status.NONE);
    }

    @Test
    void aJobIdSlurmctldDoesNotKnowCountsAsDone() {
        assertThat(status(job(39, "x", "afterok:99999"))).isEqualTo(JobDependency.Status.NONE);
    }

    @Test
    void anUnknownTypeIsAJobDependencyProblem() {
        assertThatThrownBy(() -> JobDependency.parse("bogus:1")).hasMessage("2038");
        assertThatThrownBy(() -> JobDependency.parse("afterok:x")).hasMessage("2038");
    }
}
