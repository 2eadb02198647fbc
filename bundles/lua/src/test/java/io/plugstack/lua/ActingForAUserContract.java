package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.UnixUsers;

/**
 * A call made for another user, in a runtime running as root: the standard library's file access acts
 * as that user, so the kernel checks that user's rights (one Lua version per subclass: one global Lua
 * per JVM). {@code secret} is a root-only directory, {@code shadow} a root-only file beside the user's
 * files, {@code home} a directory of the user's.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
abstract class ActingForAUserContract {

    @TempDir
    Path dir;
    LuaHarness lua;
    OnBehalfOf user;
    Path secret;
    Path shadow;
    Path home;

    abstract LuaVersion version();

    boolean v51() {
        return version() == LuaVersion.LUA_5_1;
    }

    @BeforeEach
    void aUserAndRootsFiles() throws Exception {
        LuaTestUsers.assumeRoot();
        user = LuaTestUsers.ensure(LuaTestUsers.USER, false);
        LuaTestUsers.open(dir);
        lua = new LuaHarness(dir);
        secret = LuaTestUsers.rootOnly(dir, "secret");
        Files.writeString(secret.resolve("key"), "TOPSECRET");
        shadow = LuaTestUsers.mode(Files.writeString(dir.resolve("shadow"), "TOPSECRET"), "rw-------");
        home = LuaTestUsers.ownedBy(dir, "home", user);
    }

    /** {@code body} run in a call for the user. */
    String asUser(String body) {
        return lua.runAs(user, version(), body);
    }

    static String q(Path p) {
        return "'" + p + "'";
    }

    @Test
    void openAnswersPermissionDeniedForWhatOnlyRootMayReadAndNoSuchFileAsCLuaDoes() {
        assertThat(asUser("return all(io.open(" + q(shadow) + "))")).isEqualTo("nil|" + shadow + ": Permission denied|13");
        assertThat(asUser("return all(io.open(" + q(secret.resolve("key")) + "))"))
                .isEqualTo("nil|" + secret.resolve("key") + ": Permission denied|13");
        assertThat(asUser("return all(io.open(" + q(home.resolve("none")) + "))"))
                .isEqualTo("nil|" + home.resolve("none") + ": No such file or directory|2");
    }

    @Test
    void writingThroughALinkTheUserPlantedIntoARootOnlyDirectoryWritesNothing() throws IOException {
        Path planted = home.resolve(".slurm_last_submit");
        Files.createSymbolicLink(planted, secret.resolve("x"));
        assertThat(asUser("return all(io.open(" + q(planted) + ", 'w'))")).isEqualTo("nil|" + planted + ": Permission denied|13");
        assertThat(secret.resolve("x")).doesNotExist();
    }

    @Test
    void aFileTheUserMayWriteIsWrittenAndBelongsToTheUser() throws IOException {
        Path out = home.resolve("out");
        assertThat(asUser("local f = io.open(" + q(out) + ", 'w') f:write('a', 1, ' ', 2.5) f:flush() f:write('\\n') "
                + "local a = all(f:close()) local g = io.open(" + q(out) + ", 'a') g:write('more') g:close() return a")).isEqualTo("true");
        assertThat(out).hasContent("a1 2.5\nmore");
        assertThat(LuaTestUsers.owner(out)).isEqualTo(user.uid());
    }

    @Test
    void readFormatsLinesAndSeekWorkOnAFileOfTheUsers() throws IOException {
        assertThat(asUser("""
                local w = io.open(%1$s, 'w')
                w:write('12 x\\nline2\\nlast')
                w:close()
                local f = io.open(%1$s)
                local r = all(f:read('*n', '*l', '*L', 2))
                local size = f:seek('end')
                f:seek('set', 5)
                local rest = f:read('*a')
                local n = 0
                for l in io.lines(%1$s) do n = n + 1 end
                f:close()
                return r .. '|' .. size .. '|' .. rest:gsub('\\n', '/') .. '|' .. n
                """.formatted(q(home.resolve("in"))))).isEqualTo("12| x|line2\n|la|15|line2/last|3");
        assertThat(LuaTestUsers.owner(home.resolve("in"))).isEqualTo(user.uid());
    }

    @Test
    void bytesReadAndWrittenAsTheUserAreTheFilesBytes() throws IOException {
        byte[] bytes = {'a', 0, (byte) 0xff, '\r', '\n', (byte) 0xf0, (byte) 0x9f, (byte) 0x98, (byte) 0x80, '"', '\\', '7'};
        Files.write(home.resolve("bin"), bytes);
        asUser("local f = io.open(" + q(home.resolve("bin")) + ", 'rb') local s = f:read('*a') f:close() "
                + "local g = io.open(" + q(home.resolve("copy")) + ", 'wb') g:write(s) g:close() return ''");
        assertThat(home.resolve("copy")).hasBinaryContent(bytes);
        assertThat(LuaTestUsers.owner(home.resolve("copy"))).isEqualTo(user.uid());
    }

    @Test
    void ioLinesOfAFileOnlyRootMayReadRaisesPermissionDenied() {
        assertThat(asUser("return select(2, pcall(function() for l in io.lines(" + q(shadow) + ") do return l end end))"))
                .endsWith(v51() ? "bad argument #1 to 'lines' (" + shadow + ": Permission denied)"
                        : "cannot open file '" + shadow + "' (Permission denied)")
                .doesNotContain("TOPSECRET");
    }

    @Test
    void osRemoveAndRenameActAsTheUser() throws IOException {
        Files.writeString(home.resolve("mine"), "x");
        assertThat(asUser("return all(os.remove(" + q(shadow) + "))")).isEqualTo("nil|" + shadow + ": Permission denied|13");
        assertThat(asUser("return all(os.rename(" + q(secret.resolve("key")) + ", " + q(home.resolve("stolen")) + "))"))
                .isEqualTo(v51() ? "nil|" + secret.resolve("key") + ": Permission denied|13" : "nil|Permission denied|13");
        assertThat(asUser("return all(os.rename(" + q(home.resolve("mine")) + ", " + q(home.resolve("moved")) + "), "
                + "os.remove(" + q(home.resolve("moved")) + "))")).isEqualTo("true|true");
        assertThat(shadow).exists();
        assertThat(secret.resolve("key")).exists();
        assertThat(home.resolve("mine")).doesNotExist();
        assertThat(home.resolve("moved")).doesNotExist();
    }

    @Test
    void dofileAndLoadfileOfAFileOnlyRootMayReadFail() throws IOException {
        Path chunk = LuaTestUsers.mode(Files.writeString(dir.resolve("chunk.lua"), "return 'loaded'"), "rw-------");
        assertThat(asUser("return all(loadfile(" + q(chunk) + "))")).isEqualTo("nil|cannot open " + chunk + ": Permission denied");
        assertThat(asUser("return all(pcall(dofile, " + q(chunk) + "))")).isEqualTo("false|cannot open " + chunk + ": Permission denied");
        Files.writeString(home.resolve("mine.lua"), "#!/usr/bin/lua\nreturn 'mine', select('#', ...)");
        assertThat(asUser("return all(dofile(" + q(home.resolve("mine.lua")) + "))")).isEqualTo("mine|0");
    }

    @Test
    void requireFindsOnlyModulesTheUserMayRead() throws IOException {
        Files.writeString(secret.resolve("sitemod.lua"), "LEAKED = true return 'secret'");
        Files.writeString(home.resolve("sitemod.lua"), "return \"the user's\"");
        assertThat(asUser("""
                package.path = '%s/?.lua'
                local ok, e = pcall(require, 'sitemod')
                return tostring(ok) .. '|' .. tostring(LEAKED) .. '|' .. e
                """.formatted(secret))).startsWith("false|nil|module 'sitemod' not found:")
                .contains("no file '" + secret.resolve("sitemod.lua") + "'");
        assertThat(asUser("package.path = '%s/?.lua;%s/?.lua' return require('sitemod')".formatted(secret, home)))
                .isEqualTo("the user's");
    }

    @Test
    void aCModuleTheUserControlsIsNotLoaded() throws IOException {
        Files.writeString(home.resolve("evil.so"), "not a library");
        assertThat(asUser("package.cpath = " + q(home.resolve("?.so")) + " return select(2, pcall(require, 'evil'))"))
                .contains("no C module loaded: " + home).contains("owned by uid " + user.uid());
    }

    @Test
    void osTmpnameGivesAFileOfTheUsers() throws IOException {
        Path tmp = Path.of(asUser("return os.tmpname()"));
        try {
            assertThat(tmp).isRegularFile();
            assertThat(LuaTestUsers.owner(tmp)).isEqualTo(user.uid());
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    @Test
    void getenvAnswersTheUsersHomeAndName() {
        UnixUsers.Entry e = UnixUsers.byUid(user.uid()).orElseThrow();
        assertThat(asUser("return all(os.getenv('HOME'), os.getenv('USER'), os.getenv('LOGNAME'), os.getenv('SHELL'))"))
                .isEqualTo(e.home() + "|" + e.name() + "|" + e.name() + "|/bin/sh");
        assertThat(asUser("return io.popen('echo $HOME $USER'):read('*l')")).isEqualTo(e.home() + " " + e.name());
    }

    @Test
    void ioInputAndOutputByPathActAsTheUser() throws IOException {
        Files.writeString(home.resolve("in"), "first\nsecond\n");
        assertThat(asUser("local ok, e = pcall(function() io.input(" + q(shadow) + ") end) return tostring(ok) .. '|' .. e"))
                .endsWith(v51() ? "bad argument #1 to 'input' (" + shadow + ": Permission denied)"
                        : "cannot open file '" + shadow + "' (Permission denied)");
        assertThat(asUser("io.input(" + q(home.resolve("in")) + ") io.output(" + q(home.resolve("out")) + ") "
                + "io.write(io.read('*l'), '!') local t = io.type(io.output()) io.close() io.input(io.stdin) io.output(io.stdout) return t"))
                .isEqualTo("file");
        assertThat(home.resolve("out")).hasContent("first!");
        assertThat(LuaTestUsers.owner(home.resolve("out"))).isEqualTo(user.uid());
    }

    @Test
    void openingAFifoNobodyWritesIsBoundedByTheCallsTimeLimit() throws Exception {
        Path fifo = home.resolve("fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        long start = System.nanoTime();
        String result = asUser("return all(io.open(" + q(fifo) + "))");
        assertThat(System.nanoTime() - start).isLessThan(java.util.concurrent.TimeUnit.SECONDS.toNanos(5));
        assertThat(result).satisfiesAnyOf(r -> assertThat(r).startsWith("nil|" + fifo + ": timed out acting for uid " + user.uid()),
                r -> assertThat(r).contains("exceeded its time limit"));
    }

    @Test
    void updateModesAreRefusedWithAClearError() throws IOException {
        Files.writeString(home.resolve("mine"), "x");
        assertThat(asUser("return all(io.open(" + q(home.resolve("mine")) + ", 'r+'))"))
                .startsWith("nil|" + home.resolve("mine") + ": Operation not supported (mode 'r+' while acting for uid " + user.uid())
                .endsWith("|95");
    }

    /** A guard rather than a fix: what the runtime does as itself is as before. */
    @Test
    void theRuntimesOwnUserKeepsCLuasOwnFunctions() {
        assertThat(lua.runAs(OnBehalfOf.thisProcess(), version(), "return io.open(" + q(shadow) + "):read('*a')")).isEqualTo("TOPSECRET");
        assertThat(lua.runAs(OnBehalfOf.thisProcess(), version(), "return select(2, pcall(function() io.open() end))"))
                .endsWith("bad argument #1 to 'open' (string expected, got no value)");
    }
}
