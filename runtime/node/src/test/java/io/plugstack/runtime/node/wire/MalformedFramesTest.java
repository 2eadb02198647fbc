package io.plugstack.runtime.node.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.HexFormat;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** A peer's bad bytes are an IOException naming what is wrong: nothing else escapes, nothing large is allocated. */
class MalformedFramesTest {

    private static Wire.Frame read(String hex) throws IOException {
        return Wire.read(new ByteArrayInputStream(HexFormat.of().parseHex(hex)), Wire.MAX_USER_FRAME);
    }

    @Test
    void aLengthAboveTheLimitIsRefusedBeforeReadingIt() {
        assertThatThrownBy(() -> read("7fffffff01")).hasMessage("bad frame length 2147483647 (1..1048576)");
        assertThatThrownBy(() -> read("00000000")).hasMessage("bad frame length 0 (1..1048576)");
    }

    @Test
    void aTruncatedFrameIsNamed() {
        assertThatThrownBy(() -> read("0000000a0100")).hasMessage("truncated frame: 2 of 10 bytes");
        assertThatThrownBy(() -> read("0000")).hasMessage("truncated frame length");
    }

    @Test
    void aCleanEndOfStreamIsEof() {
        assertThatThrownBy(() -> read("")).isInstanceOf(EOFException.class);
    }

    @Test
    void anUnknownTypeIsNamed() {
        assertThatThrownBy(() -> read("00000001ff")).hasMessage("unknown frame type 255");
    }

    @Test
    void aStringLongerThanItsFrameIsRefused() {
        // OPTION with optarg claiming 1 GiB
        assertThatThrownBy(() -> Messages.Option.decode(HexFormat.of().parseHex("0000000340000000")))
                .hasMessage("truncated string of 1073741824 bytes: 0 bytes left");
    }

    @Test
    void aListCountThatCannotFitIsRefusedBeforeAllocating() {
        // CALL of callback 4 with 2^31 items
        assertThatThrownBy(() -> Messages.Call.decode(HexFormat.of().parseHex("0000000480000000")))
                .hasMessageContaining("items: 2147483648 items do not fit in 0 bytes");
    }

    @Test
    void anUnknownCallbackIsRefused() {
        assertThatThrownBy(() -> Messages.Call.decode(HexFormat.of().parseHex("0000000c0000000000000000")))
                .hasMessage("unknown callback 12");
    }

    @Test
    void trailingBytesAreRefused() {
        assertThatThrownBy(() -> Messages.OptionRc.decode(HexFormat.of().parseHex("000000000000000000")))
                .hasMessage("OPTION_RC: 1 bytes left over");
    }

    @Test
    void randomBytesNeverEscapeAsAnythingButIOException() {
        Random r = new Random(42);
        int refused = 0;
        for (int i = 0; i < 20_000; i++) {
            byte[] body = new byte[r.nextInt(64)];
            r.nextBytes(body);
            for (FrameType t : FrameType.values()) {
                try {
                    Messages.decode(t, body);
                } catch (IOException e) {
                    refused++;
                }
            }
        }
        assertThat(refused).isPositive();
    }
}
