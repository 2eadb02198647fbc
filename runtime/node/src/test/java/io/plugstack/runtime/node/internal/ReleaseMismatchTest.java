package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.api.plugin.SlurmVersion;

/** A runtime playing another Slurm than the one calling it says so, once per caller release. */
class ReleaseMismatchTest {

    final CapturedLog captured = new CapturedLog();
    final ReleaseMismatch check = new ReleaseMismatch(SlurmVersion.parse("25.11.0"), captured.log);

    @Test
    void anotherSeriesIsSaidOnce() {
        for (int i = 0; i < 3; i++) {
            check.caller(SlurmVersion.parse("22.05.8"));
        }
        assertThat(captured.lines).hasSize(1).allMatch(l -> l.contains("Slurm 22.05.8, but the runtime plays 25.11.0"));
    }

    @Test
    void aSlurmctldOfThePlayedSeriesIsSaidOnceAtInfo() {
        check.slurmctld(SlurmVersion.parse("25.11.2"));
        check.slurmctld(SlurmVersion.parse("25.11.2"));
        assertThat(captured.lines).singleElement().satisfies(l -> assertThat(l)
                .contains("node: job_submit/plugstack of a Slurm 25.11.2 slurmctld connected; the runtime plays 25.11.0"));
    }

    @Test
    void theSameSeriesIsNoMismatch() {
        check.caller(SlurmVersion.parse("25.11.3"));
        assertThat(captured.lines).isEmpty();
    }
}
