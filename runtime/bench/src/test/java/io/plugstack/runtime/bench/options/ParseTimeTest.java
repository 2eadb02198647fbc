package io.plugstack.runtime.bench.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.OptionalLong;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Slurm 22.05's parse_time, row by row: what --begin accepts and what it gives, at a fixed "now". */
class ParseTimeTest {

    private static final ZoneId ZONE = ZoneId.of("Europe/Stockholm");
    /** Saturday 2026-11-28 14:30:15 local time. */
    private static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 28, 14, 30, 15);

    private static long epoch(LocalDateTime t) {
        return t.atZone(ZONE).toEpochSecond();
    }

    private static OptionalLong parse(String text) {
        return ParseTime.parse(text, epoch(NOW), ZONE, false);
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', value = {
        "now                    | 2026-11-28T14:30:15",
        "now+1hour              | 2026-11-28T15:30:15",
        "now+1hours             | 2026-11-28T15:30:15",
        "NOW+90                 | 2026-11-28T14:31:45",
        "now + 2 days           | 2026-11-30T14:30:15",
        "now+1week              | 2026-12-05T14:30:15",
        "now-30minutes          | 2026-11-28T14:00:15",
        "16:00                  | 2026-11-28T16:00",
        "14:00                  | 2026-11-29T14:00",
        "4:05:06pm              | 2026-11-28T16:05:06",
        "12:00am                | 2026-11-29T00:00",
        "tomorrow               | 2026-11-29T00:00",
        "today                  | 2026-11-28T00:00",
        "midnight               | 2026-11-29T00:00",
        "noon                   | 2026-11-29T12:00",
        "fika                   | 2026-11-28T15:00",
        "teatime                | 2026-11-28T16:00",
        "tomorrow 10:00         | 2026-11-29T10:00",
        "2026-12-24             | 2026-12-24T00:00",
        "2026-12-24T18:30       | 2026-12-24T18:30",
        "2026-12-24T18:30:05    | 2026-12-24T18:30:05",
        "1224                   | 2026-12-24T00:00",
        "12/24                  | 2026-12-24T00:00",
        "0105                   | 2027-01-05T00:00",
        "12/24/27               | 2027-12-24T00:00",
        "11/31                  | 2026-12-01T00:00",
    })
    void aTimeSlurmAcceptsGivesWhatSlurmGives(String text, String expected) {
        assertThat(parse(text)).hasValue(epoch(LocalDateTime.parse(expected)));
    }

    @ParameterizedTest(name = "{0} is invalid")
    @CsvSource(delimiter = '|', value = {"now+1h", "now+", "now+hour", "nowish", "25:00", "16:60", "13:00pm", "1324", "12/32",
        "2026-13-01", "soon", "uts123", "16"})
    void aTimeSlurmRefusesIsInvalid(String text) {
        assertThat(parse(text)).isEmpty();
    }

    @ParameterizedTest(name = "\"{0}\" specifies nothing")
    @CsvSource(delimiter = '|', value = {"''", "' '", "'-'"})
    void nothingSpecifiedIsSlurmsZero(String text) {
        assertThat(parse(text)).hasValue(0);
    }

    @ParameterizedTest(name = "{0} is epoch {0}")
    @CsvSource({"uts1700000000"})
    void utsIsTheEpochAsGiven(String text) {
        assertThat(parse(text)).hasValue(1700000000L);
    }
}
