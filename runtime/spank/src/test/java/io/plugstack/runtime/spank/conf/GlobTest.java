package io.plugstack.runtime.spank.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Glob against glibc's glob(3): a reference table taken from glibc 2.36, plus one test per rule. */
class GlobTest {

    @TempDir
    Path root;

    private void touch(String... names) throws IOException {
        for (String n : names) {
            Path p = root.resolve(n);
            Files.createDirectories(p.getParent());
            Files.write(p, new byte[0]);
        }
    }

    private List<String> glob(String relativePattern) {
        List<String> out = new ArrayList<>();
        for (String p : Glob.expand(root + "/" + relativePattern)) {
            out.add(p.substring(root.toString().length() + 1));
        }
        return out;
    }

    /** The tree glob-glibc.tsv was recorded on. */
    private void referenceTree() throws IOException {
        Files.createDirectories(root.resolve("conf.d/sub"));
        Files.createDirectories(root.resolve("conf.d/.hidden"));
        Files.createDirectories(root.resolve("other"));
        Files.createDirectories(root.resolve("sp ace"));
        touch("conf.d/a.conf", "conf.d/b.conf", "conf.d/B.conf", "conf.d/_x.conf", "conf.d/Z.conf",
                "conf.d/.dot.conf", "conf.d/[x", "conf.d/x[", "conf.d/sub/s.conf", "conf.d/.hidden/h.conf",
                "other/o.conf", "sp ace/q.conf", "conf.d/e.conf", "conf.d/a\\b", "pats.txt");
        Files.createSymbolicLink(root.resolve("conf.d/dangle"), Path.of("nowhere"));
        Files.createSymbolicLink(root.resolve("conf.d/loop"), Path.of("loop"));
        Files.createSymbolicLink(root.resolve("conf.d/linkdir"), Path.of("sub"));
    }

    @Test
    void agreesWithGlibcOnTheReferenceTree() throws IOException {
        referenceTree();
        Map<String, String> wrong = new TreeMap<>();
        int cases = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                GlobTest.class.getResourceAsStream("glob-glibc.tsv"), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.startsWith("#") || line.isEmpty()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                List<String> want = f[1].isEmpty() ? List.of()
                        : Arrays.stream(f[1].split("\\|")).map(s -> s.replace("ROOT", root.toString())).toList();
                List<String> got = Glob.expand(root + "/" + f[0]);
                cases++;
                if (!got.equals(want)) {
                    wrong.put(f[0], "got " + got + " want " + want);
                }
            }
        }
        assertTrue(cases > 50, "table read");
        assertEquals(Map.of(), wrong);
    }

    @Test
    void starAndQuestionMarkDoNotMatchALeadingDot() throws IOException {
        touch("d/.a", "d/b", "d/.bc");
        assertEquals(List.of("d/b"), glob("d/*"));
        assertEquals(List.of("d/b"), glob("d/?"));
        assertEquals(List.of(), glob("d/[.]a"));
        assertEquals(List.of("d/.", "d/..", "d/.a", "d/.bc"), glob("d/.*"));
        assertEquals(List.of("d/.a"), glob("d/\\.a"));
    }

    @Test
    void questionMarkMatchesOneByte() throws IOException {
        touch("d/ab", "d/a", "d/abc");
        assertEquals(List.of("d/ab"), glob("d/a?"));
        assertEquals(List.of("d/ab", "d/abc"), glob("d/a?*"));
    }

    @Test
    void bracketsTakeSetsRangesAndNegation() throws IOException {
        touch("d/a", "d/b", "d/c", "d/-", "d/]", "d/!");
        assertEquals(List.of("d/a", "d/c"), glob("d/[ac]"));
        assertEquals(List.of("d/a", "d/b"), glob("d/[a-b]"));
        assertEquals(List.of("d/!", "d/-", "d/]", "d/c"), glob("d/[!ab]"));
        assertEquals(List.of("d/!", "d/-", "d/]", "d/c"), glob("d/[^ab]"));
        assertEquals(List.of("d/]", "d/a"), glob("d/[]a]"));
        assertEquals(List.of("d/-", "d/a"), glob("d/[a-]"));
        assertEquals(List.of(), glob("d/[c-a]"));
        assertEquals(List.of("d/a", "d/b", "d/c"), glob("d/[[:lower:]]"));
        assertEquals(List.of(), glob("d/[[:nosuch:]]"));
    }

    @Test
    void unterminatedBracketMatchesItself() throws IOException {
        touch("d/[a", "d/a");
        assertEquals(List.of("d/[a"), glob("d/[a"));
        assertEquals(List.of("d/[a"), glob("d/*[a"));
    }

    @Test
    void backslashEscapes() throws IOException {
        touch("d/*", "d/ab", "d/s/x");
        assertEquals(List.of("d/*"), glob("d/\\*"));
        assertEquals(List.of("d/ab"), glob("d/\\a\\b"));
        assertEquals(List.of("d/s/x"), glob("d/\\s/x"));
        assertEquals(List.of(), glob("d/ab\\"));
    }

    @Test
    void resultsAreSortedInCLocaleByteOrder() throws IOException {
        touch("d/b", "d/a", "d/B", "d/_", "d/Z", "d/1", "d/~");
        assertEquals(List.of("d/1", "d/B", "d/Z", "d/_", "d/a", "d/b", "d/~"), glob("d/*"));
    }

    @Test
    void nonAsciiNamesSortByTheirUtf8Bytes() throws IOException {
        assumeTrue("UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding")), "file names are not UTF-8 here");
        touch("d/é", "d/z", "d/\uFF21", "d/\uD83D\uDE00");
        // strcmp order of the UTF-8 bytes; String.compareTo would put U+FF21 after the emoji.
        assertEquals(List.of("d/z", "d/é", "d/\uFF21", "d/\uD83D\uDE00"), glob("d/*"));
        assertEquals(List.of("d/z"), glob("d/?"), "'?' is one byte, é is two");
        assertEquals(List.of("d/é"), glob("d/??"));
    }

    @Test
    void noMatchGivesNothing() throws IOException {
        touch("d/a");
        assertEquals(List.of(), glob("d/*.conf"));
        assertEquals(List.of(), glob("nodir/*"));
        assertEquals(List.of(), glob("d/b"));
        assertEquals(List.of(), Glob.expand(""));
    }

    @Test
    void literalNameNeedsOnlyToExistAsALink() throws IOException {
        Files.createDirectories(root.resolve("d"));
        Files.createSymbolicLink(root.resolve("d/gone"), Path.of("nowhere"));
        assertEquals(List.of("d/gone"), glob("d/gone"));
        assertEquals(List.of("d/gone"), glob("d/g*"));
    }

    @Test
    void resultsKeepThePatternsSpelling() throws IOException {
        touch("d/a.conf");
        assertEquals(List.of("d//a.conf"), glob("d//a*"));
        assertEquals(List.of("./d/a.conf"), glob("./d/a.conf"));
        assertEquals(List.of("d/../d/a.conf"), glob("d/../d/*"));
    }

    @Test
    void wildcardDirectoriesAreExpanded() throws IOException {
        touch("a1/x.conf", "a2/x.conf", "b/x.conf", "a3");
        assertEquals(List.of("a1/x.conf", "a2/x.conf"), glob("a*/x.conf"));
        assertEquals(List.of("a1/", "a2/"), glob("a*/"));
    }

    @Test
    void unreadableDirectoryIsSkippedSilently() throws IOException {
        touch("d/a", "e/a");
        Path d = root.resolve("d");
        d.toFile().setReadable(false, false);
        try {
            assumeTrue(!Files.isReadable(d), "running with privileges that ignore permissions");
            assertEquals(List.of("e/a"), glob("*/a*"));
        } finally {
            d.toFile().setReadable(true, false);
        }
    }

    @Test
    void dirnameFollowsGlibc() {
        Map<String, String> cases = new TreeMap<>(Map.ofEntries(
                Map.entry("/etc/slurm/plugstack.conf", "/etc/slurm"), Map.entry("plugstack.conf", "."),
                Map.entry("/plugstack.conf", "/"), Map.entry("//x", "//"), Map.entry("///x", "/"),
                Map.entry("a/b/", "a"), Map.entry("a//b", "a"), Map.entry("a//b//", "a"), Map.entry("/", "/"),
                Map.entry("//", "//"), Map.entry("///", "/"), Map.entry("", "."), Map.entry("a/", "."),
                Map.entry("/a/", "/"), Map.entry("./x", "."), Map.entry("..", "."), Map.entry("a///", ".")));
        cases.forEach((in, want) -> assertEquals(want, Glob.dirname(in), "dirname(\"" + in + "\")"));
    }

    @Test
    void matchesIsFnmatchWithLeadingPeriod() {
        assertTrue(Glob.matches("*.conf", "a.conf"));
        assertFalse(Glob.matches("*", ".a"));
        assertTrue(Glob.matches(".*", ".a"));
    }
}
