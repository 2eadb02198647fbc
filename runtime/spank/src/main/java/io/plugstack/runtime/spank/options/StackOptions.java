package io.plugstack.runtime.spank.options;

import io.plugstack.runtime.spank.LaunchOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.ToIntFunction;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankResult;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.spank.SessionOptions;
import io.plugstack.runtime.spank.stack.OptionHooks;
import io.plugstack.runtime.spank.stack.StackPlugin;

/**
 * One stack's options: the {@link SpankOptionCache} and the processors around it, wired as a
 * command or slurmstepd drives them. Created with the stack's context and log, and the environment
 * of the process the stack lives in (getopt's fallback: how options reach prolog/epilog).
 */
public final class StackOptions implements OptionHooks, SessionOptions {

    private final SpankOptionCache cache;
    private final Map<String, String> processEnv;
    private final Set<String> builtins;
    /** The plugin_name Slurm's option variables use for every option here; null: each plugin's own. */
    private final String slurmPluginName;
    private final Map<StackPlugin, PluginRef> refs = new HashMap<>();
    private boolean tableBuilt;

    /** @param builtins the command's own long options (SPANK-32); empty on the daemon side */
    public StackOptions(SpankContext context, SlurmLog log, Map<String, String> processEnv, Set<String> builtins) {
        this(context, log, processEnv, builtins, null);
    }

    /** @param slurmPluginName the plugin_name a real Slurm knows these options by (a bridge's); null: each plugin's own */
    public StackOptions(SpankContext context, SlurmLog log, Map<String, String> processEnv, Set<String> builtins, String slurmPluginName) {
        this.cache = new SpankOptionCache(context, log);
        this.processEnv = processEnv;
        this.builtins = Set.copyOf(builtins);
        this.slurmPluginName = slurmPluginName;
    }

    private PluginRef ref(StackPlugin p) {
        return refs.computeIfAbsent(p, x -> new PluginRef(x.name(), x.named()));
    }

    /** The stack's plugin an option came from, if it is still in the stack. */
    private Optional<StackPlugin> pluginOf(PluginRef ref) {
        return refs.entrySet().stream().filter(e -> e.getValue().equals(ref)).map(Map.Entry::getKey).findFirst();
    }

    /** The symbolic name of the plugin an option came from (log lines name it as plugstack.conf does). */
    private String bundleOf(PluginRef ref) {
        return pluginOf(ref).map(StackPlugin::label).orElse(ref.label());
    }

    /**
     * Option callbacks run through {@code handle}: given the stack's handle as the plugin that gave the
     * option (a plugin no longer in the stack gets none).
     */
    public void callbacksRunWith(BiFunction<StackPlugin, ToIntFunction<Spank>, Integer> handle) {
        cache.callbacks((ref, callback) -> pluginOf(ref).map(p -> handle.apply(p, callback)).orElseGet(() -> callback.applyAsInt(null)));
    }

    @Override
    public void addPlugin(StackPlugin plugin, List<SpankOption> staticTable) {
        cache.addPlugin(ref(plugin), staticTable);
    }

    @Override
    public SpankError register(StackPlugin plugin, SpankOption option) {
        return cache.register(ref(plugin), option, false);
    }

    @Override
    public SpankResult<Optional<String>> getopt(StackPlugin plugin, SpankOption option, SpankCallback phase) {
        return new SpankGetopt(cache, slurmPluginName).getopt(plugin == null ? null : ref(plugin), option, phase, processEnv);
    }

    /** After init: plugin options clashing with the command's own are disabled, once. */
    private void table() {
        if (!tableBuilt) {
            cache.rejectConflicts(builtins);
            tableBuilt = true;
        }
    }

    /** Whether {@code name} is an enabled plugin option. */
    @Override
    public boolean knows(String name) {
        table();
        return cache.byName(name).filter(o -> !o.disabled()).isPresent();
    }

    /** 0, 1 or 2: no argument, required, optional. */
    @Override
    public int hasArg(String name) {
        return cache.byName(name).map(o -> o.option().hasArg().ordinal()).orElse(0);
    }

    /** SPANK-34/35: false when a callback failed (Slurm's message is already logged; the command exits). */
    @Override
    public boolean processEnvironment(Map<String, String> env) {
        table();
        return new SubmitOptionProcessor(cache).processEnvironment(env).ok();
    }

    /** SPANK-36: false when the callback failed (Slurm's message is already logged; the command exits). */
    @Override
    public boolean processCommandLine(String name, String arg) {
        return new SubmitOptionProcessor(cache).processCommandLine(name, arg).ok();
    }

    /** SPANK-37(a): the launch request's option list. */
    @Override
    public List<LaunchOption> launchOptions() {
        return new OptionForwarding(cache).launchOptions();
    }

    /** SPANK-37(b): _SLURM_SPANK_OPTION_* variables the submitting process exports. */
    @Override
    public Map<String, String> environmentExports() {
        return new OptionForwarding(cache).processEnvironmentExports();
    }

    /** SPANK-37(c): the same, for the job control environment. */
    @Override
    public Map<String, String> jobControlExports() {
        return new OptionForwarding(cache).jobControlExports();
    }

    /** SPANK-33: the help block (empty when no option is enabled). */
    @Override
    public String help(int columns) {
        table();
        return new OptionHelp(cache).helpText(columns);
    }

    @Override
    public List<Registered> registered() {
        return provided().stream().map(Provided::option).toList();
    }

    @Override
    public List<Provided> provided() {
        table();
        return cache.enabledOptions().stream().map(o -> new Provided(bundleOf(o.plugin()), new Registered(o.name(), o.option().arginfo(),
                o.option().usage(), o.option().hasArg().value(), o.optval()))).toList();
    }

    @Override
    public int process(int optval, String optarg, boolean remote) {
        return cache.byOptval(optval).map(o -> cache.apply(o, optarg, remote)).orElse(-1);
    }

    /** SPANK-38: the remote side applies the launch list, then the step env's option variables, and clears them. */
    public void applyRemote(List<LaunchOption> launchOptions, Map<String, String> stepEnv) {
        new RemoteOptionProcessor(cache).applyRemote(launchOptions, stepEnv);
    }

    /** The cache, for the helpers of SPANK-61 (plugin names, option values). */
    public SpankOptionCache cache() {
        return cache;
    }
}
