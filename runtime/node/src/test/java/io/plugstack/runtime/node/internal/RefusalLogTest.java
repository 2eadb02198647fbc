package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** Refusals a peer causes as fast as it connects: one line, then a count per uid and window. */
class RefusalLogTest {

    final CapturedLog captured = new CapturedLog();

    @Test
    void aFloodOfOneUidIsOneLineThenOneSummary() {
        try (RefusalLog refusals = new RefusalLog("user.sock", captured.log, TimeUnit.HOURS.toNanos(1))) {
            for (int i = 0; i < 100_000; i++) {
                refusals.refused(1003, "uid 1003 already holds 512 connections (at most 512 per uid)");
            }
            assertThat(captured.lines).containsExactly(
                    "t: error: node: user.sock: refused a connection of uid 1003: uid 1003 already holds 512 connections (at most 512 per uid)");
        }
        assertThat(captured.lines).hasSize(2)
                .endsWith("t: error: node: user.sock: uid 1003: 99999 more connections refused in the last 3600 s");
    }

    @Test
    void eachUidHasItsOwnWindow() {
        try (RefusalLog refusals = new RefusalLog("user.sock", captured.log, TimeUnit.HOURS.toNanos(1))) {
            refusals.refused(1003, "a");
            refusals.refused(1004, "b");
            refusals.refused(1003, "a");
        }
        assertThat(captured.lines).containsExactly("t: error: node: user.sock: refused a connection of uid 1003: a",
                "t: error: node: user.sock: refused a connection of uid 1004: b",
                "t: error: node: user.sock: uid 1003: 1 more connections refused in the last 3600 s");
    }

    @Test
    void aWindowThatEndsIsSummarisedWithoutANewRefusal() throws Exception {
        try (RefusalLog refusals = new RefusalLog("user.sock", captured.log, TimeUnit.MILLISECONDS.toNanos(200))) {
            refusals.refused(1003, "a");
            refusals.refused(1003, "a");
            for (int i = 0; i < 250 && captured.lines.size() < 2; i++) {
                Thread.sleep(20);
            }
            assertThat(captured.lines).containsExactly("t: error: node: user.sock: refused a connection of uid 1003: a",
                    "t: error: node: user.sock: uid 1003: 1 more connections refused in the last 200 ms");
        }
    }
}
