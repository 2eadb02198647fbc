package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.plugstack.api.plugin.SlurmVersion;

/**
 * slurm.from_json (Slurm 26.05, slurm_lua.c _from_json/_parse, serializer_json.c on json-c 0.16's
 * tokener), in the real C Lua 5.4: what the script gets back, and the Lua error a bad text raises.
 */
class SlurmFromJsonTest {

    @TempDir
    Path dir;
    LuaHarness lua;

    @BeforeEach
    void setUp() {
        lua = new LuaHarness(dir);
    }

    private String run(String body) {
        return lua.run(LuaVersion.LUA_5_4, SlurmVersion.parse("26.05.3"), LuaHarness.DUMP + body);
    }

    private String parsed(String json) {
        return run("return d(slurm.from_json(" + lua(json) + "))");
    }

    private String errorOf(String arg) {
        return run("local ok, e = pcall(slurm.from_json, " + arg + ") assert(not ok) return e");
    }

    private static String lua(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'";
    }

    @Test
    void objectsBecomeTablesWithStringKeysAndArraysSequencesFromOne() {
        assertThat(parsed("{\"a\": [1, 2.5, \"x\", true], \"b\": {\"c\": false}}"))
                .isEqualTo("{a={#1=integer:1,#2=float:2.5,#3=\"x\",#4=boolean:true},b={c=boolean:false}}");
    }

    @Test
    void nullIsNilSoItLeavesAHoleOrNoKey() {
        assertThat(parsed("[null, 1, null, 2]")).isEqualTo("{#2=integer:1,#4=integer:2}");
        assertThat(parsed("{\"a\": null, \"b\": 1}")).isEqualTo("{b=integer:1}");
    }

    @Test
    void numbersKeepIntegerAndFloatAndOverflowClamps() {
        assertThat(parsed("[9223372036854775808, -9223372036854775809, 1e400, -0, 0.5, 1e2]"))
                .isEqualTo("{#1=integer:9223372036854775807,#2=integer:-9223372036854775808,#3=float:inf,#4=integer:0,#5=float:0.5,#6=float:100.0}");
    }

    @Test
    void escapesAndSurrogatePairsDecodeToUtf8() {
        assertThat(run("return tostring(slurm.from_json('[\"\\\\u00e9\\\\ud83d\\\\ude00\\\\n\\\\/\"]')[1] == '\\195\\169\\240\\159\\152\\128\\n/')")).isEqualTo("true");
    }

    @Test
    void aRoundTripGivesTheSameValues() {
        assertThat(run("return d(slurm.from_json(slurm.to_json({a = {1, 2, {b = 'c'}}, d = 1.5, e = false, f = '\\n\"/'})))"))
                .isEqualTo("{a={#1=integer:1,#2=integer:2,#3={b=\"c\"}},d=float:1.5,e=boolean:false,f=\"\\\n\\\"/\"}");
    }

    @Test
    void jsonCsLenientSyntaxIsAccepted() {
        assertThat(parsed("/* c */ {'a': [1, 2,], \"b\": TRUE, \"c\": NaN, }")).isEqualTo("{a={#1=integer:1,#2=integer:2},b=boolean:true,c=float:nan}");
    }

    @Test
    void whatFollowsTheFirstValueIsIgnored() {
        assertThat(parsed("[1] trailing")).isEqualTo("{#1=integer:1}");
    }

    @Test
    void aDuplicateKeyKeepsTheLastValue() {
        assertThat(parsed("{\"a\": 1, \"a\": 2}")).isEqualTo("{a=integer:2}");
    }

    @Test
    void badJsonRaisesSlurmsConversionError() {
        assertThat(errorOf("'[1,'")).isEqualTo("Conversion from application/json failed: Failure during parsing");
        assertThat(lua.log.lines()).contains("ERROR _try_parse: JSON parsing error 3 bytes: continue",
                "ERROR _parse: parsing string as application/json failed: Failure during parsing");
    }

    /**
     * json_tokener_parse_ex is given the exact length: a number or literal at the very end could still
     * go on, and so could a comment after the value; a top-level null is a NULL object.
     */
    @ParameterizedTest
    @ValueSource(strings = {"'123'", "'true'", "'null '", "''", "'{a: 1}'", "'[1 2]'", "'\"\\\\x\"'", "'[1] // a trailing comment'"})
    void incompleteOrInvalidTextFails(String arg) {
        assertThat(errorOf(arg)).isEqualTo("Conversion from application/json failed: Failure during parsing");
    }

    @Test
    void aScalarFollowedByAnythingParses() {
        assertThat(parsed("123 ")).isEqualTo("integer:123");
        assertThat(parsed("true\n")).isEqualTo("boolean:true");
    }

    @Test
    void aNumberArgumentIsReadAsItsText() {
        assertThat(errorOf("5")).isEqualTo("Conversion from application/json failed: Failure during parsing");
    }

    @Test
    void aTableArgumentIsNotText() {
        assertThat(errorOf("{}")).isEqualTo("Conversion from application/json failed: Unknown or unparsable Lua type found at top of Lua stack");
    }

    @Test
    void thirtyTwoNestedArraysParseAndThirtyThreeAreTooDeep() {
        assertThat(run("return type(slurm.from_json(string.rep('[', 32) .. string.rep(']', 32)))")).isEqualTo("table");
        assertThat(errorOf("string.rep('[', 33) .. string.rep(']', 33)")).isEqualTo("Conversion from application/json failed: Failure during parsing");
    }

    @Test
    void aDeeplyNestedHostileTextFailsWithoutExhaustingTheStack() {
        assertThat(errorOf("string.rep('[', 1000000)")).isEqualTo("Conversion from application/json failed: Failure during parsing");
    }
}
