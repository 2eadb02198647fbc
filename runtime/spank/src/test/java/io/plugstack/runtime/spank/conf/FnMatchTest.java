package io.plugstack.runtime.spank.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The per-component matcher against glibc's fnmatch(FNM_PERIOD) in the C locale. */
class FnMatchTest {

    @Test
    void agreesWithGlibcOnTheReferenceTable() throws IOException {
        List<String> wrong = new ArrayList<>();
        int cases = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                FnMatchTest.class.getResourceAsStream("fnmatch-glibc.tsv"), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.startsWith("#") || line.isEmpty()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                cases++;
                if (FnMatch.matches(f[0], f[1]) != f[2].equals("match")) {
                    wrong.add(f[0] + " vs " + f[1] + ": glibc says " + f[2]);
                }
            }
        }
        assertTrue(cases > 2000, "table read");
        assertEquals(List.of(), wrong);
    }

    @Test
    void leadingPeriodNeedsALiteralPeriod() {
        assertFalse(FnMatch.matches("*", ".x"));
        assertFalse(FnMatch.matches("?x", ".x"));
        assertFalse(FnMatch.matches("[.]x", ".x"));
        assertFalse(FnMatch.matches("[!a]x", ".x"));
        assertTrue(FnMatch.matches(".*", ".x"));
        assertTrue(FnMatch.matches("\\.x", ".x"));
        assertTrue(FnMatch.matches("a*", "a.x"));
    }

    @Test
    void glibcQuirkStarQuestionKeepsLeadingPeriodForABracket() {
        assertFalse(FnMatch.matches("*?[.]*", "a.b"));
        assertTrue(FnMatch.matches("*[.]*", "a.b"));
    }

    @Test
    void malformedBracketsFollowGlibc() {
        assertTrue(FnMatch.matches("[[", "[["));        // unterminated: '[' is literal
        assertTrue(FnMatch.matches("[]", "[]"));        // ']' first is a member, so unterminated
        assertFalse(FnMatch.matches("[a-", "[a-"));     // range to end of pattern fails
        assertFalse(FnMatch.matches("[[:bogus:]]", "b")); // unknown class fails the match
        assertFalse(FnMatch.matches("[[.ab.]]", "a"));  // multi-byte collating symbol
        assertTrue(FnMatch.matches("[[.a.]-c]", "b"));
        assertTrue(FnMatch.matches("[[=a=]]", "a"));
        assertFalse(FnMatch.matches("a\\", "a\\"));     // trailing backslash loses
    }

    @Test
    void classesAreAsciiOnly() {
        assertTrue(FnMatch.matches("[[:alpha:]]", "a"));
        assertFalse(FnMatch.matches("[[:alpha:]]", "é"));
        assertTrue(FnMatch.matches("[[:space:]]", "\u000B"));
        assertTrue(FnMatch.matches("[[:punct:]]", "_"));
        assertFalse(FnMatch.matches("[[:punct:]]", " "));
    }
}
