package io.plugstack.runtime.spank.options;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankResult;

/** {@code spank_option_getopt} (SPANK-40...44) over one stack's cache. */
public final class SpankGetopt {

    private final SpankOptionCache cache;
    private final String slurmPluginName;

    public SpankGetopt(SpankOptionCache cache) {
        this(cache, null);
    }

    /** @param slurmPluginName the plugin_name in the option variables a real Slurm set (a bridge's); null: the caller's own */
    public SpankGetopt(SpankOptionCache cache, String slurmPluginName) {
        this.cache = Objects.requireNonNull(cache, "cache");
        this.slurmPluginName = slurmPluginName;
    }

    /**
     * Whether the user gave {@code option}.
     * <ul>
     * <li>NOT_AVAIL without a calling plugin, or when {@code phase} is null or does not permit getopt
     * (init, init_post_opt, task_post_fork, slurmd_exit, exit);</li>
     * <li>BAD_ARG for a null option or name (the C "null result pointer" case cannot arise here);</li>
     * <li>an option of that <em>name</em> in the cache (any plugin, even disabled): SUCCESS if found,
     * with its argument when {@code option} takes one, else ERROR;</li>
     * <li>otherwise {@code processEnv}'s {@code _SLURM_SPANK_OPTION_<caller>_<name>} (with a bridge's
     * plugin_name for {@code <caller>} when a real Slurm drives the stack through it), then
     * {@code SPANK__SLURM_SPANK_OPTION_<caller>_<name>}: SUCCESS with that value (when the option takes
     * an argument) or ERROR; either answer is cached for later calls.</li>
     * </ul>
     *
     * @param caller     the plugin whose callback is running; null when not called from one
     * @param phase      the callback running now; null outside any
     * @param processEnv the process environment (in job_script context it holds the SPANK_ forms)
     */
    public SpankResult<Optional<String>> getopt(PluginRef caller, SpankOption option, SpankCallback phase,
                                                Map<String, String> processEnv) {
        if (caller == null) {
            cache.log().error("spank_option_getopt: Not called from a plugin!?");
            return SpankResult.failure(SpankError.NOT_AVAIL);
        }
        if (phase == null || !phase.allows(SpankCallback.Allows.OPTION_GETOPT)) {
            return SpankResult.failure(SpankError.NOT_AVAIL);
        }
        if (option == null || option.name() == null) {
            return SpankResult.failure(SpankError.BAD_ARG);
        }
        CachedOption cached = cache.byName(option.name()).orElse(null);
        if (cached == null) {
            cached = cache.append(caller, option, false);
            String variable = OptionEnvNames.optionVariable(slurmPluginName != null ? slurmPluginName : caller.name(), option.name());
            String value = processEnv.get(variable);
            if (value == null) {
                value = processEnv.get(OptionEnvNames.PROLOG_PREFIX + variable);
            }
            if (value != null) {
                cached.foundInEnvironment(value);
            }
        }
        if (!cached.found()) {
            return SpankResult.failure(SpankError.ERROR);
        }
        boolean withArg = option.hasArg() != SpankOption.Arg.NONE;
        return SpankResult.success(withArg ? Optional.ofNullable(cached.optarg()) : Optional.empty());
    }
}
