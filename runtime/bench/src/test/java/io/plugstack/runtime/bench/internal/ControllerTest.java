package io.plugstack.runtime.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/** slurmctld's job records: ids and MinJobAge purging. */
class ControllerTest {

    static final PlugstackConf.Result NO_STACK = new PlugstackConf.Result(List.of(), Optional.empty());

    @Test
    void aFinishedJobOlderThanMinJobAgeIsPurgedAtTheNextSubmission() {
        Controller c = new Controller("node1");
        c.minJobAge(0);
        Job first = c.allocate(new JobDescriptor(), "srun", NO_STACK);
        c.finish(first, JobState.COMPLETED, 0, "");
        c.allocate(new JobDescriptor(), "srun", NO_STACK);
        assertThat(c.job(first.id)).isEmpty();
        assertThat(c.views()).hasSize(1);
    }

    @Test
    void aFinishedJobYoungerThanMinJobAgeStaysVisible() {
        Controller c = new Controller("node1");
        Job first = c.allocate(new JobDescriptor(), "srun", NO_STACK);
        c.finish(first, JobState.COMPLETED, 0, "");
        c.allocate(new JobDescriptor(), "srun", NO_STACK);
        assertThat(c.job(first.id)).isPresent();
    }

    @Test
    void aRunningJobIsNeverPurged() {
        Controller c = new Controller("node1");
        c.minJobAge(0);
        Job running = c.allocate(new JobDescriptor(), "srun", NO_STACK);
        c.state(running, JobState.RUNNING);
        c.allocate(new JobDescriptor(), "srun", NO_STACK);
        assertThat(c.job(running.id)).isPresent();
    }

    @Test
    void minJobAgeComesFromPlugstackSlurmWithSlurmsDefault() {
        assertThat(SlurmConfig.of(java.util.Map.of()).minJobAge()).isEqualTo(300);
        assertThat(SlurmConfig.of(java.util.Map.of("MinJobAge", "2")).minJobAge()).isEqualTo(2);
        assertThat(SlurmConfig.of(java.util.Map.of("MinJobAge", "soon")).minJobAge()).isEqualTo(300);
    }
}
