package io.plugstack.api.slurm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SlurmCommandTest {

    @ParameterizedTest
    @CsvSource({"SALLOC, salloc", "SBATCH, sbatch", "SRUN, srun", "SCRONTAB, scrontab", "OTHER, other"})
    void commandTypeNamesAreThoseOfCli43(SlurmCommand c, String name) {
        assertEquals(name, c.slurmName());
        assertEquals(c, SlurmCommand.ofName(name).orElseThrow());
    }

    @ParameterizedTest
    @ValueSource(strings = {"SBATCH", "scrun", ""})
    void otherNamesAreNotCommandTypes(String name) {
        assertTrue(SlurmCommand.ofName(name).isEmpty());
    }
}
