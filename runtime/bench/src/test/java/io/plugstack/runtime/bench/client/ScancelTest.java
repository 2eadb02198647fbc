package io.plugstack.runtime.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.runtime.bench.controller.JobState;

/** scancel's job selection: by id, or by -n, -u, -p, -t (pending ones here: a running one needs the node), and its messages. */
class ScancelTest {

    private final QueryFixture f = new QueryFixture();

    private QueryFixture.Output scancel(String... args) {
        return QueryFixture.run((a, io) -> Scancel.run(f.cluster, a, io, Runnable::run), args);
    }

    private JobState state(long id) {
        return f.controller.info(id).orElseThrow().state();
    }

    @Test
    void jobsAreSelectedByNamePartitionUserAndState() {
        long a = f.submit("a", null, 0, 0).id;
        long b = f.submit("b", "long", 0, 0).id;
        long c = f.submit("c", null, 0, 12345).id;
        assertThat(scancel("-n", "a").rc()).isZero();
        assertThat(state(a)).isEqualTo(JobState.CANCELLED);
        assertThat(scancel("--partition=long", "-t", "PENDING").rc()).isZero();
        assertThat(state(b)).isEqualTo(JobState.CANCELLED);
        assertThat(scancel("-u", "12345", "-t", "R").rc()).isZero();
        assertThat(state(c)).as("-t R leaves a pending job alone").isEqualTo(JobState.PENDING);
        assertThat(scancel("-v", "-u", "12345").err()).isEqualTo("scancel: Terminating job " + c + "\n");
        assertThat(state(c)).isEqualTo(JobState.CANCELLED);
    }

    @Test
    void anIdTheFiltersDoNotSelectIsLeftAlone() {
        long a = f.submit("a", null, 0, 0).id;
        assertThat(scancel("-n", "other", String.valueOf(a)).rc()).isZero();
        assertThat(state(a)).isEqualTo(JobState.PENDING);
    }

    @Test
    void badArgumentsGetScancelsOwnMessages() {
        assertThat(scancel().err()).isEqualTo("scancel: error: No job identification provided\n");
        assertThat(scancel("abc").err()).isEqualTo("scancel: error: Invalid job id abc\n");
        assertThat(scancel("-t", "bogus").err())
                .isEqualTo("Invalid job state specified: bogus\nValid job states are PENDING, RUNNING, and SUSPENDED\n");
        assertThat(scancel("-u", "nobody9").err()).isEqualTo("scancel: error: Invalid user name: nobody9\n");
        assertThat(scancel("--signal=USR1", "1").err()).startsWith("scancel: unrecognized option '--signal=USR1'\n");
    }
}
