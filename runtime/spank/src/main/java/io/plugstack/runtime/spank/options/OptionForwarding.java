package io.plugstack.runtime.spank.options;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import io.plugstack.runtime.spank.LaunchOption;

/**
 * How found options leave the submitting side (SPANK-37) and how the job control environment travels
 * on (SPANK-37c, -50, -51). Every map keeps cache (or input) order.
 */
public final class OptionForwarding {

    private final SpankOptionCache cache;

    public OptionForwarding(SpankOptionCache cache) {
        this.cache = Objects.requireNonNull(cache, "cache");
    }

    /** (a) {@code spank_set_remote_options}: one {@code <option>:<plugin_name>} entry per found option. */
    public List<LaunchOption> launchOptions() {
        return cache.find(CachedOption::found).stream()
                .map(o -> LaunchOption.spank(o.name() + ":" + o.plugin().name(), o.optarg()))
                .toList();
    }

    /**
     * (b) At init_post_opt: {@code _SLURM_SPANK_OPTION_<plugin>_<option>=<arg>} for every found option,
     * to set (overwriting) in the submitting process's environment; "" when there is no argument.
     */
    public Map<String, String> processEnvironmentExports() {
        return exports(o -> o.optarg() == null ? "" : o.optarg());
    }

    /**
     * (c) At init_post_opt: the same names for the job control environment (overwriting). Without an
     * argument Slurm passes its null pointer on, which its string store renders as "(null)".
     */
    public Map<String, String> jobControlExports() {
        return exports(o -> CText.str(o.optarg()));
    }

    private Map<String, String> exports(Function<CachedOption, String> value) {
        Map<String, String> out = new LinkedHashMap<>();
        for (CachedOption o : cache.find(CachedOption::found)) {
            out.put(OptionEnvNames.optionVariable(o.plugin().name(), o.name()), value.apply(o));
        }
        return out;
    }

    /**
     * srun's {@code init_spank_env} (before its stack starts): every process variable
     * {@code SLURM_SPANK_<name>=<value>} becomes job control entry {@code <name>=<value>}. (The same
     * variables carry sbatch's options to the nested srun's {@link SubmitOptionProcessor#processEnvironment}.)
     */
    public static Map<String, String> importJobControlEnvironment(Map<String, String> processEnv) {
        Map<String, String> out = new LinkedHashMap<>();
        processEnv.forEach((name, value) -> {
            if (name.startsWith(OptionEnvNames.JOB_ENV_PREFIX) && name.length() > OptionEnvNames.JOB_ENV_PREFIX.length()) {
                out.put(name.substring(OptionEnvNames.JOB_ENV_PREFIX.length()), value);
            }
        });
        return out;
    }

    /** The job control environment as the job's processes see it: {@code SLURM_SPANK_<name>=<value>}. */
    public static Map<String, String> jobEnvironment(Map<String, String> jobControlEnv) {
        return prefixed(jobControlEnv, OptionEnvNames.JOB_ENV_PREFIX, false);
    }

    /**
     * The job control environment as Prolog/Epilog (and the job_script stack) see it: {@code SPANK_}
     * before every entry that does not already start with it (SPANK-50).
     */
    public static Map<String, String> prologEnvironment(Map<String, String> jobControlEnv) {
        return prefixed(jobControlEnv, OptionEnvNames.PROLOG_PREFIX, true);
    }

    private static Map<String, String> prefixed(Map<String, String> env, String prefix, boolean keepPrefixed) {
        Map<String, String> out = new LinkedHashMap<>();
        env.forEach((name, value) ->
                out.put(keepPrefixed && name.startsWith(prefix) ? name : prefix + name, value));
        return out;
    }
}
