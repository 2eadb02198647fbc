package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.testkit.RecordingLogger;

/** Which framework property limits which plugin, the defaults, and a malformed value. */
class LuaLimitsTest {

    final RecordingLogger log = new RecordingLogger("job_submit/lua");

    @Test
    void eachFamilyHasItsOwnTimePropertyAndBothShareTheMemoryOne() {
        Map<String, String> p = Map.of(LuaLimits.JOB_SUBMIT_TIMEOUT, "500", LuaLimits.CLI_FILTER_TIMEOUT, "700",
                LuaLimits.MEMORY, "64");
        assertThat(LuaLimits.of("job_submit/lua", p::get, log)).isEqualTo(new LuaLimits(500, LuaLimits.JOB_SUBMIT_TIMEOUT, 64));
        assertThat(LuaLimits.of("cli_filter/lua", p::get, log)).isEqualTo(new LuaLimits(700, LuaLimits.CLI_FILTER_TIMEOUT, 64));
        assertThat(log.lines()).isEmpty();
    }

    @Test
    void absentOrBlankGivesTheDefaultsAndZeroTurnsALimitOff() {
        assertThat(LuaLimits.of("job_submit/lua", name -> null, log)).isEqualTo(new LuaLimits(2000, LuaLimits.JOB_SUBMIT_TIMEOUT, 256));
        assertThat(LuaLimits.of("cli_filter/lua", name -> " ", log)).isEqualTo(new LuaLimits(2000, LuaLimits.CLI_FILTER_TIMEOUT, 256));
        assertThat(LuaLimits.of("cli_filter/lua", name -> "0", log)).isEqualTo(new LuaLimits(0, LuaLimits.CLI_FILTER_TIMEOUT, 0));
    }

    @Test
    void aMalformedValueIsLoggedOnceNamingThePropertyAndTheDefaultIsUsed() {
        Map<String, String> p = Map.of(LuaLimits.CLI_FILTER_TIMEOUT, "2s", LuaLimits.MEMORY, "-1");
        for (int i = 0; i < 3; i++) { // cli_filter/lua: one instance per command
            assertThat(LuaLimits.of("cli_filter/lua", p::get, log)).isEqualTo(new LuaLimits(2000, LuaLimits.CLI_FILTER_TIMEOUT, 256));
        }
        assertThat(log.lines()).containsExactly(
                "ERROR cli_filter/lua: framework property plugstack.clifilter.call.timeout.ms=2s is not a whole number >= 0; using 2000",
                "ERROR cli_filter/lua: framework property plugstack.lua.memory.mb=-1 is not a whole number >= 0; using 256");
    }

    @Test
    void outsideOsgiTheDefaultsApply() {
        assertThat(LuaLimits.fromFramework("job_submit/lua", log)).isEqualTo(new LuaLimits(2000, LuaLimits.JOB_SUBMIT_TIMEOUT, 256));
    }

    @Test
    void theHookStopsACallBeforeTheRuntimesOwnLimitSoTheScriptsRuleForARuntimeErrorDecides() {
        org.assertj.core.api.Assertions.assertThat(new LuaLimits(2000, LuaLimits.JOB_SUBMIT_TIMEOUT, 256).stopAfterMs()).isEqualTo(1750);
        org.assertj.core.api.Assertions.assertThat(new LuaLimits(400, LuaLimits.JOB_SUBMIT_TIMEOUT, 256).stopAfterMs()).isEqualTo(300);
    }

    @Test
    void theTimeLimitsAreTheFamiliesOwnPropertiesAndDefaults() {
        org.assertj.core.api.Assertions.assertThat(LuaLimits.JOB_SUBMIT_TIMEOUT)
                .isEqualTo(io.plugstack.api.plugin.PluginFamily.JOB_SUBMIT.callTimeoutProperty());
        org.assertj.core.api.Assertions.assertThat(LuaLimits.CLI_FILTER_TIMEOUT)
                .isEqualTo(io.plugstack.api.plugin.PluginFamily.CLI_FILTER.callTimeoutProperty());
        org.assertj.core.api.Assertions.assertThat(LuaLimits.DEFAULT_TIMEOUT_MS)
                .isEqualTo(io.plugstack.api.plugin.PluginFamily.JOB_SUBMIT.defaultCallTimeoutMs());
    }
}
