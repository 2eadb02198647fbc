package io.plugstack.paxexam.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class CommandWordsTest {

    @Test
    void blanksSeparateWords() {
        assertEquals(List.of("srun", "--project=x", "printenv", "PROJECT"), CommandWords.split("  srun --project=x\tprintenv PROJECT "));
    }

    @Test
    void singleQuotesKeepEverythingLiterally() {
        assertEquals(List.of("sbatch", "--wrap=echo $HOME | wc \"a\""), CommandWords.split("sbatch --wrap='echo $HOME | wc \"a\"'"));
    }

    @Test
    void doubleQuotesKeepBlanksAndUnescapeWhatShDoes() {
        assertEquals(List.of("srun", "sh", "-c", "echo \"a b\" \\n $x"), CommandWords.split("srun sh -c \"echo \\\"a b\\\" \\n \\$x\""));
    }

    @Test
    void backslashOutsideQuotesEscapesTheNextCharacter() {
        assertEquals(List.of("srun", "echo", "a b", ";"), CommandWords.split("srun echo a\\ b \\;"));
    }

    @Test
    void emptyQuotesAreAnEmptyWord() {
        assertEquals(List.of("srun", "echo", ""), CommandWords.split("srun echo ''"));
    }

    @Test
    void shellSyntaxIsRefusedNamingItsColumn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CommandWords.split("srun hostname | wc"));
        assertTrue(e.getMessage().startsWith("'|' at column 15 is shell syntax"), e.getMessage());
    }

    @Test
    void variableInDoubleQuotesIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CommandWords.split("srun echo \"$HOME\""));
        assertTrue(e.getMessage().startsWith("'$' at column 12 would be expanded by a shell"), e.getMessage());
    }

    @Test
    void unterminatedQuoteIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CommandWords.split("sbatch --wrap='true"));
        assertEquals("unterminated ' in: sbatch --wrap='true", e.getMessage());
    }
}
