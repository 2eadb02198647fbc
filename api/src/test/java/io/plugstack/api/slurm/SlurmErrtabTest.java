package io.plugstack.api.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.plugstack.api.plugin.SlurmVersion;

/** Each series' slurm_errtab, and SlurmErrno agreeing with it. */
class SlurmErrtabTest {

    @ParameterizedTest
    @ValueSource(strings = {"23.02.0", "23.11.0", "24.05.0", "24.11.5", "25.05.0", "25.11.0", "26.05.0"})
    void everySeriesFrom23_02HasItsTableNamingTheReleaseItWasTakenFrom(String release) {
        SlurmVersion v = SlurmVersion.parse(release);
        SlurmErrtab t = SlurmErrtab.of(v).orElseThrow();
        assertThat(t.source()).startsWith("slurm_errtab of Slurm " + v.series() + ".");
        assertThat(t.entries().get(0)).isEqualTo(new SlurmErrtab.Entry(0, "SLURM_SUCCESS", "No error"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05.8", "26.11.0"})
    void aSeriesWithoutNamedEntriesOrWithNoTableHereHasNone(String release) {
        assertThat(SlurmErrtab.of(SlurmVersion.parse(release))).isEmpty();
    }

    /**
     * Texts SlurmErrno does not give at a release (its texts are one release's): 23.02's typo, fixed in
     * 23.11; 25.11's longer ENOMEM text.
     */
    private static final Set<String> TEXT_AT_RELEASE = Set.of("23.02 ESLURM_PLUGIN_NOT_LOADED", "25.11 ESLURM_LUA_FUNC_FAILED_ENOMEM");

    @ParameterizedTest
    @ValueSource(strings = {"23.02.0", "23.11.0", "24.05.0", "24.11.5", "25.05.0", "25.11.0", "26.05.0"})
    void everySlurmErrnoATableNamesHasItsNumberAndText(String release) {
        Map<String, SlurmErrtab.Entry> byName = SlurmErrtab.of(SlurmVersion.parse(release)).orElseThrow().entries().stream()
                .collect(Collectors.toMap(SlurmErrtab.Entry::name, e -> e, (a, b) -> a));
        for (SlurmErrno e : SlurmErrno.values()) {
            SlurmErrtab.Entry entry = byName.get(e.name());
            if (entry != null) {
                assertThat(entry.number()).as("%s at %s", e, release).isEqualTo(e.code());
                if (!TEXT_AT_RELEASE.contains(SlurmVersion.parse(release).series() + " " + e.name())) {
                    assertThat(entry.text()).as("%s at %s", e, release).isEqualTo(e.message());
                }
            }
        }
    }

    /** slurm_strerror at a release: the series' table first (7015 is 26.05.5's), then SlurmErrno's rule. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "26.05.5 | 7015 | Usage rollup or archive in progress, retry later",
        "26.05.5 | -1 | Unspecified error",
        "25.11.0 | -3000 | Unknown negative error number",
        "22.05.8 | 2 | No such file or directory"})
    void strerrorAtAReleaseIsItsTablesTextElseSlurmErrnos(String release, int code, String text) {
        assertThat(SlurmErrtab.strerror(SlurmVersion.parse(release), code)).isEqualTo(text);
    }
}
