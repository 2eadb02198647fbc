package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.plugstack.api.plugin.SlurmVersion;

/**
 * slurm.to_json (Slurm 26.05, slurm_lua.c _to_json/_dump, serializer_json.c on json-c 0.16), in the
 * real C Lua 5.4. The expected texts are what Slurm's own functions give, checked against the C code
 * built with json-c 0.16 and real Lua; a dictionary's key order is Lua's traversal order, so texts
 * with more than one string key are not compared whole.
 */
class SlurmToJsonTest {

    @TempDir
    Path dir;
    LuaHarness lua;

    @BeforeEach
    void setUp() {
        lua = new LuaHarness(dir);
    }

    private String run(String body) {
        return lua.run(LuaVersion.LUA_5_4, SlurmVersion.parse("26.05.3"), body);
    }

    /** The error slurm.to_json raises for {@code arg}. */
    private String errorOf(String arg) {
        return run("local ok, e = pcall(slurm.to_json, " + arg + ") assert(not ok) return e");
    }

    @Test
    void aDictionaryIsPrettyPrintedWithTwoSpacesAndASpaceAfterTheColon() {
        assertThat(run("return slurm.to_json({name = 'x'})")).isEqualTo("{\n  \"name\": \"x\"\n}");
    }

    @Test
    void aSequenceIsAList() {
        assertThat(run("return slurm.to_json({'a', 'b', 'c'})")).isEqualTo("[\n  \"a\",\n  \"b\",\n  \"c\"\n]");
    }

    @Test
    void nestedTablesIndentByLevel() {
        assertThat(run("return slurm.to_json({job = {ids = {1, 2}, opts = {}}})")).isIn(
                "{\n  \"job\": {\n    \"ids\": [\n      1,\n      2\n    ],\n    \"opts\": []\n  }\n}",
                "{\n  \"job\": {\n    \"opts\": [],\n    \"ids\": [\n      1,\n      2\n    ]\n  }\n}");
    }

    @Test
    void anEmptyTableIsAnEmptyList() {
        assertThat(run("return slurm.to_json({})")).isEqualTo("[]");
    }

    @Test
    void integersAndFloatsKeepTheirSubtype() {
        assertThat(run("return slurm.to_json({1, 2.5, 3.0, -0.0, 2^53, math.maxinteger, math.mininteger})"))
                .isEqualTo("[\n  1,\n  2.5,\n  3.0,\n  -0.0,\n  9007199254740992.0,\n  9223372036854775807,\n  -9223372036854775808\n]");
    }

    @Test
    void floatsArePrintedWithSeventeenSignificantDigits() {
        assertThat(run("return slurm.to_json({0.1, 1e300, 1e-7, 5e-324})"))
                .isEqualTo("[\n  0.10000000000000001,\n  1.0000000000000001e+300,\n  9.9999999999999995e-08,\n  4.9406564584124654e-324\n]");
    }

    @Test
    void nanAndBothInfinitiesBecomeTwoToTheSixtyFour() {
        assertThat(run("return slurm.to_json({0/0, 1/0, -1/0})"))
                .isEqualTo("[\n  1.8446744073709552e+19,\n  1.8446744073709552e+19,\n  1.8446744073709552e+19\n]");
    }

    @Test
    void booleansAndTopLevelScalars() {
        assertThat(run("return slurm.to_json({true, false}) .. '|' .. slurm.to_json(true) .. '|' .. slurm.to_json('s')"
                + " .. '|' .. slurm.to_json(5) .. '|' .. slurm.to_json(nil)")).isEqualTo("[\n  true,\n  false\n]|true|\"s\"|5|null");
    }

    @Test
    void quotesBackslashesSlashesAndControlCharactersAreEscaped() {
        assertThat(run("return slurm.to_json({'q\"b\\\\s/n\\nt\\tc\\1'})")).isEqualTo("[\n  \"q\\\"b\\\\s\\/n\\nt\\tc\\u0001\"\n]");
    }

    @Test
    void utf8AndOtherHighBytesAreCopiedAsTheyAre() {
        assertThat(run("return tostring(slurm.to_json({'\\195\\169 \\226\\130\\172 \\240\\159\\152\\128 \\255'}) == "
                + "'[\\n  \"\\195\\169 \\226\\130\\172 \\240\\159\\152\\128 \\255\"\\n]')")).isEqualTo("true");
    }

    @Test
    void aStringEndsAtItsFirstNul() {
        assertThat(run("return slurm.to_json({'a\\0b'})")).isEqualTo("[\n  \"a\"\n]");
    }

    @Test
    void mixedKeysMakeADictionaryWithIntegerKeysPrinted() {
        assertThat(run("local t = slurm.from_json(slurm.to_json({1, 2, x = 3})) return t['1'] .. t['2'] .. t.x")).isEqualTo("123");
    }

    @Test
    void keysNotCountingFromOneMakeADictionaryInTraversalOrder() {
        assertThat(run("return slurm.to_json({[0] = 'z', [1] = 'a'})")).isEqualTo("{\n  \"0\": \"z\",\n  \"1\": \"a\"\n}");
        assertThat(run("return slurm.to_json({1, nil, 3})")).isEqualTo("{\n  \"1\": 1,\n  \"3\": 3\n}");
    }

    @Test
    void onlyTheLastArgumentIsConverted() {
        assertThat(run("return slurm.to_json(1, 2, {3})")).isEqualTo("[\n  3\n]");
    }

    @Test
    void sixteenNestedLevelsBelowTheTopAreConverted() {
        assertThat(run("local t = 'leaf' for i = 1, 16 do t = {t} end return select(2, slurm.to_json(t):gsub('%[', ''))")).isEqualTo("16");
    }

    /** _lua_to_data refuses depth 17, then _dump_table's loop calls lua_next with the refused value as key. */
    @Test
    void deeperThanSixteenIsRefusedAsLuaReportsSlurmsWalk() {
        assertThat(errorOf("(function() local t = 'leaf' for i = 1, 17 do t = {t} end return t end)()")).isEqualTo("invalid key to 'next'");
    }

    @Test
    void aFunctionInsideATableEndsTheWalkTheSameWay() {
        assertThat(errorOf("{f = print}")).isEqualTo("invalid key to 'next'");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"print", "coroutine.create(print)", "setmetatable({}, {__metatable = 'locked'})"})
    void aValueSlurmCannotConvertRaisesTheErrtabText(String arg) {
        assertThat(errorOf(arg)).isEqualTo("Conversion to application/json failed: Unknown or unparsable Lua type found at top of Lua stack");
        assertThat(lua.log.lines()).contains("ERROR _dump: dumping as application/json failed: Unknown or unparsable Lua type found at top of Lua stack");
    }

    @Test
    void aFloatKeyBecomesAStringOnTheStackAndLuaRefusesIt() {
        assertThat(errorOf("{[1.5] = 'x'}")).isEqualTo("invalid key to 'next'");
    }

    @Test
    void aMetatableWithoutMetatableFieldIsIgnored() {
        assertThat(run("return slurm.to_json(setmetatable({1}, {__index = {}}))")).isEqualTo("[\n  1\n]");
    }

    @Test
    void aHugeTableIsRefusedInsteadOfExhaustingMemory() {
        assertThat(errorOf("(function() local t = {} for i = 1, 16 do t = {t, t, t, t} end return t end)()"))
                .isEqualTo("Conversion to application/json failed: Data too large to handle");
    }
}
