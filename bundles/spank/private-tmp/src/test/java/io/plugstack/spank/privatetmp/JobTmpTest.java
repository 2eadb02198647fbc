package io.plugstack.spank.privatetmp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class JobTmpTest {

    @Test
    void directoryIsSlurmJobIdUnderBase() {
        assertThat(JobTmp.of(List.of("base=/scratch"), 42).directory()).isEqualTo(Path.of("/scratch/slurm-42"));
        assertThat(JobTmp.of(List.of(), 7)).isEqualTo(new JobTmp(Path.of("/tmp"), "slurm-7"));
    }

    @Test
    void relativeBaseIsRefused() {
        assertThatThrownBy(() -> JobTmp.of(List.of("base=tmp"), 1)).hasMessageContaining("must be an absolute path");
    }

    @Test
    void unknownArgumentIsRefused() {
        assertThatThrownBy(() -> JobTmp.of(List.of("size=1G"), 1)).hasMessageContaining("unknown argument");
    }
}
