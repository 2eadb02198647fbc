package io.plugstack.runtime.spank.conf;

import io.plugstack.api.slurm.SlurmLog;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.plugstack.api.slurm.SlurmLog.Level;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SPANK-2…8, E-1…E-3, T-7: plugstack.conf read as Slurm's spank.c reads it. */
class PlugstackConfTest {

    @TempDir
    Path dir;

    private final RecordingLog log = new RecordingLog();

    private Path write(String name, String content) throws IOException {
        return write(name, content.getBytes(StandardCharsets.UTF_8));
    }

    private Path write(String name, byte[] content) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.write(p, content);
        return p;
    }

    private PlugstackConf.Result read(Path file) {
        return PlugstackConf.read(file, log);
    }

    /** "plugin@file:line" for each entry, the file as spelt, without the temp dir's prefix. */
    private List<String> where(PlugstackConf.Result r) {
        List<String> out = new ArrayList<>();
        for (StackEntry e : r.entries()) {
            String file = e.file().toString();
            assertTrue(file.startsWith(dir + "/"), file);
            out.add(e.plugin() + "@" + file.substring(dir.toString().length() + 1) + ":" + e.line());
        }
        return out;
    }

    private static StackEntry only(PlugstackConf.Result r) {
        assertEquals(1, r.entries().size(), r.entries().toString());
        return r.entries().get(0);
    }

    @Test
    void missingFileIsAnEmptyStack() {
        PlugstackConf.Result r = read(dir.resolve("plugstack.conf"));
        assertTrue(r.ok());
        assertEquals(List.of(), r.entries());
        assertEquals(List.of(), log.errors());
    }

    @Test
    void unreadableFileFailsTheStack() throws IOException {
        Path conf = write("plugstack.conf", "required a.so\n");
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("---------"));
        // As root (or with CAP_DAC_OVERRIDE) permissions do not block reads, so there is no
        // unreadable file to make; symlinkLoopFailsTheStack covers the same path for root. A
        // directory would not do: Slurm opens a directory fine and reads it as empty.
        assumeFalse(Files.isReadable(conf), "running with privileges that ignore file permissions");
        PlugstackConf.Result r = read(conf);
        String expected = "spank: Failed to open " + conf + ": Permission denied";
        assertEquals(Optional.of(expected), r.failure());
        assertEquals(List.of(expected), log.errors());
        assertEquals(List.of(), r.entries());
    }

    @Test
    void symlinkLoopFailsTheStack() throws IOException {
        Path conf = dir.resolve("plugstack.conf");
        Files.createSymbolicLink(conf, conf.getFileName());
        PlugstackConf.Result r = read(conf);
        String expected = "spank: Failed to open " + conf + ": Too many levels of symbolic links";
        assertEquals(Optional.of(expected), r.failure());
        assertEquals(List.of(expected), log.errors());
    }

    @Test
    void directoryInPlaceOfFileIsAnEmptyStack() throws IOException {
        Path conf = Files.createDirectory(dir.resolve("plugstack.conf"));
        PlugstackConf.Result r = read(conf);
        assertTrue(r.ok());
        assertEquals(List.of(), r.entries());
        assertEquals(List.of(), log.errors());
    }

    @Test
    void requiredAndOptionalEntriesKeepFileOrder() throws IOException {
        Path conf = write("plugstack.conf", "optional b\nrequired a\n\noptional /usr/lib/c.so\nrequired b\n");
        PlugstackConf.Result r = read(conf);
        assertTrue(r.ok());
        assertEquals(List.of("b@plugstack.conf:1", "a@plugstack.conf:2", "/usr/lib/c.so@plugstack.conf:4",
                "b@plugstack.conf:5"), where(r));
        assertEquals(List.of(false, true, false, true), r.entries().stream().map(StackEntry::required).toList());
        assertEquals(conf, r.entries().get(0).file());
    }

    @Test
    void argumentsAfterPluginBecomeArgv() throws IOException {
        StackEntry e = only(read(write("plugstack.conf", "required renice min_prio=-5   default=0 x\n")));
        assertEquals("renice", e.plugin());
        assertEquals(List.of("min_prio=-5", "default=0", "x"), e.args());
    }

    @Test
    void noArgumentsGiveEmptyArgv() throws IOException {
        StackEntry e = only(read(write("plugstack.conf", "optional renice   \n")));
        assertEquals("renice", e.plugin());
        assertEquals(List.of(), e.args());
    }

    @Test
    void hashStartsACommentAnywhere() throws IOException {
        PlugstackConf.Result r = read(write("plugstack.conf",
                "# a comment\n   # indented\nrequired a x#y z\noptional b#c\nrequired \"quoted#not\" q\n#required d\n"));
        assertEquals(List.of("a@plugstack.conf:3", "b@plugstack.conf:4", "\"quoted@plugstack.conf:5"), where(r));
        assertEquals(List.of("x"), r.entries().get(0).args());
        assertEquals(List.of(), r.entries().get(1).args());
        assertEquals(List.of(), log.errors());
    }

    @Test
    void capitalisedKeywordIsLoggedAndSkipped() throws IOException {
        Path conf = write("plugstack.conf", "Required x.so\noptional y.so\n");
        PlugstackConf.Result r = read(conf);
        assertTrue(r.ok());
        assertEquals(List.of(
                "spank: Invalid option \"Required\". Must be required, optional or include",
                "spank: " + conf + ":1: Invalid line. Ignoring."), log.errors());
        assertEquals(List.of("y.so@plugstack.conf:2"), where(r));
    }

    @Test
    void keywordWithoutPluginIsInvalidLine() throws IOException {
        Path conf = write("plugstack.conf", "required\noptional   # x.so\ninclude\nrequired ok\n");
        PlugstackConf.Result r = read(conf);
        assertTrue(r.ok());
        assertEquals(List.of(
                "spank: " + conf + ":1: Invalid line. Ignoring.",
                "spank: " + conf + ":2: Invalid line. Ignoring.",
                "spank: " + conf + ":3: Invalid line. Ignoring."), log.errors());
        assertEquals(List.of("ok@plugstack.conf:4"), where(r));
    }

    @Test
    void crlfGluesCarriageReturnToLastToken() throws IOException {
        Path conf = write("plugstack.conf", "required demo\r\noptional other a b\r\nrequired spaced \r\nRequired\r\n");
        PlugstackConf.Result r = read(conf);
        assertEquals("demo\r", r.entries().get(0).plugin());
        assertEquals(List.of(), r.entries().get(0).args());
        assertEquals(List.of("a", "b\r"), r.entries().get(1).args());
        assertEquals(List.of("\r"), r.entries().get(2).args());
        assertEquals(List.of(
                "spank: Invalid option \"Required\r\". Must be required, optional or include",
                "spank: " + conf + ":4: Invalid line. Ignoring."), log.errors());
    }

    @Test
    void tabsSeparateTokens() throws IOException {
        PlugstackConf.Result r = read(write("plugstack.conf", "\trequired\tdemo\ta\t\tb \t\noptional\tv\u000Bw\ff\n"));
        assertEquals(List.of("demo", "v\u000Bw\ff"), r.entries().stream().map(StackEntry::plugin).toList());
        assertEquals(List.of("a", "b"), r.entries().get(0).args());
    }

    @Test
    void lineLongerThan4095BytesIsSplit() throws IOException {
        String head = "optional " + "p".repeat(4095 - "optional ".length()); // exactly 4095 bytes
        Path conf = write("plugstack.conf", head + "b c\nrequired next\n" + "x".repeat(4095) + "\nrequired last\n");
        PlugstackConf.Result r = read(conf);
        assertEquals(List.of("p".repeat(4086) + "@plugstack.conf:1", "next@plugstack.conf:3", "last@plugstack.conf:6"),
                where(r));
        assertEquals(List.of(
                "spank: Invalid option \"b\". Must be required, optional or include",
                "spank: " + conf + ":2: Invalid line. Ignoring.",
                "spank: Invalid option \"" + "x".repeat(4095) + "\". Must be required, optional or include",
                "spank: " + conf + ":4: Invalid line. Ignoring."), log.errors());
    }

    @Test
    void nulByteEndsTheLine() throws IOException {
        byte[] bytes = "required a b\0c d\noptional e\n".getBytes(StandardCharsets.UTF_8);
        PlugstackConf.Result r = read(write("plugstack.conf", bytes));
        assertEquals(List.of("a@plugstack.conf:1", "e@plugstack.conf:2"), where(r));
        assertEquals(List.of("b"), r.entries().get(0).args());
    }

    @Test
    void includeIsRelativeToTheIncludingFile() throws IOException {
        Path conf = write("etc/plugstack.conf", "include sub/inc.conf\n");
        write("etc/sub/inc.conf", "required a\ninclude more.conf\n");
        write("etc/sub/more.conf", "required b\n");
        write("etc/more.conf", "required wrong\n");
        write("more.conf", "required wrong\n");
        PlugstackConf.Result r = read(conf);
        assertTrue(r.ok());
        assertEquals(List.of("a@etc/sub/inc.conf:1", "b@etc/sub/more.conf:1"), where(r));
        assertTrue(log.at(Level.DEBUG).contains(conf + ": 1: include \"" + dir.resolve("etc") + "/sub/inc.conf\""),
                log.all.toString());
    }

    @Test
    void includeGlobMatchesAreSorted() throws IOException {
        Path conf = write("plugstack.conf", "include conf.d/*.conf\n");
        for (String n : List.of("b", "a", "B", "_x", "Z", "a1", "A")) {
            write("conf.d/" + n + ".conf", "required " + n + "\n");
        }
        write("conf.d/.hidden.conf", "required hidden\n");
        // C locale: byte order, upper case before '_' before lower case; dot files not matched by '*'.
        assertEquals(List.of("A", "B", "Z", "_x", "a", "a1", "b"),
                read(conf).entries().stream().map(StackEntry::plugin).toList());
    }

    @Test
    void includeWithNoMatchIsNothing() throws IOException {
        PlugstackConf.Result r = read(write("plugstack.conf", "include nothing/*.conf\ninclude none.conf\nrequired a\n"));
        assertTrue(r.ok());
        assertEquals(List.of("a@plugstack.conf:3"), where(r));
        assertEquals(List.of(), log.errors());
    }

    @Test
    void nestedIncludes() throws IOException {
        Path conf = write("plugstack.conf", "required top\ninclude one.conf\nrequired end\n");
        write("one.conf", "include d/two.conf\nrequired one\n");
        write("d/two.conf", "required two\ninclude ../three.conf\n");
        write("three.conf", "optional three\n");
        PlugstackConf.Result r = read(conf);
        assertTrue(r.ok());
        assertEquals(List.of("top@plugstack.conf:1", "two@d/two.conf:1", "three@d/../three.conf:1", "one@one.conf:2",
                "end@plugstack.conf:3"), where(r));
    }

    @Test
    void extraTokensAfterIncludePatternAreIgnored() throws IOException {
        write("a.conf", "required a\n");
        write("b.conf", "required b\n");
        PlugstackConf.Result r = read(write("plugstack.conf", "include a.conf b.conf Required\n"));
        assertEquals(List.of("a@a.conf:1"), where(r));
        assertEquals(List.of(), log.errors());
    }

    @Test
    void selfIncludeFailsTheStackInsteadOfOverflowing() throws IOException {
        Path conf = write("plugstack.conf", "required a\ninclude plugstack.conf\nrequired never\n");
        PlugstackConf.Result r = read(conf);
        String expected = "spank: " + conf + ":2: include \"" + conf + "\" nests deeper than 64 levels"
                + " (include loop?). Aborting.";
        assertEquals(Optional.of(expected), r.failure());
        assertEquals(List.of(expected), log.errors());
        assertEquals(PlugstackConf.MAX_INCLUDE_DEPTH + 1, r.entries().size());
        assertTrue(r.entries().stream().allMatch(e -> e.plugin().equals("a")));
    }

    @Test
    void lineNumbersAreCountedPerFile() throws IOException {
        Path conf = write("plugstack.conf", "# head\nrequired a\ninclude inc.conf\nrequired c\n");
        write("inc.conf", "\n\nrequired b\nBad b\n");
        PlugstackConf.Result r = read(conf);
        assertEquals(List.of("a@plugstack.conf:2", "b@inc.conf:3", "c@plugstack.conf:4"), where(r));
        assertEquals("spank: " + dir.resolve("inc.conf") + ":4: Invalid line. Ignoring.", log.errors().get(1));
    }

    @Test
    void failureInsideIncludedFileFailsTheStack() throws IOException {
        Path conf = write("plugstack.conf", "required a\ninclude conf.d/*\nrequired never\n");
        write("conf.d/a.conf", "required b\n");
        Files.createSymbolicLink(dir.resolve("conf.d/b.conf"), Path.of("b.conf"));
        write("conf.d/c.conf", "required never\n");
        PlugstackConf.Result r = read(conf);
        String expected = "spank: Failed to open " + dir.resolve("conf.d/b.conf") + ": Too many levels of symbolic links";
        assertEquals(Optional.of(expected), r.failure());
        assertEquals(List.of("a@plugstack.conf:1", "b@conf.d/a.conf:1"), where(r));
    }

    @Test
    void includedDirectoriesAndDanglingLinksAreNothing() throws IOException {
        Path conf = write("plugstack.conf", "include conf.d/*\nrequired z\n");
        Files.createDirectories(dir.resolve("conf.d/sub"));
        Files.createSymbolicLink(dir.resolve("conf.d/gone"), Path.of("nowhere"));
        write("conf.d/sub/x.conf", "required sub\n");
        PlugstackConf.Result r = read(conf);
        assertTrue(r.ok());
        assertEquals(List.of("z@plugstack.conf:2"), where(r));
        assertEquals(List.of(), log.errors());
    }

    @Test
    void readingLogsSlurmsDebugLines() throws IOException {
        Path conf = write("plugstack.conf", "include inc.conf\n");
        write("inc.conf", "");
        read(conf);
        assertEquals(List.of(
                "spank: opening plugin stack " + conf,
                conf + ": 1: include \"" + dir + "/inc.conf\"",
                "spank: opening plugin stack " + dir + "/inc.conf"), log.at(Level.DEBUG));
    }

    @Test
    void snapshotReadsTheWholeFile() throws IOException {
        byte[] bytes = "required a\n".repeat(10_000).getBytes(StandardCharsets.UTF_8);
        assertEquals(new String(bytes, StandardCharsets.UTF_8),
                new String(PlugstackConf.snapshot(write("big.conf", bytes)), StandardCharsets.UTF_8));
    }

    @Test
    void errnoTextDropsJavasSymlinkSuffix() {
        assertEquals("Too many levels of symbolic links", PlugstackConf.errnoText(new java.nio.file.FileSystemException(
                "/x", null, "Too many levels of symbolic links or unable to access attributes of symbolic link")));
        assertEquals("Not a directory",
                PlugstackConf.errnoText(new java.nio.file.FileSystemException("/x", null, "Not a directory")));
        assertFalse(PlugstackConf.errnoText(new java.nio.file.AccessDeniedException("/x")).isEmpty());
    }
}
