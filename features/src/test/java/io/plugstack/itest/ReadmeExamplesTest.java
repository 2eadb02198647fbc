package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class ReadmeExamplesTest {

    private static final List<String> README = List.of(
            "Some prose.",
            "<!-- example: bench-srun any-order -->",
            "<!-- setup: printf 'echo hi\\n' > job.sh -->",
            "```",
            "g! srun -n 2 hostname",
            "node1",
            "# a comment for the reader",
            "g! sinfo",
            "PARTITION AVAIL ...",
            "```",
            "```",
            "g! not an example: no marker",
            "```");

    @Test
    void aMarkedBlockIsOneExampleWithItsSetupCommandsAndExpectedLines() {
        List<ReadmeExamples.Example> examples = ReadmeExamples.parse(README).examples();
        assertThat(examples).hasSize(1);
        ReadmeExamples.Example e = examples.get(0);
        assertThat(e.name()).isEqualTo("bench-srun");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.anyOrder()).isTrue();
        assertThat(e.setup()).containsExactly("printf 'echo hi\\n' > job.sh");
        assertThat(e.steps()).extracting(ReadmeExamples.Step::command).containsExactly("srun -n 2 hostname", "sinfo");
        assertThat(e.steps().get(0).expected()).containsExactly("node1");
        assertThat(e.steps().get(1).line()).isEqualTo(8);
    }

    @Test
    void dotsStandForAnyTextAndTheRestIsLiteral() {
        assertThat(ReadmeExamples.lineMatches("Submitted batch job ...", "Submitted batch job 12")).isTrue();
        assertThat(ReadmeExamples.lineMatches("a.b (c)", "a.b (c)")).isTrue();
        assertThat(ReadmeExamples.lineMatches("a.b (c)", "axb (c)")).isFalse();
        assertThat(ReadmeExamples.lineMatches("task 0", "task 01")).isFalse();
    }

    @Test
    void expectedLinesMustAppearInOrderUnlessTheExampleSaysAnyOrder() {
        List<String> output = List.of("task 1", "noise", "task 0");
        assertThat(ReadmeExamples.missing(List.of("task 0", "task 1"), output, false)).containsExactly("task 1");
        assertThat(ReadmeExamples.missing(List.of("task 0", "task 1"), output, true)).isEmpty();
        assertThat(ReadmeExamples.missing(List.of("task 0", "task 0"), output, true)).containsExactly("task 0");
    }

    @Test
    void outputBeforeAnyCommandIsAMalformedExampleNamingItsLine() {
        assertThatThrownBy(() -> ReadmeExamples.parse(List.of("<!-- example: x -->", "```", "stray", "```")))
                .hasMessageContaining("README.md:3: example x: output before any 'g! ' command");
    }
}
