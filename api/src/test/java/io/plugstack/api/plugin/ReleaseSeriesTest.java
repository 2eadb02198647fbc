package io.plugstack.api.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Slurm-Plugin-Releases: a range of release series, both ends included, micro releases ignored. */
class ReleaseSeriesTest {

    @ParameterizedTest
    @CsvSource({"22.05-25.11, 22.05.0, true", "22.05-25.11, 25.11.9, true", "22.05-25.11, 23.11.4, true",
        "22.05-25.11, 21.08.8, false", "22.05-25.11, 26.05.0, false", "25.11, 25.11.3, true", "25.11, 25.05.3, false"})
    void aSeriesHoldsEveryMicroReleaseOfIt(String range, String release, boolean contained) {
        assertThat(ReleaseSeries.parse(range).contains(SlurmVersion.parse(release))).isEqualTo(contained);
    }

    @Test
    void itIsWrittenBackAsTheHeaderWritesIt() {
        assertThat(ReleaseSeries.parse(" 22.05-25.11 ")).hasToString("22.05-25.11");
        assertThat(ReleaseSeries.parse("25.11")).hasToString("25.11");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "25", "22.05.8-25.11", "22.05-", "a.b-25.11", "22.05-23.02-25.11"})
    void aMalformedRangeIsRefusedNamingTheText(String text) {
        assertThatThrownBy(() -> ReleaseSeries.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("\"" + text + "\" is not a release series range major.minor-major.minor (e.g. 22.05-25.11)");
    }

    @Test
    void aBackwardsRangeIsRefused() {
        assertThatThrownBy(() -> ReleaseSeries.parse("25.11-22.05")).hasMessageContaining("backwards");
    }
}
