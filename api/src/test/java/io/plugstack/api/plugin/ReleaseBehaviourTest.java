package io.plugstack.api.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The release table, row by row: each behaviour starts at the release the spec's version map names. */
class ReleaseBehaviourTest {

    @ParameterizedTest(name = "{0} since {1}")
    @CsvSource({
        "SPANK_PREPEND_TASK_ARGV, 23.11.0, 23.02.7",
        "SPANK_INIT_FAILURE_MODE, 25.05.0, 24.11.6",
        "SPANK_CALLERS_FAIL_ON_ANY_NONZERO, 25.05.0, 24.11.6",
        "SPANK_STEP_FAILURE_FAILS_COMMAND, 23.11.0, 23.02.7",
        "LUA_EXPORTS_EVERY_ERRNO_NAME, 23.02.0, 22.05.8",
        "LUA_LOG_USER_IN_JOB_MODIFY, 23.02.0, 22.05.8",
        "LUA_QOS_PRIORITY, 24.11.0, 24.05.8",
        "CLI_FILTER_NONE_REMOVED, 23.11.0, 23.02.7",
        "CLI_FILTER_LUA_PATH_PARAMETER, 25.11.0, 25.05.3",
        "JOB_SUBMIT_LUA_REJECTS_RUNTIME_ERRORS, 26.05.0, 25.11.0",
        "GRES_TRES_SLASH_FORM, 23.02.0, 22.05.8",
        "JOB_DESC_SEGMENT_SIZE, 25.11.2, 25.11.1",
        "JOB_DESC_CORE_SPEC, 26.05.0, 25.11.7",
        "LUA_SERIALIZERS, 26.05.0, 25.11.7",
        "SLURMSTEPD_USER_ERRORS_TIMESTAMPED, 26.05.0, 24.11.5",
    })
    void eachBehaviourHoldsFromItsFirstReleaseOn(ReleaseBehaviour row, String first, String before) {
        assertThat(row.at(SlurmVersion.parse(first))).isTrue();
        assertThat(row.at(SlurmVersion.parse(before))).isFalse();
        assertThat(row.since()).isEqualTo(SlurmVersion.parse(first));
    }

    @ParameterizedTest
    @EnumSource(ReleaseBehaviour.class)
    void everyRowNamesItsSource(ReleaseBehaviour row) {
        assertThat(row.source()).isNotBlank();
    }

    @ParameterizedTest
    @CsvSource({"22.05.8, true", "23.02.1, true", "23.11.0, true", "24.05.4, true", "24.11.2, true", "25.05.1, true",
        "25.11.0, true", "26.05.5, true", "21.08.8, false", "26.11.0, false"})
    void theSupportedSeriesAre22_05To26_05(String release, boolean supported) {
        assertThat(ReleaseBehaviour.supported(SlurmVersion.parse(release))).isEqualTo(supported);
    }

    @ParameterizedTest
    @CsvSource({"21.08.8, '21.08.8 is not a release Plugstack can play'", "26.11.0, '26.11.0 is not a release Plugstack can play'",
        "25.11, '\"25.11\" is not major.minor.micro'"})
    void aReleaseOutsideTheSupportedSeriesIsRefusedInOneLineNamingTheSetting(String release, String why) {
        assertThatThrownBy(() -> ReleaseBehaviour.playable("plugstack.slurm.release", release))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("plugstack.slurm.release: ").hasMessageContaining(why)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThat(ReleaseBehaviour.playable("plugstack.slurm.release", "22.05.8")).isEqualTo(SlurmVersion.parse("22.05.8"));
    }

    @org.junit.jupiter.api.Test
    void theShippedPluginsAreWrittenForExactlyTheSupportedSeries() {
        ReleaseSeries shipped = ReleaseSeries.parse(SlurmRelease.SHIPPED_SERIES);
        for (String series : ReleaseBehaviour.SUPPORTED_SERIES) {
            assertThat(shipped.contains(SlurmVersion.parse(series + ".0"))).as(series).isTrue();
        }
        assertThat(shipped.toString()).isEqualTo(ReleaseBehaviour.SUPPORTED_SERIES.get(0) + "-"
                + ReleaseBehaviour.SUPPORTED_SERIES.get(ReleaseBehaviour.SUPPORTED_SERIES.size() - 1));
    }

    @ParameterizedTest
    @CsvSource(value = {"22.05.8, 22.05.8", "'', BUILT_FOR", "NULL, BUILT_FOR"}, nullValues = "NULL")
    void theRunningReleaseIsThePropertyElseTheBuiltForRelease(String property, String expected) {
        assertThat(SlurmVersion.running(k -> SlurmVersion.RELEASE_PROPERTY.equals(k) ? property : null))
                .isEqualTo(SlurmVersion.parse(expected.equals("BUILT_FOR") ? SlurmRelease.BUILT_FOR : expected));
    }
}
