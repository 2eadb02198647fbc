package io.plugstack.testkit.clifilter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.api.slurm.SlurmCommand;

class FakeCliOptionsTest {

    @Test
    void anUnknownOptionOrAnInvalidValueIsRefusedAndChangesNothing() {
        FakeCliOptions o = new FakeCliOptions(SlurmCommand.SBATCH);
        assertThat(o.set("no-such-option", "1")).isFalse();
        assertThat(o.set("mem", "lots")).isFalse();
        assertThat(o.setOptions()).isEmpty();
        assertThat(o.sets()).isEmpty();
    }

    @Test
    void aValidSetIsRecordedAndReadBack() {
        FakeCliOptions o = new FakeCliOptions(SlurmCommand.SRUN);
        assertThat(o.set("mem", "4G")).isTrue();
        assertThat(o.get("mem")).contains("4G");
        assertThat(o.sets()).containsExactly("mem=4G");
    }

    @Test
    void anOptionSetWithoutValueIsSetButGivesNothing() {
        FakeCliOptions o = new FakeCliOptions(SlurmCommand.SALLOC).setWithoutValue("time");
        assertThat(o.isSet("time")).isTrue();
        assertThat(o.get("time")).isEmpty();
    }
}
