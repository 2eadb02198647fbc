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

    /** A name is exported at the releases whose errtab has it: ESLURM_AUTH_EXPIRED came in 24.11, ESLURM_JOB_SETTING_DB_INX went. */
    @ParameterizedTest
    @CsvSource({"24.05.8, ESLURM_AUTH_EXPIRED, nil", "24.11.5, ESLURM_AUTH_EXPIRED, number",
        "24.05.8, ESLURM_JOB_SETTING_DB_INX, number", "24.11.5, ESLURM_JOB_SETTING_DB_INX, nil"})
    void anErrnoNameIsExportedAtTheReleasesWhoseErrtabHasIt(String release, String name, String type) {
        assertThat(at(release, "type(slurm." + name + ")")).isEqualTo(type);
    }

    /** Every entry of the release's slurm_errtab (298 at 24.11.5, 354 at 25.11.7), as slurm_lua.c's loop exports them. */
    @ParameterizedTest
    @CsvSource({"24.11.5, 298", "25.11.0, 354"})
    void everyEntryOfTheReleasesErrtabIsANumberInTheSlurmTable(String release, int entries) {
        assertThat(at(release, "(function() local n = 0 for k, v in pairs(slurm) do"
                + " if type(v) == 'number' and k ~= 'ERROR' and k ~= 'EXPEDITED_REQUEUE' and (k:match('^E') or k:match('^SLURM')) then n = n + 1 end end"
                + " return n end)()")).isIn(entries + ".0", Integer.toString(entries));
    }

    /** The job flags slurm_lua.c added: GRES sharing in 23.11, STEPMGR_ENABLED in 24.05, segments and requeue in 25.11. */
    @ParameterizedTest
    @CsvSource({"23.02.8, GRES_ALLOW_TASK_SHARING, nil", "23.11.0, GRES_ALLOW_TASK_SHARING, 1099511627776",
        "23.11.0, STEPMGR_ENABLED, nil", "24.05.0, STEPMGR_ENABLED, 2199023255552",
        "25.05.8, EXPEDITED_REQUEUE, nil", "25.11.0, EXPEDITED_REQUEUE, 35184372088832"})
    void aJobFlagIsInTheTableFromTheReleaseThatAddedIt(String release, String name, String value) {
        assertThat(at(release, "slurm." + name + " and string.format('%.0f', slurm." + name + ")")).isEqualTo(value);
    }

    @ParameterizedTest
    @CsvSource({"24.05.8, nil", "24.11.0, 100.0", "25.11.0, 100.0"})
    void getQosPriorityExistsFrom24_11On(String release, String value) {
        assertThat(at(release, "slurm.get_qos_priority and slurm.get_qos_priority('high')")).isEqualTo(value);
    }

    /** to_json, from_json, to_yaml and from_yaml came with 26.05 (slurm_lua.c, 6fe0092aa0): LUA_SERIALIZERS. */
    @ParameterizedTest
    @CsvSource({"25.11.7, nil nil nil nil", "26.05.0, function function function function", "26.05.3, function function function function"})
    void theSerializerFunctionsExistFrom26_05On(String release, String types) {
        assertThat(at(release, "type(slurm.to_json) .. ' ' .. type(slurm.from_json) .. ' ' .. type(slurm.to_yaml) .. ' ' .. type(slurm.from_yaml)"))
                .isEqualTo(types);
    }
}
