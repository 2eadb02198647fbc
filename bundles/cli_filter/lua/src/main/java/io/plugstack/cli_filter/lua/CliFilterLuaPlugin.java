package io.plugstack.cli_filter.lua;

import java.lang.System.Logger;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Supplier;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.ServiceScope;

import io.plugstack.api.plugin.RuntimeHome;
import io.plugstack.api.clifilter.CliFilterJson;
import io.plugstack.api.clifilter.CliFilterPlugin;
import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.lua.LuaCall;
import io.plugstack.lua.LuaScript;
import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.lua.LuaVersion;
import io.plugstack.lua.SlurmTable;
import party.iroiro.luajava.Lua;

/**
 * cli_filter/lua (spec §6.5): runs the site's {@code cli_filter.lua} unchanged, in the real C Lua. The
 * script is {@code CliFilterParameters=cli_filter_lua_path=<path>} (new in 25.11) or
 * {@code cli_filter.lua} in the runtime home's {@code etc/}. One instance per command (prototype scope),
 * as each salloc/sbatch/srun process loads its own: a script that does not load fails init and so the
 * command; the mtime check runs at each hook.
 *
 * <p>Calls: {@code slurm_cli_setup_defaults(options)} (one argument: the early flag is hidden in the
 * options object), {@code slurm_cli_pre_submit(options, offset)},
 * {@code slurm_cli_post_submit(offset, jobid, stepid)} (22.05.8 and 25.11 alike: a real 22.05.8 run saw
 * early_pass nil). Numbers are rcs, anything else SUCCESS with "non-numeric return code"; a Lua runtime
 * error is logged as Slurm words it, "cli_filter_p_pre_submit/lua: &lt;script&gt;: &lt;error&gt;", and
 * counts as SUCCESS in every release (CLI-42). Extra {@code slurm} functions: json_cli_options,
 * json_env, cli_store, cli_retrieve; there is no user_msg, so {@code slurm.log_user} raises "attempt to
 * call a nil value" here. The script's slurm.log_* lines and these go to the command's log when the
 * host gives one ({@link CliOptions#log()}): "sbatch: lua: ...", "sbatch: error: lua: ..." (CLI-45).
 *
 * <p>The hooks act as the command's user ({@link CliOptions#uid()}, {@link CliOptions#gid()}): in a
 * runtime running as root, io.open, io.lines, dofile, require and the rest of the standard library's
 * file access go through a child running as that user ({@link LuaScript#call(OnBehalfOf, java.util.function.Function)}).
 */
@Component(service = CliFilterPlugin.class, scope = ServiceScope.PROTOTYPE, configurationPid = "plugstack.slurm")
public class CliFilterLuaPlugin implements CliFilterPlugin {

    static final String PLUGIN_TYPE = "cli_filter/lua";
    static final String SCRIPT = "cli_filter.lua";
    static final String PATH_PARAMETER = "cli_filter_lua_path=";

    /** slurm.conf's keys, from the runtime's "plugstack.slurm" configuration. */
    public @interface Config {
        String ClusterName() default "cluster";

        String CliFilterParameters() default "";
    }

    private final LuaScript script;
    private final Path scriptPath;
    private final Logger log;
    /** Where the script's lines go: the command's log once a hook brought it, else the plugin's logger. */
    private volatile SlurmLog lines;
    private final SlurmTable slurm;
    private final OptionsTable options = new OptionsTable();
    private final Supplier<Map<String, String>> environment;
    /**
     * The command's user (one instance per command): the hooks act as this user, as they run in the
     * user's own command in Slurm (shell commands, and in a root runtime file access and os.getenv's
     * HOME/USER/LOGNAME/SHELL); the script's load (init) acts as the runtime.
     */
    private volatile OnBehalfOf user = OnBehalfOf.thisProcess();
    /** cli_store/cli_retrieve: process-local, by integer key. */
    private final Map<Integer, String> store = new HashMap<>();

    @Activate
    public CliFilterLuaPlugin(BundleContext context, Config config) {
        this(SlurmVersion.running(context::getProperty), RuntimeHome.of(context::getProperty).etc(), context, config);
    }

    private CliFilterLuaPlugin(SlurmVersion release, Path etc, BundleContext context, Config config) {
        this(scriptPath(etc, config.CliFilterParameters(), release),
                LuaVersion.parse(context.getProperty(LuaVersion.SETTING)), config.ClusterName(), System::getenv,
                System.getLogger(PLUGIN_TYPE), release);
    }

    CliFilterLuaPlugin(Path script, LuaVersion version, String clusterName, Supplier<Map<String, String>> environment,
            Logger log) {
        this(script, version, clusterName, environment, log, SlurmVersion.builtFor());
    }

    CliFilterLuaPlugin(Path script, LuaVersion version, String clusterName, Supplier<Map<String, String>> environment,
            Logger log, SlurmVersion release) {
        this.log = log;
        this.scriptPath = script;
        this.lines = SlurmLog.logger(log);
        this.environment = environment;
        this.slurm = new SlurmTable((level, message) -> lines.log(level, message), clusterName, qos -> OptionalLong.empty(), release);
        this.script = new LuaScript(script, PLUGIN_TYPE, version,
                List.of("slurm_cli_setup_defaults", "slurm_cli_pre_submit", "slurm_cli_post_submit"), this::install, log);
    }

    /**
     * A change of plugstack.slurm (slurm.conf) does not restart the component: an instance (one per command)
     * keeps the configuration it started with, as a Slurm client keeps the slurm.conf it read, and the next
     * command's instance gets the new one. Without this, SCR unregistered the plugin for the restart and a
     * command started meanwhile failed with "cannot create cli_filter context for cli_filter/lua".
     */
    @Modified
    void modified() {
        // nothing to change in a running command's instance
    }

    /** The script at {@code release}: CliFilterParameters=cli_filter_lua_path= is read from 25.11 on (the release table's row). */
    static Path scriptPath(Path confDir, String parameters, SlurmVersion release) {
        return scriptPath(confDir, ReleaseBehaviour.CLI_FILTER_LUA_PATH_PARAMETER.at(release) ? parameters : "");
    }

    /** cli_filter_lua_path= from CliFilterParameters (a comma list), else cli_filter.lua in the conf dir. */
    static Path scriptPath(Path confDir, String parameters) {
        for (String p : parameters == null ? new String[0] : parameters.split(",")) {
            String t = p.trim();
            if (t.startsWith(PATH_PARAMETER) && t.length() > PATH_PARAMETER.length()) {
                return Path.of(t.substring(PATH_PARAMETER.length()));
            }
        }
        return confDir.resolve(SCRIPT);
    }

    private void install(Lua L) {
        slurm.install(L, script.version());
        L.getGlobal("slurm");
        L.push(l -> {
            l.push(CliFilterJson.options(options.current()));
            return 1;
        });
        L.setField(-2, "json_cli_options");
        L.push(l -> { // the command's environment (Slurm's json_env reads environ in srun, sbatch or salloc)
            OnBehalfOf as = user;
            l.push(CliFilterJson.environment(as.workdir().isPresent() ? as.environment() : environment.get()));
            return 1;
        });
        L.setField(-2, "json_env");
        L.push(this::cliStore);
        L.setField(-2, "cli_store");
        L.push(this::cliRetrieve);
        L.setField(-2, "cli_retrieve");
        L.pop(1);
        options.install(L);
    }

    private int cliStore(Lua L) {
        store.put((int) L.toNumber(1), L.toString(2));
        return 0;
    }

    private int cliRetrieve(Lua L) {
        String v = store.get((int) L.toNumber(1));
        if (v == null) {
            L.pushNil();
        } else {
            L.push(v);
        }
        return 1;
    }

    @Override
    public int init() {
        return script.init();
    }

    @Override
    public void fini() {
        script.close();
    }

    @Override
    public int setupDefaults(CliOptions opts, boolean early) {
        from(opts);
        return call("cli_filter_p_setup_defaults", "slurm_cli_setup_defaults", L -> options.push(L, opts));
    }

    /** The command's user and log, kept for post_submit (one instance per command). */
    private void from(CliOptions opts) {
        user = opts.user();
        opts.log().ifPresent(l -> lines = l);
    }

    @Override
    public int preSubmit(CliOptions opts, int offset) {
        from(opts);
        return call("cli_filter_p_pre_submit", "slurm_cli_pre_submit", L -> {
            options.push(L, opts);
            L.push((double) offset);
        });
    }

    @Override
    public void postSubmit(int offset, long jobId, long stepId) {
        call("cli_filter_p_post_submit", "slurm_cli_post_submit", L -> {
            L.push((double) offset);
            L.push((double) jobId);
            L.push((double) stepId);
        });
    }

    /**
     * Calls the script's {@code function}; its failures in cli_filter_lua.c's words, which name the C
     * hook ({@code hook}, its __func__) and the script: "cli_filter_p_pre_submit/lua: /etc/slurm/cli_filter.lua: ...".
     */
    private int call(String hook, String function, java.util.function.Consumer<Lua> args) {
        String prefix = hook + "/lua: " + scriptPath + ": ";
        return script.call(user, L -> {
            LuaCall c = LuaCall.invoke(L, function, args);
            switch (c.outcome()) {
                case ERROR:
                    lines.error(prefix + c.error());
                    return SlurmErrno.SLURM_SUCCESS.code();
                case NON_NUMBER:
                    lines.info(prefix + "non-numeric return code");
                    return SlurmErrno.SLURM_SUCCESS.code();
                case NUMBER:
                    return c.rc();
                default:
                    return SlurmErrno.SLURM_SUCCESS.code();
            }
        }).orElse(SlurmErrno.SLURM_ERROR.code());
    }
}
