package io.plugstack.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** io.popen and os.execute go through /bin/sh with C Lua 5.4's results (the natives have no popen). */
class HostShellTest {

    @TempDir
    Path dir;
    LuaHarness lua;

    @BeforeEach
    void setUp() {
        lua = new LuaHarness(dir);
    }

    @Test
    void popenRunsAShellPipeline() {
        assertThat(lua.eval("io.popen('echo abc | tr a x'):read('*a')")).isEqualTo("xbc\n");
    }

    @Test
    void popenExpandsShellGlobsAndVariables() throws Exception {
        Files.writeString(dir.resolve("one.conf"), "");
        assertThat(lua.eval("io.popen('cd " + dir + " && X=hi; echo $X *.conf'):read('l')")).isEqualTo("hi one.conf");
    }

    @Test
    void popenReadsLineByLineAndReturnsNilAtEnd() {
        assertThat(lua.eval("(function() local f = io.popen('printf \"a\\\\nb\\\\n\"') local t = {} "
                + "for l in f:lines() do t[#t + 1] = l end f:close() return table.concat(t, '+') end)()")).isEqualTo("a+b");
    }

    @Test
    void popenReadsNumbers() {
        assertThat(lua.eval("io.popen('echo 42 7'):read('n', 'n') + 0")).isEqualTo("42");
    }

    @Test
    void popenCloseReportsTheExitStatus() {
        assertThat(lua.eval("select(3, io.popen('exit 3'):close())")).isEqualTo("3");
    }

    @Test
    void popenWriteModeFeedsTheCommand() {
        Path out = dir.resolve("out.txt");
        lua.eval("io.popen('cat > " + out + "', 'w'):write('hello ', 42):close()");
        assertThat(out).hasContent("hello 42");
    }

    @Test
    void readFromAClosedPopenFileIsAnError() {
        assertThat(lua.eval("(function() local f = io.popen('true') f:close() return f:read() end)()"))
                .contains("attempt to use a closed file");
    }

    @Test
    void osExecuteReturnsLua54Triple() {
        assertThat(lua.eval("table.concat({tostring((os.execute('exit 3'))), select(2, os.execute('exit 3'))}, ' ')"))
                .isEqualTo("nil exit 3");
    }

    @Test
    void osExecuteRunsThroughTheShell() throws Exception {
        Path out = dir.resolve("x");
        assertThat(lua.eval("os.execute('echo a | tr a b > " + out + "')")).isEqualTo("true");
        assertThat(out).hasContent("b\n");
    }

    @Test
    void osExecuteWithoutCommandSaysAShellExists() {
        assertThat(lua.eval("os.execute()")).isEqualTo("true");
    }

    @Test
    void commandsRunWithTheBenchsSlurmCommandsFirstOnPath() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bench-bin"));
        Path squeue = bin.resolve("squeue");
        Files.writeString(squeue, "#!/bin/sh\necho bench squeue\n");
        squeue.toFile().setExecutable(true);
        try (party.iroiro.luajava.Lua L = LuaStates.open(LuaVersion.LUA_5_4);
                HostLibrary host = HostLibrary.install(L, LuaVersion.LUA_5_4, io.plugstack.api.user.OnBehalfOf::thisProcess,
                        env -> java.util.Map.of("PATH", bin + ":" + env.get("PATH")))) {
            L.run("result = io.popen('squeue'):read('l')");
            L.getGlobal("result");
            assertThat(L.toString(-1)).isEqualTo("bench squeue");
            L.run("status = os.execute('test \"$(command -v squeue)\" = " + squeue + "')");
            L.getGlobal("status");
            assertThat(L.toBoolean(-1)).isTrue();
        }
    }
}
