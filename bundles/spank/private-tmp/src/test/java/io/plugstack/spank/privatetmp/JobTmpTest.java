package io.plugstack.spank.privatetmp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class JobTmpTest {

    static final Path HOME_RECORDS = Path.of("/opt/plugstack/data/private-tmp");

    @Test
    void directoryIsSlurmJobIdUnderBase() {
        assertThat(JobTmp.of(List.of("base=/scratch"), 42, HOME_RECORDS).directory()).isEqualTo(Path.of("/scratch/slurm-42"));
    }

    @Test
    void withoutBaseTheDirectoryIsInTheHomesOwnDataFolderSoHomesNeverShareOne() {
        assertThat(JobTmp.of(List.of(), 7, HOME_RECORDS)).isEqualTo(new JobTmp(Path.of("/opt/plugstack/data/tmp"), 7, HOME_RECORDS, true));
        assertThat(JobTmp.of(List.of("base=/tmp"), 7, HOME_RECORDS).homeBase()).isFalse();
    }

    @Test
    void outsideARuntimeTheBaseIsTmp() {
        assertThat(JobTmp.of(List.of("records=/var/lib/private-tmp"), 7, null).base()).isEqualTo(Path.of("/tmp"));
    }

    @Test
    void recordsAreTheHomesUnlessGiven() {
        assertThat(JobTmp.of(List.of("records=/var/lib/private-tmp"), 7, HOME_RECORDS).records()).isEqualTo(Path.of("/var/lib/private-tmp"));
        assertThat(JobTmp.of(List.of("records=/var/lib/private-tmp"), 7, null).records()).isEqualTo(Path.of("/var/lib/private-tmp"));
    }

    @Test
    void relativeBaseIsRefused() {
        assertThatThrownBy(() -> JobTmp.of(List.of("base=tmp"), 1, HOME_RECORDS)).hasMessageContaining("must be an absolute path");
    }

    @Test
    void relativeRecordsAreRefused() {
        assertThatThrownBy(() -> JobTmp.of(List.of("records=data"), 1, HOME_RECORDS)).hasMessage("records=data must be an absolute path");
    }

    @Test
    void unknownArgumentIsRefused() {
        assertThatThrownBy(() -> JobTmp.of(List.of("size=1G"), 1, HOME_RECORDS)).hasMessageContaining("unknown argument");
    }
}
