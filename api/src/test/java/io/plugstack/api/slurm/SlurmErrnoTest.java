package io.plugstack.api.slurm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class SlurmErrnoTest {

    @Test
    void espankNotRemoteIs3006WithSlurmText() {
        assertEquals(3006, SlurmErrno.ESPANK_NOT_REMOTE.code());
        assertEquals("Valid only in remote context", SlurmErrno.strerror(3006));
    }

    @ParameterizedTest(name = "{0} = {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "ESPANK_ERROR        | 3000 | Generic error",
            "ESPANK_BAD_ARG      | 3001 | Bad argument",
            "ESPANK_NOT_TASK     | 3002 | Not in task context",
            "ESPANK_ENV_EXISTS   | 3003 | Environment variable exists",
            "ESPANK_ENV_NOEXIST  | 3004 | No such environment variable",
            "ESPANK_NOSPACE      | 3005 | Buffer too small",
            "ESPANK_NOT_REMOTE   | 3006 | Valid only in remote context",
            "ESPANK_NOEXIST      | 3007 | Id/PID does not exist on this node",
            "ESPANK_NOT_EXECD    | 3008 | Lookup by PID requested, but no tasks running",
            "ESPANK_NOT_AVAIL    | 3009 | Item not available from this callback",
            "ESPANK_NOT_LOCAL    | 3010 | Valid only in local or allocator context",
            "ESPANK_NODE_FAILURE | 3011 | Spank plugin failure, node failed",
            "ESPANK_JOB_FAILURE  | 3012 | Spank plugin failure, job failed",
    })
    void spankCodesHaveTheNumbersAndTextsOfSpankH6(String name, int code, String text) {
        SlurmErrno e = SlurmErrno.valueOf(name);
        assertEquals(code, e.code());
        assertEquals(text, e.message());
        assertEquals(text, SlurmErrno.strerror(code));
    }

    @ParameterizedTest(name = "{0} = {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "ESLURM_PLUGIN_INVALID       | 8002 | Plugin has invalid format or unable to be loaded",
            "ESLURM_PLUGIN_INCOMPLETE    | 8003 | Plugin missing required symbol or function",
            "ESLURM_PLUGIN_NOT_LOADED    | 8004 | Required plugin type not loaded or initialized",
            "ESLURM_PLUGIN_NOTFOUND      | 8005 | Plugin file not found",
            "ESLURM_PLUGIN_ACCESS_ERROR  | 8006 | Plugin access denied",
            "ESLURM_PLUGIN_DLOPEN_FAILED | 8007 | Dlopen of plugin file failed",
            "ESLURM_PLUGIN_INIT_FAILED   | 8008 | Plugin init() callback failed",
            "ESLURM_PLUGIN_MISSING_NAME  | 8009 | Plugin name/type/version symbol missing",
            "ESLURM_PLUGIN_BAD_VERSION   | 8010 | Incompatible plugin version",
    })
    void pluginLoaderCodesHaveTheNumbersAndTextsOfPlug1To9(String name, int code, String text) {
        assertEquals(code, SlurmErrno.valueOf(name).code());
        assertEquals(text, SlurmErrno.strerror(code));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
            "ESLURM_INVALID_PARTITION_NAME, 2000", "ESLURM_ACCESS_DENIED, 2002", "ESLURM_INVALID_NODE_COUNT, 2006",
            "ESLURM_PATHNAME_TOO_LONG, 2012", "ESLURM_BAD_TASK_COUNT, 2025", "ESLURM_INVALID_TASK_MEMORY, 2044",
            "ESLURM_INVALID_ACCOUNT, 2045", "ESLURM_INVALID_LICENSES, 2048", "ESLURM_ACCOUNTING_POLICY, 2050",
            "ESLURM_INVALID_TIME_LIMIT, 2051", "ESLURM_INVALID_QOS, 2066", "ESLURM_INVALID_GRES, 2072",
            "ESLURM_INVALID_NICE, 2123", "ESLURM_MISSING_TIME_LIMIT, 8000",
            "ESLURM_LUA_INVALID_SYNTAX, 7401", "ESLURM_LUA_FUNC_FAILED, 7404",
            "ESLURM_LUA_FUNC_FAILED_RUNTIME_ERROR, 7405", "ESLURM_LUA_FUNC_FAILED_ENOMEM, 7406",
            "ESLURM_LUA_FUNC_FAILED_GARBAGE_COLLECTOR, 7407",
    })
    void policyAndLuaCodesHaveTheNumbersOfLua3AndLua4(String name, int code) {
        assertEquals(code, SlurmErrno.valueOf(name).code());
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
            "ESLURM_TOO_MANY_REQUESTED_CPUS           | 2005 | More processors requested than permitted",
            "ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE | 2014 | Requested node configuration is not available",
            "ESLURM_INVALID_JOB_ID                    | 2017 | Invalid job id specified",
            "ESLURM_ALREADY_DONE                      | 2021 | Job/step already completing or completed",
    })
    void controllerCodesTheBenchAnswersWithHaveSlurmsNumbersAndTexts(String name, int code, String text) {
        assertEquals(code, SlurmErrno.valueOf(name).code());
        assertEquals(text, SlurmErrno.strerror(code));
    }

    @Test
    void missingTimeLimitAndInvalidTimeLimitHaveJs14Texts() {
        assertEquals("Time limit specification required, but not provided", SlurmErrno.strerror(8000));
        assertEquals("Requested time limit is invalid (missing or exceeds some limit)", SlurmErrno.strerror(2051));
    }

    @Test
    void luaRuntimeErrorHasJsl13Text() {
        assertEquals("Lua function execution failed due to runtime error", SlurmErrno.strerror(7405));
    }

    @Test
    void successRendersNoErrorNotTheOldSpankSuccess() {
        assertEquals(0, SlurmErrno.SLURM_SUCCESS.code());
        assertEquals("No error", SlurmErrno.strerror(0));
    }

    @Test
    void slurmErrorIsMinusOneAndRendersUnspecifiedError() {
        assertEquals(-1, SlurmErrno.SLURM_ERROR.code());
        assertEquals("Unspecified error", SlurmErrno.strerror(-1));
    }

    @ParameterizedTest(name = "strerror({0}) = {1}")
    @CsvSource(delimiter = '|', value = {
            "1  | Operation not permitted",
            "2  | No such file or directory",
            "12 | Cannot allocate memory",
            "13 | Permission denied",
            "22 | Invalid argument",
            "34 | Numerical result out of range",
            "110 | Connection timed out",
    })
    void unknownPositiveCodeRendersTheCLibraryText(int code, String text) {
        assertEquals(text, SlurmErrno.strerror(code));
    }

    @Test
    void oldSpankNumberIsNowACLibraryErrno() {
        // before 21.08 ESPANK_NOT_REMOTE was 7; now 7 is E2BIG
        assertEquals("Argument list too long", SlurmErrno.strerror(7));
    }

    @ParameterizedTest
    @CsvSource({"41", "58", "134", "999", "2999"})
    void positiveCodeWithoutAnyTextIsUnknownErrorN(int code) {
        assertEquals("Unknown error " + code, SlurmErrno.strerror(code));
    }

    @ParameterizedTest
    @CsvSource({"-2", "-3000", "-2147483648"})
    void negativeUnknownCodeIsUnknownNegativeErrorNumber(int code) {
        assertEquals("Unknown negative error number", SlurmErrno.strerror(code));
    }

    @ParameterizedTest
    @EnumSource(SlurmErrno.class)
    void everyEntryIsFoundByItsCode(SlurmErrno e) {
        assertEquals(e, SlurmErrno.of(e.code()).orElseThrow());
    }

    @Test
    void codesAreUnique() {
        Set<Integer> seen = new HashSet<>();
        for (SlurmErrno e : SlurmErrno.values()) {
            assertTrue(seen.add(e.code()), "duplicate " + e.code());
        }
    }

    @Test
    void codeOutsideTheTableIsNotFound() {
        assertTrue(SlurmErrno.of(3013).isEmpty());
    }
}
