package io.plugstack.api.jobsubmit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class UserMessageTest {

    @Test
    void laterPluginsMessageReplacesAnEarlierOne() {
        UserMessage m = new UserMessage();
        m.set("from all_partitions");
        m.set("Reached jobs per hour limit");
        assertEquals(Optional.of("Reached jobs per hour limit"), m.get());
    }

    @Test
    void appendJoinsLinesWithNewline() {
        UserMessage m = new UserMessage();
        m.append("submit1");
        m.append("submit2");
        assertEquals(Optional.of("submit1\nsubmit2"), m.get());
        assertEquals(List.of("submit1", "submit2"), m.lines());
    }

    @Test
    void emptyMessageIsNoMessage() {
        UserMessage m = new UserMessage();
        m.set("");
        assertTrue(m.get().isEmpty());
        assertEquals(List.of(), m.lines());
    }

    @Test
    void clearRemovesTheMessage() {
        UserMessage m = new UserMessage();
        m.set("x");
        m.clear();
        assertTrue(m.get().isEmpty());
    }
}
