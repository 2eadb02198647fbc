package io.plugstack.cli_filter.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.testkit.clifilter.FakeCliOptions;
import io.plugstack.testkit.RecordingLogger;
import io.plugstack.lua.LuaVersion;

/** cli_filter/lua (CLI-40…CLI-45) in the real C Lua 5.4. */
class CliFilterLuaPluginTest {

    /**
     * The behaviours of Slurm's etc/cli_filter.lua.example (T-20), written against the same API (the
     * example sets 'hint'; the test options know 'comment', so that is what it sets here).
     */
    static final String EXAMPLE = "function slurm_cli_setup_defaults(options, early_pass)\n"
            + "  options['comment'] = 'nomultithread'\n"
            + "  slurm.log_info('early_pass=%s', tostring(early_pass))\n"
            + "  return slurm.SUCCESS\nend\n"
            + "function slurm_cli_pre_submit(options, pack_offset)\n"
            + "  local env = slurm.json_env()\n"
            + "  local opts = slurm.json_cli_options(options)\n"
            + "  slurm.cli_store(pack_offset, options['type'] .. ' ' .. opts)\n"
            + "  if options['time'] ~= nil then slurm.log_info('minutes=%d', slurm.time_str2mins(options['time'])) end\n"
            + "  if options.type == 'sbatch' and options['wrap'] ~= nil then\n"
            + "    slurm.log_error('--wrap option is forbidden')\n"
            + "    return slurm.ERROR\n  end\n"
            + "  if options.argv[1] ~= nil and not string.find(options.argv[1], '^/home/') then\n"
            + "    slurm.log_error('scripts must live under /home')\n    return slurm.ERROR\n  end\n"
            + "  return slurm.SUCCESS\nend\n"
            + "function slurm_cli_post_submit(offset, job_id, step_id)\n"
            + "  slurm.log_info('post %s %d %d', slurm.cli_retrieve(offset), job_id, step_id)\n"
            + "  return slurm.SUCCESS\nend\n";

    @TempDir
    Path dir;
    final RecordingLogger log = new RecordingLogger(CliFilterLuaPlugin.PLUGIN_TYPE);

    private CliFilterLuaPlugin started(String lua) throws IOException {
        Path file = dir.resolve(CliFilterLuaPlugin.SCRIPT);
        Files.writeString(file, lua);
        CliFilterLuaPlugin p = new CliFilterLuaPlugin(file, LuaVersion.LUA_5_4, "cluster",
                () -> Map.of("HOME", "/home/u", "SLURM_JOB_ID", "9", "_SLURM_SPANK_OPTION_x", "1"), log);
        assertThat(p.init()).as("init: %s", log.lines()).isZero();
        return p;
    }

    private static FakeCliOptions sbatch(String... argv) {
        return new FakeCliOptions(SlurmCommand.SBATCH).argv(argv);
    }

    @Test
    void ioPopenAndOsExecuteRunAsTheCommandsUser() throws IOException {
        boolean root = OnBehalfOf.thisProcess().uid() == 0;
        long uid = root ? 4242 : OnBehalfOf.thisProcess().uid();
        CliFilterLuaPlugin p = started("""
                function slurm_cli_setup_defaults(options)
                  local f = io.popen("id -u")
                  slurm.log_info("popen uid=%%s", f:read("*l"))
                  f:close()
                  return slurm.SUCCESS
                end
                function slurm_cli_pre_submit(options, offset)
                  local rc = os.execute("test $(id -u) = %d")
                  slurm.log_info("execute as user: %%s", tostring(rc))
                  return slurm.SUCCESS
                end
                function slurm_cli_post_submit(offset, jobid, stepid)
                  local f = io.popen("id -u")
                  slurm.log_info("post_submit uid=%%s", f:read("*l"))
                  f:close()
                  return slurm.SUCCESS
                end
                """.formatted(uid));
        FakeCliOptions o = sbatch().user(uid, root ? 4343 : OnBehalfOf.thisProcess().gid());
        p.setupDefaults(o, false);
        p.preSubmit(o, 0);
        p.postSubmit(0, 1, NoVal.NO_VAL);
        assertThat(log.lines()).contains("INFO lua: popen uid=" + uid, "INFO lua: execute as user: true",
                "INFO lua: post_submit uid=" + uid);
    }

    /** The command's stderr at -v {@code verbosity}, as options that hand the plugin the command's log. */
    static final class CommandLog {
        final java.util.List<String> lines = new java.util.ArrayList<>();
        private final int verbosity;

        CommandLog(int verbosity) {
            this.verbosity = verbosity;
        }

        io.plugstack.api.clifilter.CliOptions options(FakeCliOptions o) {
            io.plugstack.api.slurm.SlurmLog sink = (level, message) -> {
                String line = io.plugstack.api.slurm.SlurmLog.line(o.command().slurmName(), verbosity, level, message);
                if (line != null) {
                    lines.add(line);
                }
            };
            return java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {io.plugstack.api.clifilter.CliOptions.class}, (proxy, method, args) -> method.getName().equals("log")
                            ? java.util.Optional.of(sink) : method.invoke(o, args)) instanceof io.plugstack.api.clifilter.CliOptions c ? c : null;
        }
    }

    @Test
    void setupDefaultsSetsAnOptionThroughItsSetter() throws IOException {
        FakeCliOptions o = sbatch();
        assertThat(started(EXAMPLE).setupDefaults(o, false)).isZero();
        assertThat(o.get("comment")).contains("nomultithread");
    }

    @Test
    void setupDefaultsGetsOneArgumentSoEarlyPassIsNil() throws IOException {
        started(EXAMPLE).setupDefaults(sbatch(), true);
        assertThat(log.lines()).contains("INFO lua: early_pass=nil");
    }

    @Test
    void preSubmitRejectsWrapWithLogError() throws IOException {
        FakeCliOptions o = sbatch();
        o.set("wrap", "hostname");
        assertThat(started(EXAMPLE).preSubmit(o, 0)).isEqualTo(-1);
        assertThat(log.lines()).contains("ERROR lua: --wrap option is forbidden");
    }

    @Test
    void preSubmitChecksTheScriptDirectoryThroughOneIndexedArgv() throws IOException {
        assertThat(started(EXAMPLE).preSubmit(sbatch("/tmp/job.sh"), 0)).isEqualTo(-1);
        assertThat(started(EXAMPLE).preSubmit(sbatch("/home/u/job.sh"), 0)).isZero();
    }

    @Test
    void timeOptionReadsAsAStringForTimeStr2Mins() throws IOException {
        FakeCliOptions o = sbatch("/home/u/job.sh");
        o.set("time", "1:30:00");
        started(EXAMPLE).preSubmit(o, 0);
        assertThat(log.lines()).contains("INFO lua: minutes=90");
    }

    @Test
    void storedValueReachesPostSubmitWithNoValStepForSbatch() throws IOException {
        CliFilterLuaPlugin p = started(EXAMPLE);
        p.preSubmit(sbatch("/home/u/job.sh"), 0);
        p.postSubmit(0, 1234, NoVal.NO_VAL);
        assertThat(log.lines()).contains("INFO lua: post sbatch {\"argv\":[\"\\/home\\/u\\/job.sh\"]} 1234 4294967294");
    }

    @Test
    void jsonCliOptionsListsSetOptionsSpankAndArgv() throws IOException {
        FakeCliOptions o = sbatch("/home/u/job.sh").spank("renice", "renice", "5");
        o.set("partition", "batch");
        CliFilterLuaPlugin p = started("function slurm_cli_setup_defaults() return 0 end\n"
                + "function slurm_cli_pre_submit(o) slurm.log_info(slurm.json_cli_options(o)) return 0 end\n"
                + "function slurm_cli_post_submit() end\n");
        p.preSubmit(o, 0);
        assertThat(log.lines()).contains("INFO lua: {\"partition\":\"batch\",\"spank:renice\":\"5\",\"argv\":[\"\\/home\\/u\\/job.sh\"]}");
    }

    @Test
    void jsonEnvLeavesOutSlurmAndSpankVariables() throws IOException {
        CliFilterLuaPlugin p = started("function slurm_cli_setup_defaults() return 0 end\n"
                + "function slurm_cli_pre_submit(o) slurm.log_info(slurm.json_env()) return 0 end\n"
                + "function slurm_cli_post_submit() end\n");
        p.preSubmit(sbatch(), 0);
        assertThat(log.lines()).contains("INFO lua: {\"HOME\":\"\\/home\\/u\"}");
    }

    /**
     * A real 22.05.8 sbatch printed "sbatch: error: cli_filter_p_pre_submit/lua: /tmp/opts-cluster/etc/cli_filter.lua:
     * /tmp/opts-cluster/etc/cli_filter.lua:40: attempt to index local 't' (a nil value)" and went on (cli_filter_lua.c's
     * error("%s/lua: %s: %s", __func__, lua_script_path, ...)).
     */
    @Test
    void runtimeErrorIsLoggedAsSlurmWordsItAndCountsAsSuccess() throws IOException {
        CliFilterLuaPlugin p = started("function slurm_cli_setup_defaults() return 0 end\n"
                + "function slurm_cli_pre_submit(o) local t = nil return t.x end\n"
                + "function slurm_cli_post_submit() end\n");
        CommandLog command = new CommandLog(0);
        assertThat(p.preSubmit(command.options(sbatch()), 0)).isZero();
        Path script = dir.resolve(CliFilterLuaPlugin.SCRIPT);
        assertThat(command.lines).singleElement().asString() // the rest is Lua 5.4's wording of the error
                .startsWith("sbatch: error: cli_filter_p_pre_submit/lua: " + script + ": " + script + ":2: attempt to index ");
    }

    /** The probe script of the real run: info, verbose, debug, debug2 and error lines. */
    static final String LEVELS = "function slurm_cli_setup_defaults() return 0 end\n"
            + "function slurm_cli_pre_submit(o)\n"
            + "  slurm.log_info('probe info %s', 'x') slurm.log_verbose('probe verbose %d', 1)\n"
            + "  slurm.log_debug('probe debug') slurm.log_debug2('probe debug2') slurm.log_error('probe error %s', 'y')\n"
            + "  return 0\nend\nfunction slurm_cli_post_submit() end\n";

    /** A real 22.05.8 sbatch -v -v printed these four lines of LEVELS, and without -v the first and last. */
    @Test
    void scriptLinesPrintAsSlurmsClientPrintsThemAtItsLogLevel() throws IOException {
        CommandLog vv = new CommandLog(2);
        started(LEVELS).preSubmit(vv.options(sbatch()), 0);
        assertThat(vv.lines).containsExactly("sbatch: lua: probe info x", "sbatch: lua: probe verbose 1",
                "sbatch: debug:  lua: probe debug", "sbatch: error: lua: probe error y");
        CommandLog quiet = new CommandLog(0);
        started(LEVELS).preSubmit(quiet.options(sbatch()), 0);
        assertThat(quiet.lines).containsExactly("sbatch: lua: probe info x", "sbatch: error: lua: probe error y");
    }

    @Test
    void logUserIsACallOfNilHereAndTheCommandContinues() throws IOException {
        CliFilterLuaPlugin p = started("function slurm_cli_setup_defaults() slurm.log_user('hi') return slurm.ERROR end\n"
                + "function slurm_cli_pre_submit() return 0 end\nfunction slurm_cli_post_submit() end\n");
        assertThat(p.setupDefaults(sbatch(), false)).isZero();
        assertThat(log.lines()).anyMatch(l -> l.contains("attempt to call"));
    }

    @Test
    void numberAssignedToAnOptionBecomesLuasString() throws IOException {
        FakeCliOptions o = sbatch();
        started("function slurm_cli_setup_defaults(o) o['comment'] = 8.0 o['job-name'] = 8 return 0 end\n"
                + "function slurm_cli_pre_submit() return 0 end\nfunction slurm_cli_post_submit() end\n").setupDefaults(o, false);
        assertThat(o.get("comment")).contains("8.0");
        assertThat(o.get("job-name")).contains("8");
    }

    @Test
    void unknownOptionAssignmentIsSilentlyIgnored() throws IOException {
        FakeCliOptions o = sbatch();
        assertThat(started("function slurm_cli_setup_defaults(o) o['no-such-option'] = 'x' return 0 end\n"
                + "function slurm_cli_pre_submit() return 0 end\nfunction slurm_cli_post_submit() end\n").setupDefaults(o, false)).isZero();
        assertThat(o.sets()).isEmpty();
        assertThat(log.lines()).noneMatch(l -> l.startsWith("ERROR"));
    }

    @Test
    void typeNamesTheCommand() throws IOException {
        started("function slurm_cli_setup_defaults(o) slurm.log_info(o.type) return 0 end\n"
                + "function slurm_cli_pre_submit() return 0 end\nfunction slurm_cli_post_submit() end\n")
                .setupDefaults(new FakeCliOptions(SlurmCommand.SRUN), false);
        assertThat(log.lines()).contains("INFO lua: srun");
    }

    @Test
    void missingHookFailsInit() throws IOException {
        Path file = dir.resolve(CliFilterLuaPlugin.SCRIPT);
        Files.writeString(file, "function slurm_cli_setup_defaults() return 0 end\n");
        CliFilterLuaPlugin p = new CliFilterLuaPlugin(file, LuaVersion.LUA_5_4, "cluster", Map::of, log);
        assertThat(p.init()).isNotZero();
        assertThat(log.lines()).anyMatch(l -> l.endsWith("missing required function slurm_cli_pre_submit"));
    }

    @Test
    void cliFilterLuaPathParameterNamesTheScript() {
        assertThat(CliFilterLuaPlugin.scriptPath(Path.of("/etc/slurm"), "foo=1,cli_filter_lua_path=/opt/site/cf.lua"))
                .isEqualTo(Path.of("/opt/site/cf.lua"));
        assertThat(CliFilterLuaPlugin.scriptPath(Path.of("/etc/slurm"), "")).isEqualTo(Path.of("/etc/slurm/cli_filter.lua"));
    }
}
