package io.plugstack.runtime.node.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.util.HexFormat;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The Java codec writes exactly the golden frames the C bridge's test reads, and reads them back to the same values. */
class GoldenFramesTest {

    @Test
    void everySampleIsEncodedAsItsGoldenFrame() throws Exception {
        Map<String, Map.Entry<String, byte[]>> golden = GoldenFrames.read();
        assertThat(golden.keySet()).containsExactlyElementsOf(GoldenFrames.samples().keySet());
        GoldenFrames.samples().forEach((name, sample) -> {
            assertThat(golden.get(name).getKey()).as(name).isEqualTo(sample.getKey().name());
            assertThat(HexFormat.of().formatHex(Wire.frame(sample.getKey(), sample.getValue()))).as(name)
                    .isEqualTo(HexFormat.of().formatHex(golden.get(name).getValue()));
        });
    }

    @Test
    void everyGoldenFrameDecodesToItsSample() throws Exception {
        for (Map.Entry<String, Map.Entry<String, byte[]>> g : GoldenFrames.read().entrySet()) {
            Wire.Frame f = Wire.read(new ByteArrayInputStream(g.getValue().getValue()), Wire.MAX_USER_FRAME);
            Object decoded = Messages.decode(f.type(), f.body());
            byte[] again = (byte[]) decoded.getClass().getMethod("encode").invoke(decoded);
            assertThat(again).as(g.getKey()).isEqualTo(GoldenFrames.samples().get(g.getKey()).getValue());
        }
    }

    /** The shims and the bridge state the version by hand: a release that changed the frames and not them fails here. */
    @Test
    void theBridgeAndBothShimsSpeakThisProtocol() throws Exception {
        java.nio.file.Path bridge = GoldenFrames.FILE.getParent().getParent().getParent().getParent();
        assertThat(java.nio.file.Files.readString(bridge.resolve("src/main/c/wire.h"))).contains("#define PS_PROTOCOL " + Wire.PROTOCOL + "\n");
        for (String shim : new String[] {"lua/cli_filter.lua", "lua/job_submit.lua"}) {
            assertThat(java.nio.file.Files.readString(bridge.resolve(shim))).as(shim).contains("\nlocal PROTOCOL = " + Wire.PROTOCOL + "\n");
        }
    }

    @Test
    void theCallbacksAreNumberedInSpankHsOrder() {
        assertThat(Wire.CALLBACKS).extracting(c -> c.symbol()).containsExactly("slurm_spank_init", "slurm_spank_job_prolog",
                "slurm_spank_init_post_opt", "slurm_spank_local_user_init", "slurm_spank_user_init",
                "slurm_spank_task_init_privileged", "slurm_spank_task_init", "slurm_spank_task_post_fork",
                "slurm_spank_task_exit", "slurm_spank_job_epilog", "slurm_spank_slurmd_exit", "slurm_spank_exit");
    }
}
