package io.plugstack.api.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Each family's call time limit: one property and one default per family, read as every part of the runtime reads a number. */
class CallTimeoutTest {

    @ParameterizedTest
    @CsvSource({"SPANK, plugstack.spank.call.timeout.ms, 8000", "JOB_SUBMIT, plugstack.jobsubmit.call.timeout.ms, 2000",
            "CLI_FILTER, plugstack.clifilter.call.timeout.ms, 2000"})
    void eachFamilyHasItsCallTimeoutPropertyAndDefault(PluginFamily family, String property, long defaultMs) {
        assertThat(family.callTimeoutProperty()).isEqualTo(property);
        assertThat(family.defaultCallTimeoutMs()).isEqualTo(defaultMs);
    }

    @Test
    void aWholeNumberPropertyIsReadAndAMalformedOneIsToldByNameAndTheFallbackUsed() {
        List<String> told = new ArrayList<>();
        Map<String, String> p = Map.of("a", " 250 ", "b", "-1", "c", "soon");
        assertThat(FrameworkProperty.wholeNumber(p::get, "a", 9, told::add)).isEqualTo(250);
        assertThat(FrameworkProperty.wholeNumber(p::get, "absent", 9, told::add)).isEqualTo(9);
        assertThat(FrameworkProperty.wholeNumber(p::get, "b", 9, told::add)).isEqualTo(9);
        assertThat(FrameworkProperty.wholeNumber(p::get, "c", 9, told::add)).isEqualTo(9);
        assertThat(told).containsExactly("framework property b=-1 is not a whole number >= 0; using 9",
                "framework property c=soon is not a whole number >= 0; using 9");
    }
}
