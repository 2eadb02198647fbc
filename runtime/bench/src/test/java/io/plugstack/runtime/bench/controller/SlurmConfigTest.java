package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.slurm.SlurmLog;

/** plugstack.slurm's bad values are reported with the file (or configuration) they came from. */
class SlurmConfigTest {

    private final List<String> lines = new ArrayList<>();
    private final SlurmLog log = (level, message) -> lines.add(level + " " + message);

    @Test
    void badMinJobAgeNamesItsFile() {
        SlurmConfig c = SlurmConfig.of(Map.of("felix.fileinstall.filename", "file:/opt/plugstack/deploy/plugstack.slurm.cfg",
                "MinJobAge", "soon"), log);
        assertThat(c.minJobAge()).isEqualTo(SlurmConfig.MIN_JOB_AGE);
        assertThat(lines).containsExactly(
                "ERROR /opt/plugstack/deploy/plugstack.slurm.cfg: MinJobAge=soon is not a number; using 300");
    }

    @Test
    void configurationWithoutAFileIsNamedByItsPid() {
        SlurmConfig.of(Map.of("service.pid", "plugstack.slurm", "MinJobAge", "soon"), log);
        SlurmConfig.of(Map.of("MinJobAge", "later"), log);
        assertThat(lines).containsExactly("ERROR configuration plugstack.slurm: MinJobAge=soon is not a number; using 300",
                "ERROR configuration plugstack.slurm: MinJobAge=later is not a number; using 300");
    }
}
