package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.plugstack.api.plugin.SlurmVersion;

/** The slurm table's release rows: what an older Slurm's slurm_lua.c does not export (spec LUA-3, §0). */
class SlurmTableReleaseTest {

    @TempDir
    Path dir;
    LuaHarness lua;

    @BeforeEach
    void setUp() {
        lua = new LuaHarness(dir);
    }

    private String at(String release, String expr) {
        return lua.eval(SlurmVersion.parse(release), expr);
    }

    @ParameterizedTest
    @CsvSource({"22.05.8, nil", "23.02.0, 2066.0", "25.11.0, 2066.0"})
    void eslurmInvalidQosIsExportedFrom23_02On(String release, String value) {
        assertThat(at(release, "slurm.ESLURM_INVALID_QOS")).isEqualTo(value);
    }

    @Test
    void before23_02TheEightHandPickedCodesAndNoOtherErrnoNameAreExported() {
        assertThat(at("22.05.8", "slurm.ESLURM_ACCESS_DENIED .. ',' .. slurm.ESLURM_ACCOUNTING_POLICY .. ',' .. slurm.ESLURM_INVALID_ACCOUNT"
                + " .. ',' .. slurm.ESLURM_INVALID_LICENSES .. ',' .. slurm.ESLURM_INVALID_NODE_COUNT .. ',' .. slurm.ESLURM_INVALID_TIME_LIMIT"
                + " .. ',' .. slurm.ESLURM_JOB_MISSING_SIZE_SPECIFICATION .. ',' .. slurm.ESLURM_MISSING_TIME_LIMIT"))
                .isEqualTo("2002.0,2050.0,2045.0,2048.0,2006.0,2051.0,2008.0,8000.0");
        assertThat(at("22.05.8", "slurm.SUCCESS .. ' ' .. slurm.ERROR .. ' ' .. tostring(slurm.SLURM_SUCCESS) .. ' '"
                + " .. tostring(slurm.ESPANK_ERROR) .. ' ' .. tostring(slurm.ESLURM_INVALID_PARTITION_NAME)"))
                .isEqualTo("0.0 -1.0 nil nil nil");
    }

    @ParameterizedTest
    @CsvSource({"24.05.8, nil", "24.11.0, 100.0", "25.11.0, 100.0"})
    void getQosPriorityExistsFrom24_11On(String release, String value) {
        assertThat(at(release, "slurm.get_qos_priority and slurm.get_qos_priority('high')")).isEqualTo(value);
    }
}
