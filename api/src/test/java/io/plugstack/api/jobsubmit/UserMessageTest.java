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

    /** sbatch prints a message with strtok_r: a trailing or doubled newline prints no empty line (real 22.05.8). */
    @Test
    void emptyLinesAreNotPrinted() {
        UserMessage m = new UserMessage();
        m.set("hello\n");
        m.append("\nb");
        assertEquals(List.of("hello", "b"), m.lines());
        assertEquals(java.util.Optional.of("hello\nb"), m.printed());
    }
}
