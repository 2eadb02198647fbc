package io.plugstack.runtime.bench.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import io.plugstack.api.slurm.NoVal;

/** time_str2mins' accepted forms. */
class SlurmTimeTest {

    @ParameterizedTest(name = "{0} = {1} min")
    @CsvSource({"10, 10", "10:30, 11", "10:00, 10", "1:00:00, 60", "2-0, 2880", "1-2, 1560", "1-2:30, 1590", "1-0:0:1, 1441"})
    void slurmTimeFormatsGiveMinutes(String text, long minutes) {
        assertThat(SlurmTime.minutes(text)).isEqualTo(minutes);
    }

    @Test
    void infiniteAndUnlimitedAreInfinite() {
        assertThat(SlurmTime.minutes("UNLIMITED")).isEqualTo(NoVal.INFINITE);
        assertThat(SlurmTime.minutes("infinite")).isEqualTo(NoVal.INFINITE);
    }

    @Test
    void malformedTimeIsAnError() {
        assertThatThrownBy(() -> SlurmTime.minutes("1h")).hasMessage("Invalid time limit specification");
    }

    @Test
    void beginNowPlusUnits() {
        assertThat(SlurmTime.epochSeconds("now+2hours", 1000)).isEqualTo(1000 + 7200);
        assertThat(SlurmTime.epochSeconds("now+30", 1000)).isEqualTo(1030);
    }
}
