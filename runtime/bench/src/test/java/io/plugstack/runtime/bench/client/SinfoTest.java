package io.plugstack.runtime.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.runtime.bench.controller.JobState;

/** sinfo in Slurm's layout and with its common options; expected lines as a real 22.05.8 sinfo prints them. */
class SinfoTest {

    private final QueryFixture f = new QueryFixture();

    private QueryFixture.Output sinfo(String... args) {
        return QueryFixture.run((a, io) -> Sinfo.run(f.controller, a, io), args);
    }

    @Test
    void theDefaultLayoutIsOneLinePerPartitionInSlurmsColumns() {
        assertThat(sinfo().out()).isEqualTo("PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST\n"
                + "debug*       up   infinite      1   idle node1\n"
                + "long         up 2-00:00:00      1   idle node1\n");
    }

    @Test
    void theNodeIsAllocatedWhenJobsHoldAllItsCpusAndMixedWhenSome() {
        f.controller.state(f.submit("one", null, 1, 0), JobState.RUNNING);
        assertThat(sinfo("-h", "-o", "%t %T %C").out()).isEqualTo("mix mixed 1/1/0/2\nmix mixed 1/1/0/2\n");
        f.controller.state(f.submit("two", null, 1, 0), JobState.RUNNING);
        assertThat(sinfo("-h", "-p", "long", "-o", "%t %T %C").out()).isEqualTo("alloc allocated 2/0/0/2\n");
    }

    @Test
    void aDrainedNodeIsListedWithItsReasonByDashR() {
        f.controller.drain("spank: job_prolog failed for job 7");
        assertThat(sinfo("-h", "-p", "debug").out()).isEqualTo("debug*       up   infinite      1  drain node1\n");
        assertThat(sinfo("-R").out().lines().toList()).hasSize(2).first().asString()
                .isEqualTo("REASON               USER      TIMESTAMP           NODELIST");
        assertThat(sinfo("-R", "-h", "-o", "%E|%N").out()).isEqualTo("spank: job_prolog failed for job 7|node1\n");
    }

    @Test
    void stateFilterShowsThePartitionWithoutTheNodeWhenItDoesNotMatch() {
        assertThat(sinfo("-t", "alloc", "-p", "debug").out()).isEqualTo("PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST\n"
                + "debug*       up   infinite      0    n/a \n");
        assertThat(sinfo("-t", "idle", "-h", "-p", "debug").out()).isEqualTo("debug*       up   infinite      1   idle node1\n");
    }

    @Test
    void badArgumentsGetSinfosOwnMessages() {
        assertThat(sinfo("-t", "bogus").err()).startsWith("sinfo: error: Bad state string: \"bogus\"\n");
        assertThat(sinfo("-x")).isEqualTo(new QueryFixture.Output("",
                "sinfo: invalid option -- 'x'\nTry \"sinfo --help\" for more information\n", 1));
    }
}
