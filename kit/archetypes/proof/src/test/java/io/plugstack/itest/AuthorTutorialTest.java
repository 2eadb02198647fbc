package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class AuthorTutorialTest {

    private static final List<String> README = List.of(
            "Prose.",
            "<!-- tutorial: spank -->",
            "```",
            "$ mvn -o archetype:generate \\",
            "    -DartifactId=p \\",
            "    -Dversion=1",
            "# a comment for the reader",
            "$ cd p",
            "$ mvn -o verify",
            "[INFO] BUILD SUCCESS",
            "g! srun --project=x printenv PROJECT",
            "x",
            "```",
            "<!-- example: not-a-tutorial -->",
            "```",
            "g! plugins",
            "```");

    @Test
    void aMarkedBlockIsOneTutorialOfShellAndConsoleCommandsWithWhatTheyPrint() {
        List<AuthorTutorial> tutorials = AuthorTutorial.parse(README);
        assertThat(tutorials).singleElement().satisfies(t -> {
            assertThat(t.name()).isEqualTo("spank");
            assertThat(t.line()).isEqualTo(2);
            assertThat(t.steps()).extracting(AuthorTutorial.Step::command)
                    .containsExactly("mvn -o archetype:generate -DartifactId=p -Dversion=1", "cd p", "mvn -o verify",
                            "srun --project=x printenv PROJECT");
            assertThat(t.steps()).extracting(AuthorTutorial.Step::console).containsExactly(false, false, false, true);
            assertThat(t.steps()).extracting(AuthorTutorial.Step::line).containsExactly(4, 8, 9, 11);
            assertThat(t.steps().get(2).expected()).containsExactly("[INFO] BUILD SUCCESS");
            assertThat(t.steps().get(3).expected()).containsExactly("x");
        });
    }

    @Test
    void outputBeforeAnyCommandIsAMalformedTutorialNamingItsLine() {
        assertThatThrownBy(() -> AuthorTutorial.parse(List.of("<!-- tutorial: x -->", "```", "stray", "```")))
                .hasMessage("README.md:3: tutorial x: output before any command: stray");
    }

    @Test
    void aTutorialTheProofLooksForAndTheDocumentsLackIsNamed() {
        assertThatThrownBy(() -> AuthorTutorial.named(AuthorTutorial.parse(README), "cli_filter"))
                .hasMessage("no document has a <!-- tutorial: cli_filter --> block");
    }
}
