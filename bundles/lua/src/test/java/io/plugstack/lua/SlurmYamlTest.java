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
 * slurm.to_yaml and slurm.from_yaml (Slurm 26.05, slurm_lua.c _to_yaml/_from_yaml, serializer_yaml.c
 * on libyaml 0.2.5), in the real C Lua 5.4. Every node is tagged; untagged scalars read back as
 * strings. Expected texts as Slurm's own code gives them with libyaml 0.2.5.
 */
class SlurmYamlTest {

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

    private String parsed(String yaml) {
        return run("return d(slurm.from_yaml('" + yaml.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'))");
    }

    private String errorOf(String call) {
        return run("local ok, e = pcall(" + call + ") assert(not ok) return e");
    }

    @Test
    void aDictionaryIsATaggedBlockMappingInAVersionedDocument() {
        assertThat(run("return slurm.to_yaml({name = 'x'})")).isEqualTo("%YAML 1.1\n--- !!map\n!!str name: !!str x\n...\n");
    }

    @Test
    void everyScalarTypeHasItsTagAndFloatsSixDecimals() {
        assertThat(run("return slurm.to_yaml({1, 2.5, true, 'x', 0/0, 1/0})"))
                .isEqualTo("%YAML 1.1\n--- !!seq\n- !!int 1\n- !!float 2.500000\n- !!bool true\n- !!str x\n- !!float -nan\n- !!float inf\n...\n");
    }

    @Test
    void nestedCollectionsAndEmptyOnes() {
        assertThat(run("return slurm.to_yaml({{a = 1}, {2, {3}}, {}})")).isEqualTo(
                "%YAML 1.1\n--- !!seq\n- !!map\n  !!str a: !!int 1\n- !!seq\n  - !!int 2\n  - !!seq\n    - !!int 3\n- !!seq []\n...\n");
        assertThat(run("return slurm.to_yaml({k = {1}})")).isEqualTo("%YAML 1.1\n--- !!map\n!!str k: !!seq\n- !!int 1\n...\n");
    }

    @Test
    void stringsArePlainQuotedOrEscapedAsLibyamlChooses() {
        assertThat(run("return slurm.to_yaml({'', ' lead', 'a: b', \"it's\", 'q\"\\n\\t\\1 \\195\\169 \\240\\159\\152\\128'})")).isEqualTo(
                "%YAML 1.1\n--- !!seq\n- !!str\n- !!str ' lead'\n- !!str 'a: b'\n- !!str it's\n- !!str \"q\\\"\\n\\t\\x01 \\xE9 \\U0001F600\"\n...\n");
    }

    @Test
    void aLongPlainStringIsFoldedAtEightyColumns() {
        assertThat(run("return slurm.to_yaml({long = ('word '):rep(30)})")).isEqualTo("%YAML 1.1\n--- !!map\n"
                + "!!str long: !!str 'word word word word word word word word word word word word word\n"
                + "  word word word word word word word word word word word word word word word word\n  word '\n...\n");
    }

    @Test
    void aKeyLongerThanASimpleKeyIsWrittenAsAnExplicitKey() {
        assertThat(run("return slurm.to_yaml({[('k'):rep(124)] = 1})"))
                .isEqualTo("%YAML 1.1\n--- !!map\n? !!str " + "k".repeat(124) + "\n: !!int 1\n...\n");
    }

    @Test
    void aStringThatIsNotUtf8CannotBeWritten() {
        assertThat(errorOf("slurm.to_yaml, {'\\255'}")).isEqualTo("Conversion to application/x-yaml failed: Unable to convert Data type");
    }

    @Test
    void untaggedScalarsReadBackAsStrings() {
        assertThat(parsed("a: 1\nb: true\nc: null\nd: ~\ne:")).isEqualTo("{a=\"1\",b=\"true\",c=\"null\",d=\"~\",e=\"\"}");
    }

    @Test
    void tagsConvertAsDataConvertTypeDoes() {
        assertThat(parsed("- !!int 0x1F\n- !!int -5\n- !!float 1\n- !!bool yes\n- !!bool 0\n- !!null ~\n- !!float -inf\n- !!str 2"))
                .isEqualTo("{#1=integer:31,#2=integer:-5,#3=float:1.0,#4=boolean:true,#5=boolean:false,#7=float:-inf,#8=\"2\"}");
    }

    @Test
    void aRoundTripKeepsTypes() {
        assertThat(run("return d(slurm.from_yaml(slurm.to_yaml({a = {1, 2, {b = 'c'}}, d = 1.5, e = false, f = '\\n\"/',"
                + " g = -7, h = '', [('k'):rep(130)] = 'long key'})))"))
                .isEqualTo("{a={#1=integer:1,#2=integer:2,#3={b=\"c\"}},d=float:1.5,e=boolean:false,f=\"\\\n\\\"/\",g=integer:-7,h=\"\","
                        + "k".repeat(130) + "=\"long key\"}");
    }

    @Test
    void flowCollectionsBlockScalarsAndQuotes() {
        assertThat(parsed("a: [1, {b: c}]\nd: |\n  x\n  y\ne: >-\n  f\n  g\nh: 'it''s'\ni: \"\\u00e9\""))
                .isEqualTo("{a={#1=\"1\",#2={b=\"c\"}},d=\"x\\\ny\\\n\",e=\"f g\",h=\"it's\",i=\"é\"}");
    }

    @Test
    void onlyTheFirstDocumentsRootIsRead() {
        assertThat(parsed("x\n---\ny")).isEqualTo("\"x\"");
        assertThat(parsed("[1]\nnot yaml: [")).isEqualTo("{#1=\"1\"}");
    }

    @Test
    void anEmptyStreamIsNil() {
        assertThat(parsed("# only a comment")).isEqualTo("nil:nil");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a: *x", "a: b: c", "key: [1, 2", "!!int x", "!!float .5", "!!null x", "a: 1\\n  b: 2", "!!seq x"})
    void invalidYamlOrAFailedTagRaisesSlurmsConversionError(String yaml) {
        assertThat(errorOf("slurm.from_yaml, '" + yaml + "'")).isEqualTo("Conversion from application/x-yaml failed: Unable to convert Data type");
    }

    @Test
    void anEmptyStringIsEinval() {
        assertThat(errorOf("slurm.from_yaml, ''")).isEqualTo("Conversion from application/x-yaml failed: Invalid argument");
        assertThat(errorOf("slurm.from_yaml, '\\0x'")).isEqualTo("Conversion from application/x-yaml failed: Invalid argument");
    }

    @Test
    void thirtyTwoNestedSequencesParseAndThirtyThreeAreBeyondYamlMaxDepth() {
        assertThat(run("return type(slurm.from_yaml(string.rep('[', 32) .. string.rep(']', 32)))")).isEqualTo("table");
        assertThat(errorOf("slurm.from_yaml, string.rep('[', 33) .. string.rep(']', 33)"))
                .isEqualTo("Conversion from application/x-yaml failed: Unable to convert Data type");
    }

    @Test
    void aDeeplyNestedHostileTextFailsWithoutExhaustingTheStack() {
        assertThat(errorOf("slurm.from_yaml, string.rep('- ', 100000) .. 'x'"))
                .isEqualTo("Conversion from application/x-yaml failed: Unable to convert Data type");
    }

    @Test
    void toYamlRefusesDepthSeventeenLikeToJson() {
        assertThat(errorOf("slurm.to_yaml, (function() local t = 1 for i = 1, 17 do t = {t} end return t end)()"))
                .isEqualTo("invalid key to 'next'");
    }
}
