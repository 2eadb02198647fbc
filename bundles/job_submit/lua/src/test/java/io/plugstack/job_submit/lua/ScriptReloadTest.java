package io.plugstack.job_submit.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Load, mtime reload and keep-last-good (JSL-2…JSL-8), and the state between calls. */
class ScriptReloadTest {

    static final String COUNTING = "count = (count or 0)\n"
            + "function slurm_job_submit(job_desc, part_list, submit_uid)\n"
            + "  count = count + 1 slurm.log_user('v1 %d', count) return 0\nend\n"
            + "function slurm_job_modify() return 0 end\n";

    @TempDir
    Path dir;
    LuaSite site;

    @BeforeEach
    void setUp() {
        site = new LuaSite(dir);
    }

    private String submitMessage(JobSubmitLuaPlugin p) {
        site.submit(p, LuaSite.request());
        return site.message.get().orElse("");
    }

    @Test
    void globalsSurviveBetweenCalls() {
        JobSubmitLuaPlugin p = site.script(COUNTING).started();
        submitMessage(p);
        assertThat(submitMessage(p)).isEqualTo("v1 2");
        p.fini();
    }

    @Test
    void newerMtimeReloadsAndResetsGlobals() {
        JobSubmitLuaPlugin p = site.script(COUNTING).started();
        submitMessage(p);
        site.script(COUNTING.replace("v1", "v2"));
        assertThat(submitMessage(p)).isEqualTo("v2 1");
        p.fini();
    }

    @Test
    void editInTheSameSecondIsNotSeen() throws Exception {
        JobSubmitLuaPlugin p = site.script(COUNTING).started();
        Path file = dir.resolve(JobSubmitLuaPlugin.SCRIPT);
        FileTime loaded = Files.getLastModifiedTime(file);
        Files.writeString(file, COUNTING.replace("v1", "v2"));
        Files.setLastModifiedTime(file, loaded);
        assertThat(submitMessage(p)).isEqualTo("v1 1");
        p.fini();
    }

    @Test
    void brokenEditKeepsTheLastWorkingScriptAndSaysSoOnEveryRequest() {
        JobSubmitLuaPlugin p = site.script(COUNTING).started();
        submitMessage(p);
        site.script("function slurm_job_submit(\n");
        assertThat(submitMessage(p)).isEqualTo("v1 2");
        assertThat(submitMessage(p)).isEqualTo("v1 3");
        assertThat(site.log.lines().stream().filter(l -> l.startsWith("ERROR job_submit/lua: ")
                && l.contains("job_submit.lua:2:") && l.endsWith(", using previous script"))).hasSize(2);
        p.fini();
    }

    @Test
    void deletedScriptKeepsThePreviousState() throws Exception {
        JobSubmitLuaPlugin p = site.script(COUNTING).started();
        Files.delete(dir.resolve(JobSubmitLuaPlugin.SCRIPT));
        assertThat(submitMessage(p)).isEqualTo("v1 1");
        assertThat(site.log.lines()).anyMatch(l -> l.endsWith(", using previous script"));
        p.fini();
    }

    @Test
    void fixedScriptIsPickedUpAfterABrokenEdit() {
        JobSubmitLuaPlugin p = site.script(COUNTING).started();
        site.script("this is not lua");
        submitMessage(p);
        site.script(COUNTING.replace("v1", "v3"));
        assertThat(submitMessage(p)).isEqualTo("v3 1");
        p.fini();
    }

    @Test
    void syntaxErrorAtStartRefusesThePlugin() {
        JobSubmitLuaPlugin p = site.script("function slurm_job_submit(\n").plugin(io.plugstack.lua.LuaVersion.LUA_5_4);
        assertThat(p.init()).isNotZero();
        assertThat(site.log.lines()).anyMatch(l -> l.startsWith("ERROR job_submit/lua: ") && l.contains("job_submit.lua:2:")
                && !l.contains("using previous"));
    }

    @Test
    void missingScriptAtStartRefusesThePlugin() {
        assertThat(site.plugin(io.plugstack.lua.LuaVersion.LUA_5_4).init()).isNotZero();
    }

    @Test
    void missingRequiredFunctionRefusesThePluginNamingIt() {
        JobSubmitLuaPlugin p = site.script("function slurm_job_submit() return 0 end\n").plugin(io.plugstack.lua.LuaVersion.LUA_5_4);
        assertThat(p.init()).isNotZero();
        assertThat(site.log.lines()).anyMatch(l -> l.endsWith("job_submit.lua: missing required function slurm_job_modify"));
        assertThat(site.log.lines()).anyMatch(l -> l.endsWith("job_submit.lua: required function(s) not present"));
    }

    @Test
    void nonZeroChunkReturnRefusesThePlugin() {
        JobSubmitLuaPlugin p = site.script(COUNTING + "return 3\n").plugin(io.plugstack.lua.LuaVersion.LUA_5_4);
        assertThat(p.init()).isNotZero();
        assertThat(site.log.lines()).anyMatch(l -> l.endsWith("job_submit.lua: returned 3 on load"));
    }

    @Test
    void runtimeErrorInTheChunkRefusesThePlugin() {
        JobSubmitLuaPlugin p = site.script(COUNTING + "local x = nil .. 'a'\n").plugin(io.plugstack.lua.LuaVersion.LUA_5_4);
        assertThat(p.init()).isNotZero();
        assertThat(site.log.lines()).anyMatch(l -> l.contains("job_submit.lua:6: attempt to concatenate"));
    }

    @Test
    void concurrentCallsAreSerialisedSoNoCountIsLost() throws Exception {
        JobSubmitLuaPlugin p = site.script(COUNTING.replace("count = count + 1", "local c = count for i = 1, 200 do end count = c + 1")).started();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            done.add(pool.submit(() -> p.jobSubmit(LuaSite.request(), 1000, new io.plugstack.api.jobsubmit.UserMessage())));
        }
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();
        assertThat(submitMessage(p)).isEqualTo("v1 401");
        p.fini();
    }
}
