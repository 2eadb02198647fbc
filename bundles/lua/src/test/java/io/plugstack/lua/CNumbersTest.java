package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** glibc's number texts as Slurm's serializers print them (values from printf on glibc 2.36). */
class CNumbersTest {

    @ParameterizedTest
    @CsvSource({"0.1, 0.10000000000000001", "1.5, 1.5", "3.0, 3.0", "-0.0, -0.0", "100000000000000000.0, 1e+17",
        "12345678901234567.0, 12345678901234568.0", "0.0001, 0.0001", "0.00001, 1.0000000000000001e-05", "2.5e-310, 2.5000000000000171e-310"})
    void jsonDoublesArePercent17gWithAPointAdded(double v, String text) {
        assertThat(CNumbers.jsonDouble(v)).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource({"2.5, 2.500000", "0.0000005, 0.000000", "0.0000015, 0.000002", "-1e-9, -0.000000", "1e20, 100000000000000000000.000000"})
    void yamlFloatsArePercentLf(double v, String text) {
        assertThat(CNumbers.lf(v)).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource({"12, 12", "' 7', 7", "-1, -1", "1abc, 1", "abc, 0", "99999999999999999999, -1"})
    void strtoulReadsWhatSlurmAtoulReads(String s, long v) {
        assertThat(CNumbers.strtoul(s)).isEqualTo(v);
    }
}
