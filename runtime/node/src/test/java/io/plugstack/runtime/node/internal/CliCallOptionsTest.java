package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.runtime.node.wire.CliMessages;
import io.plugstack.runtime.node.wire.CliMessages.CliCall;
import io.plugstack.runtime.node.wire.Wire;

/**
 * A real command's options in one cli_filter call: the JSON of the set options, and for the options the command has
 * not set the text Slurm's proxy answers for them (issue 27: Slurm's Lua reads "unset", "-2"; Plugstack read nil).
 */
class CliCallOptionsTest {

    static final String JSON = "{\"job-name\":\"j\",\"mem\":\"1G\",\"argv\":[\"a.sh\"]}";
    static final Map<String, String> TEXTS = Map.of("job-name", "j", "mem", "1G", "hold", "unset", "ntasks-per-node", "-2");

    private static CliCallOptions options() throws IOException {
        return CliCallOptions.of(SlurmCommand.SBATCH, OnBehalfOf.user(1000, 1000), false, JSON, TEXTS);
    }

    @Test
    void anOptionTheCommandDidNotSetReadsSlurmsDefaultTextAndIsNotSet() throws IOException {
        CliCallOptions o = options();
        assertThat(o.get("hold")).hasValue("unset");
        assertThat(o.get("ntasks-per-node")).hasValue("-2");
        assertThat(o.isSet("hold")).isFalse();
        assertThat(o.setOptions()).containsExactly("job-name", "mem");
        assertThat(o.get("no-such-option")).isEmpty();
    }

    @Test
    void aSetOptionReadsItsValueAndAPluginsChangesWin() throws IOException {
        CliCallOptions o = options();
        assertThat(o.get("job-name")).hasValue("j");
        o.set("hold", "set");
        o.unset("mem");
        assertThat(o.get("hold")).hasValue("set");
        assertThat(o.get("mem")).as("its default text was not sent: it was set when the shim read it").isEmpty();
    }

    @Test
    void theTextsTravelAsNameTextPairsAndAFrameWithoutThemHasNone() throws IOException {
        CliCall c = new CliCall(CliMessages.PRE_SUBMIT, false, 0, 0, 0, JSON, List.of("hold", "unset", "ntasks-per-node", "-2"));
        assertThat(CliCall.decode(c.encode()).texts()).containsExactly(Map.entry("hold", "unset"), Map.entry("ntasks-per-node", "-2"));
        byte[] earlier = new Wire.Out().u32(CliMessages.PRE_SUBMIT).u32(0).u32(0).u32(0).u32(0).str(JSON).bytes();
        assertThat(CliCall.decode(earlier).texts()).isEmpty();
        byte[] odd = new Wire.Out().u32(CliMessages.PRE_SUBMIT).u32(0).u32(0).u32(0).u32(0).str(JSON).strs(List.of("hold")).bytes();
        assertThatThrownBy(() -> CliCall.decode(odd)).isInstanceOf(IOException.class).hasMessageContaining("not name and text pairs");
    }
}
