package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The common slurm table (LUA-3) as Slurm 25.11 builds it, every function and kind of constant. */
class SlurmTableTest {

    @TempDir
    Path dir;
    LuaHarness lua;

    @BeforeEach
    void setUp() {
        lua = new LuaHarness(dir);
    }

    @Test
    void successErrorAndFailure() {
        assertThat(lua.eval("slurm.SUCCESS .. ' ' .. slurm.ERROR .. ' ' .. slurm.FAILURE")).isEqualTo("0.0 -1.0 -1.0");
    }

    @Test
    void sentinelsAreNumbersAsSlurmPushesThem() {
        assertThat(lua.eval("slurm.NO_VAL .. ' ' .. slurm.NO_VAL16 .. ' ' .. slurm.NO_VAL8"))
                .isEqualTo("4294967294.0 65534.0 254.0");
    }

    @Test
    void noVal64IsADouble() {
        assertThat(lua.eval("slurm.NO_VAL64 == 2^64 - 2 and math.type(slurm.NO_VAL64)")).isEqualTo("float");
    }

    @Test
    void everyErrnoIsExportedByName() {
        assertThat(lua.eval("slurm.ESLURM_INVALID_PARTITION_NAME .. ',' .. slurm.ESLURM_MISSING_TIME_LIMIT .. ','"
                + " .. slurm.ESPANK_ERROR .. ',' .. slurm.SLURM_SUCCESS .. ',' .. slurm.EINPROGRESS"))
                .isEqualTo("2000.0,8000.0,3000.0,0.0,115.0");
    }

    @Test
    void misspelledMailConstantExistsAndTheCorrectSpellingDoesNot() {
        assertThat(lua.eval("slurm.MAIL_JOB_TIME890 .. ' ' .. tostring(slurm.MAIL_JOB_TIME90)")).isEqualTo("32.0 nil");
    }

    @Test
    void memPerCpuAndNiceOffset() {
        assertThat(lua.eval("slurm.MEM_PER_CPU == 2^63 and slurm.NICE_OFFSET == 2^31")).isEqualTo("true");
    }

    @Test
    void clusterName() {
        assertThat(lua.eval("slurm.CLUSTER_NAME")).isEqualTo("tux");
    }

    @Test
    void timeStr2MinsParsesSlurmTimeStrings() {
        assertThat(lua.eval("slurm.time_str2mins('1-02:03:04') .. ' ' .. slurm.time_str2mins('90')")).isEqualTo("1564.0 90.0");
    }

    @Test
    void timeStr2MinsOfGarbageIsNegative() {
        assertThat(lua.eval("slurm.time_str2mins('soon') < 0")).isEqualTo("true");
    }

    @Test
    void getQosPriorityOfAKnownQos() {
        assertThat(lua.eval("slurm.get_qos_priority('high')")).isEqualTo("100.0");
    }

    @Test
    void getQosPriorityOfAnUnknownQosLogsAndReturnsNothing() {
        assertThat(lua.eval("select('#', slurm.get_qos_priority('nope'))")).isEqualTo("0");
        assertThat(lua.log.lines()).contains("ERROR Invalid QOS name: nope");
    }

    @Test
    void logLevelsMapToSlurmLevelsWithLuaPrefix() {
        lua.eval("(slurm.log_info('i %d', 1) or slurm.log_verbose('v') or slurm.log_debug('d') or slurm.log_debug2('d2')"
                + " or slurm.log_debug3('d3') or slurm.log_debug4('d4') or slurm.log_error('e %s', 'x') or slurm.log(0, 'raw')"
                + " or slurm.error('raw error'))");
        assertThat(lua.scriptLines()).containsExactly("INFO lua: i 1", "DEBUG lua: v", "DEBUG lua: d", "TRACE lua: d2",
                "TRACE lua: d3", "TRACE lua: d4", "ERROR lua: e x", "INFO lua: raw", "ERROR lua: raw error");
    }

    @Test
    void logWrappersUseStringFormatOfTheRealCLua() {
        lua.eval("slurm.log_info('%5.1f|%-4s|%s', 3.14159, 'ab', true)");
        assertThat(lua.scriptLines()).containsExactly("INFO lua:   3.1|ab  |true");
    }

    @Test
    void trailingNilArgumentIsAFormatErrorBecauseTheWrapperUnpacksATable() {
        // Slurm's wrapper is string.format(table.unpack({...})): a trailing nil is lost
        assertThat(lua.eval("slurm.log_info('%s', nil)")).startsWith("error: ").contains("bad argument #2 to 'format'");
    }

    @Test
    void logWrappersLookUpSlurmAtCallTime() {
        lua.eval("(function() local real = slurm.log slurm.log = function(l, m) real(l, 'wrapped ' .. m) end"
                + " slurm.log_info('x') end)()");
        assertThat(lua.scriptLines()).containsExactly("INFO lua: wrapped x");
    }

    @Test
    void logUserWithoutUserMsgIsACallOfNil() {
        assertThat(lua.eval("slurm.log_user('x')")).startsWith("error: ").contains("attempt to call");
    }

    @Test
    void noJsonHelpersIn2511() {
        assertThat(lua.eval("tostring(slurm.to_json) .. tostring(slurm.from_yaml)")).isEqualTo("nilnil");
    }

    @Test
    void allStandardLibrariesAreOpen() {
        assertThat(lua.eval("type(io.open) .. type(os.getenv) .. type(debug.traceback) .. type(coroutine.wrap)"
                + " .. type(package.loadlib) .. type(utf8.char)")).isEqualTo("functionfunctionfunctionfunctionfunctionfunction");
    }
}
