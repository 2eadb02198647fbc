package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmErrtab;

/** The ESLURM codes the serializers return are 26.05's, by name (its slurm_errtab is their one home). */
class SerializerErrnoTest {

    @Test
    void everyCodeTheSerializersReturnHasItsNameIn26_05sErrtab() {
        Map<String, Integer> byName = SlurmErrtab.of(SlurmVersion.parse("26.05.5")).orElseThrow().entries().stream()
                .collect(Collectors.toMap(SlurmErrtab.Entry::name, SlurmErrtab.Entry::number));

        assertThat(Map.of("ESLURM_LUA_INVALID_CONVERSION_TYPE", LuaData.ESLURM_LUA_INVALID_CONVERSION_TYPE,
                "ESLURM_DATA_TOO_LARGE", LuaData.ESLURM_DATA_TOO_LARGE,
                "ESLURM_REST_FAIL_PARSING", LuaSerializers.ESLURM_REST_FAIL_PARSING,
                "ESLURM_NOT_SUPPORTED", SlurmYaml.ESLURM_NOT_SUPPORTED,
                "ESLURM_DATA_CONV_FAILED", SlurmYaml.ESLURM_DATA_CONV_FAILED,
                "ESLURM_DATA_PARSING_DEPTH", SlurmYaml.ESLURM_DATA_PARSING_DEPTH,
                "ESLURM_DATA_PARSER_INVALID_STATE", SlurmYaml.ESLURM_DATA_PARSER_INVALID_STATE))
                .allSatisfy((name, code) -> assertThat(byName).containsEntry(name, code));
    }
}
