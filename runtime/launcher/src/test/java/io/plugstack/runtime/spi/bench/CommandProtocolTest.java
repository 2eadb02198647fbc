package io.plugstack.runtime.spi.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The request of the bench socket and the monitor: read whole, never more than a bound in all. */
class CommandProtocolTest {

    @Test
    void aRequestReadsBackAsItWasWritten() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        CommandProtocol.Request r = new CommandProtocol.Request("run-as", List.of("1000", "1000", "id"), Map.of("A", "1"), "/w");
        r.write(new DataOutputStream(b));
        assertThat(CommandProtocol.Request.read(new DataInputStream(new ByteArrayInputStream(b.toByteArray())))).isEqualTo(r);
    }

    /** Strings of 16 MiB each are allowed, but not three of them: the server would buffer what any user sends. */
    @Test
    void aRequestLargerThanItsBoundIsRefusedBeforeItIsBuffered() throws Exception {
        InputStream endless = new InputStream() { // "run-as", then args of 16 MiB of 'x' for ever
            final byte[] head = {0, 0, 0, 6, 'r', 'u', 'n', '-', 'a', 's', 0, 0, 0, 100};
            long pos;
            long inString = -1;

            @Override
            public int read() {
                if (pos < head.length) {
                    return head[(int) pos++];
                }
                if (inString < 0) { // a length: 16 MiB
                    byte[] len = {1, 0, 0, 0};
                    int v = len[(int) (-inString - 1)];
                    inString = inString == -4 ? 1 << 24 : inString - 1;
                    return v;
                }
                if (--inString == 0) {
                    inString = -1;
                }
                return 'x';
            }
        };
        assertThatThrownBy(() -> CommandProtocol.Request.read(new DataInputStream(endless)))
                .hasMessage("a request of more than " + CommandProtocol.Request.MAX_REQUEST + " bytes");
    }
}
