package io.plugstack.cli_filter.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.UnixUsers;
import io.plugstack.lua.LuaTestUsers;
import io.plugstack.lua.LuaVersion;
import io.plugstack.testkit.RecordingLogger;
import io.plugstack.testkit.clifilter.FakeCliOptions;

/**
 * In Slurm the hooks run inside the user's own srun, sbatch or salloc; here, in a runtime running as
 * root, they act as the command's user ({@code CliOptions.uid()/gid()}): file access included, not
 * only io.popen. The script's own load (plugin init) stays the runtime's.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CliFilterLuaActsForTheUserTest {

    @TempDir
    Path dir;
    final RecordingLogger log = new RecordingLogger(CliFilterLuaPlugin.PLUGIN_TYPE);
    OnBehalfOf user;
    /** A root-only file. */
    Path secret;
    /** A directory of the user's. */
    Path home;

    /** plugstack-run (runtime/bridge's build): a root runtime starts the user's programs with it in their directory. */
    static final Path RUN = Path.of("../../../runtime/bridge/target/c/plugstack-run").toAbsolutePath().normalize();

    @BeforeEach
    void aUserAndARootOnlyFile() throws Exception {
        LuaTestUsers.assumeRoot();
        assertThat(RUN).as("plugstack-run, built by runtime/bridge (make run)").isExecutable();
        System.setProperty(OnBehalfOf.MONITOR_CLIENT_PROPERTY, RUN.toString());
        user = LuaTestUsers.ensure(LuaTestUsers.USER, false);
        LuaTestUsers.open(dir);
        secret = LuaTestUsers.mode(Files.writeString(dir.resolve("secret"), "TOPSECRET"), "rw-------");
        home = LuaTestUsers.ownedBy(dir, "home", user);
    }

    /** A plugin whose three hooks run {@code hook} (which may use the hook's name as {@code HOOK}). */
    private CliFilterLuaPlugin started(String hook) throws IOException {
        return started("", hook);
    }

    private CliFilterLuaPlugin started(String chunk, String hook) throws IOException {
        StringBuilder lua = new StringBuilder(chunk).append('\n');
        for (String name : new String[] {"setup_defaults", "pre_submit", "post_submit"}) {
            lua.append("function slurm_cli_").append(name).append("(...)\n  local HOOK = '").append(name).append("'\n")
                    .append(hook).append("\n  return slurm.SUCCESS\nend\n");
        }
        Path file = dir.resolve(CliFilterLuaPlugin.SCRIPT);
        Files.writeString(file, lua);
        CliFilterLuaPlugin p = new CliFilterLuaPlugin(file, LuaVersion.LUA_5_4, "cluster", Map::of, log);
        assertThat(p.init()).as("init: %s", log.lines()).isZero();
        return p;
    }

    /** One sbatch of the user's: its three hooks. */
    private void submit(CliFilterLuaPlugin p) {
        submit(p, new FakeCliOptions(SlurmCommand.SBATCH).user(user.uid(), user.gid()));
    }

    /** One sbatch of the user's run in {@code workdir} with {@code environment}, as the shim reports them. */
    private void submitIn(CliFilterLuaPlugin p, Path workdir, Map<String, String> environment) {
        submit(p, new FakeCliOptions(SlurmCommand.SBATCH).user(user.uid(), user.gid()).process(workdir, environment));
    }

    private void submit(CliFilterLuaPlugin p, FakeCliOptions o) {
        p.setupDefaults(o, false);
        p.preSubmit(o, 0);
        p.postSubmit(0, 1, NoVal.NO_VAL);
        p.fini();
    }

    @Test
    void aHookCannotReadAFileOnlyRootMayRead() throws IOException {
        submit(started("""
                local f, e = io.open('%s')
                slurm.log_info('%%s: %%s %%s', HOOK, tostring(f and f:read('*a')), tostring(e))
                """.formatted(secret)));
        assertThat(log.lines()).contains("INFO lua: setup_defaults: nil " + secret + ": Permission denied",
                "INFO lua: pre_submit: nil " + secret + ": Permission denied", "INFO lua: post_submit: nil " + secret + ": Permission denied");
        assertThat(log.lines()).noneMatch(l -> l.contains("TOPSECRET"));
    }

    @Test
    void aHookWritingThroughALinkTheUserPlantedWritesNothingWhereOnlyRootMayWrite() throws IOException {
        Path rootOnly = LuaTestUsers.rootOnly(dir, "rootonly");
        Path planted = Files.createSymbolicLink(home.resolve(".slurm_last_submit"), rootOnly.resolve("x"));
        submit(started("""
                local f, e = io.open('%s', 'w')
                if f then f:write('submitted') f:close() end
                slurm.log_info('%%s: %%s', HOOK, tostring(e))
                """.formatted(planted)));
        assertThat(log.lines()).contains("INFO lua: pre_submit: " + planted + ": Permission denied");
        assertThat(rootOnly.resolve("x")).doesNotExist();
    }

    @Test
    void aHookWritesAFileTheUserMayWriteAndItIsTheUsers() throws IOException {
        Path out = home.resolve(".slurm_last_submit");
        submit(started("""
                local f = assert(io.open('%s', 'a'))
                f:write(HOOK, '\\n')
                f:close()
                """.formatted(out)));
        assertThat(out).hasContent("setup_defaults\npre_submit\npost_submit\n");
        assertThat(LuaTestUsers.owner(out)).isEqualTo(user.uid());
    }

    @Test
    void aHookSeesTheUsersHome() throws IOException {
        submit(started("slurm.log_info('%s HOME=%s', HOOK, os.getenv('HOME'))"));
        String home = UnixUsers.byUid(user.uid()).orElseThrow().home();
        assertThat(log.lines()).contains("INFO lua: setup_defaults HOME=" + home, "INFO lua: pre_submit HOME=" + home,
                "INFO lua: post_submit HOME=" + home);
    }

    @Test
    void aHookSeesTheCommandsEnvironmentInGetenvAndJsonEnv() throws IOException {
        submitIn(started("slurm.log_info('%s %s %s %s', HOOK, os.getenv('PROJECT'), tostring(os.getenv('PATH')),"
                + " tostring(slurm.json_env():find('\"PROJECT\":\"p1\"', 1, true) ~= nil))"),
                home, Map.of("PROJECT", "p1", "HOME", home.toString()));
        assertThat(log.lines()).contains("INFO lua: pre_submit p1 nil true");
    }

    @Test
    void aRelativePathIsInTheCommandsWorkingDirectory() throws IOException {
        submitIn(started("""
                local f = assert(io.open('relative.txt', 'a'))
                f:write(HOOK, '\\n')
                f:close()
                """), home, Map.of());
        assertThat(home.resolve("relative.txt")).hasContent("setup_defaults\npre_submit\npost_submit\n");
        assertThat(LuaTestUsers.owner(home.resolve("relative.txt"))).isEqualTo(user.uid());
    }

    @Test
    void popenRunsInTheCommandsWorkingDirectoryWithItsEnvironmentAsTheUser() throws IOException {
        submitIn(started("""
                local p = io.popen('pwd; echo "$PROJECT"; id -u')
                slurm.log_info('%s %s', HOOK, (p:read('*a'):gsub('\\n', ' ')))
                p:close()
                """), home, Map.of("PROJECT", "p1", "PATH", "/usr/bin:/bin"));
        assertThat(log.lines()).contains("INFO lua: pre_submit " + home + " p1 " + user.uid() + " ");
    }

    /** The directory is entered as the user: one only root may enter is not, and the command runs in / instead. */
    @Test
    void aWorkingDirectoryOnlyRootMayEnterIsNotEnteredForTheUser() throws IOException {
        Path rootOnly = LuaTestUsers.rootOnly(dir, "rootcwd");
        submitIn(started("""
                local p = io.popen('pwd')
                slurm.log_info('%s %s', HOOK, (p:read('*a'):gsub('\\n', '')))
                p:close()
                local f, e = io.open('x', 'w')
                slurm.log_info('%s open: %s', HOOK, tostring(e))
                """), rootOnly, Map.of("PATH", "/usr/bin:/bin"));
        assertThat(log.lines()).contains("INFO lua: pre_submit /");
        assertThat(rootOnly.resolve("x")).doesNotExist();
    }

    @Test
    void dofileAndRequireOfFilesOnlyRootMayReadFailInAHook() throws IOException {
        Path rootOnly = LuaTestUsers.rootOnly(dir, "lib");
        Files.writeString(rootOnly.resolve("site.lua"), "LEAKED = true return 'secret'");
        submit(started("package.path = '" + rootOnly + "/?.lua'", """
                local ok, e = pcall(dofile, '%s/site.lua')
                local rok = pcall(require, 'site')
                slurm.log_info('%%s: %%s %%s %%s %%s', HOOK, tostring(ok), e, tostring(rok), tostring(LEAKED))
                """.formatted(rootOnly)));
        assertThat(log.lines()).contains("INFO lua: pre_submit: false cannot open " + rootOnly + "/site.lua: Permission denied false nil");
    }

    /** A guard rather than a fix: the script's load is the plugin's init, as the runtime. */
    @Test
    void theScriptsLoadStillActsAsTheRuntime() throws IOException {
        submit(started("LOADED = io.open('" + secret + "'):read('*a')", "slurm.log_info('%s %s', HOOK, LOADED)"));
        assertThat(log.lines()).contains("INFO lua: setup_defaults TOPSECRET");
    }
}
