package io.plugstack.cli_filter.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.plugstack.api.plugin.SlurmVersion;

/** cli_filter/lua at the release the runtime plays: the release table's rows it consults. */
class CliFilterLuaReleaseTest {

    @ParameterizedTest
    @CsvSource({"22.05.8, /etc/slurm/cli_filter.lua", "25.05.3, /etc/slurm/cli_filter.lua", "25.11.0, /opt/site/cf.lua"})
    void cliFilterLuaPathIsReadFrom25_11On(String release, String script) {
        assertThat(CliFilterLuaPlugin.scriptPath(Path.of("/etc/slurm"), "cli_filter_lua_path=/opt/site/cf.lua", SlurmVersion.parse(release)))
                .isEqualTo(Path.of(script));
    }
}
