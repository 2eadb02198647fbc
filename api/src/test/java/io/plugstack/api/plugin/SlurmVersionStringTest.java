package io.plugstack.api.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** SLURM_VERSION_STRING as slurm.m4 writes it, read the same way wherever a running Slurm says its release. */
class SlurmVersionStringTest {

    @Test
    void aReleaseReadsAsItsThreeParts() {
        assertThat(SlurmVersion.ofVersionString("22.05.8")).hasValue(new SlurmVersion(22, 5, 8));
        assertThat(SlurmVersion.ofVersionString(" 24.11.5\n")).hasValue(new SlurmVersion(24, 11, 5));
    }

    @Test
    void aPreReleaseReadsAsTheReleaseItPrecedes() {
        assertThat(SlurmVersion.ofVersionString("23.11.0-0rc1")).hasValue(new SlurmVersion(23, 11, 0));
        assertThat(SlurmVersion.ofVersionString("25.05.0-0pre1")).hasValue(new SlurmVersion(25, 5, 0));
    }

    @Test
    void anUnstableBuildReadsAsItsSeries() {
        assertThat(SlurmVersion.ofVersionString("23.11 (unstable svn build 202305021230)")).hasValue(new SlurmVersion(23, 11, 0));
    }

    @Test
    void anythingElseIsNoRelease() {
        assertThat(SlurmVersion.ofVersionString(null)).isEmpty();
        assertThat(SlurmVersion.ofVersionString("soon")).isEmpty();
        assertThat(SlurmVersion.ofVersionString("unknown")).isEmpty();
        assertThat(SlurmVersion.ofVersionString("22.05")).isEmpty();
        assertThat(SlurmVersion.ofVersionString("22.05.8x")).isEmpty();
        assertThat(SlurmVersion.ofVersionString("22.05.8 ")).hasValue(new SlurmVersion(22, 5, 8));
        assertThat(SlurmVersion.ofVersionString("slurm 22.05.8")).isEmpty();
        assertThat(SlurmVersion.ofVersionString("22.05.8\nplugstack: forged")).isEmpty();
        assertThat(SlurmVersion.ofVersionString("300.05.8")).isEmpty();
    }
}
