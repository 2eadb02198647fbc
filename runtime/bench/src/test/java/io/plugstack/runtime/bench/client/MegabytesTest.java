package io.plugstack.runtime.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** scontrol's memory sizes (convert_num_unit, exact): what a real 22.05 printed for --mem=1024 and --mem-per-cpu=1500. */
class MegabytesTest {

    @ParameterizedTest(name = "{0} MB is {1}")
    @CsvSource({"0,0", "1,1M", "1000,1000M", "1024,1G", "1500,1500M", "2048,2G", "1536,1536M", "1048576,1T", "1049600,1025G"})
    void aSizeGoesUpAUnitOnlyWhileItIsAnExactMultipleOf1024(long mb, String shown) {
        assertThat(FieldFormat.megabytes(mb)).isEqualTo(shown);
    }
}
