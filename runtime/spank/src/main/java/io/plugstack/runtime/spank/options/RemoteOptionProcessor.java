package io.plugstack.runtime.spank.options;

import io.plugstack.runtime.spank.LaunchOption;
import io.plugstack.api.slurm.SlurmLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Option processing in slurmstepd (remote context, SPANK-38/39), run after init and before
 * init_post_opt. Only options the plugins registered in this stack can be applied; callbacks run with
 * remote=true and a failure is only logged.
 */
public final class RemoteOptionProcessor {

    private final SpankOptionCache cache;

    public RemoteOptionProcessor(SpankOptionCache cache) {
        this.cache = Objects.requireNonNull(cache, "cache");
    }

    /**
     * Applies the step's options: first {@code launchOptions} (entries of other types are skipped),
     * then every cached option's {@code _SLURM_SPANK_OPTION_<plugin>_<option>} variable in
     * {@code stepEnv} unless the launch list already named that option:plugin (the variable is removed
     * once applied); finally every variable left in {@code stepEnv} whose name starts with
     * {@code _SLURM_SPANK_OPTION_} or {@code SPANK__SLURM_SPANK_OPTION_} is removed.
     *
     * @param stepEnv the job step's environment (not the daemon's); modified in place
     */
    public void applyRemote(List<LaunchOption> launchOptions, Map<String, String> stepEnv) {
        List<String[]> applied = new ArrayList<>();
        for (LaunchOption entry : launchOptions) {
            if (entry.type() != LaunchOption.SPANK_TYPE) {
                continue;
            }
            CachedOption option = find(entry.option());
            if (option == null) {
                continue;
            }
            apply(option, entry.optarg());
            applied.add(split(entry.option()));
        }
        for (CachedOption option : cache.options()) {
            if (applied.stream().anyMatch(a -> option.name().equals(a[0]) && option.plugin().name().equals(a[1]))) {
                continue;
            }
            String variable = OptionEnvNames.optionVariable(option.plugin().name(), option.name());
            String value = stepEnv.get(variable);
            if (value == null) {
                continue;
            }
            apply(option, value);
            stepEnv.remove(variable);
        }
        stepEnv.keySet().removeIf(OptionEnvNames::isOptionVariable);
    }

    /** {@code spank_stack_find_option_by_name}: {@code <option>:<plugin>}, split at the first ':'. */
    private CachedOption find(String entry) {
        String[] parts = split(entry);
        if (parts[1] == null) {
            cache.log().error("Malformed plugin option \"" + entry + "\" received. Ignoring");
            return null;
        }
        CachedOption option = cache.byName(parts[0], parts[1]).orElse(null);
        if (option == null) {
            // Slurm's warning(); SlurmLog has no warning level, so it goes out at info, text unchanged.
            cache.log().info("SPANK plugin \"" + parts[1] + "\" option \"" + parts[0] + "\" not found");
        }
        return option;
    }

    private void apply(CachedOption option, String arg) {
        if (cache.apply(option, arg, true) != 0) {
            cache.log().error("spank: failed to process option " + option.name() + "=" + CText.str(arg));
        }
    }

    /** {option name, plugin name or null when there is no ':'}. */
    private static String[] split(String entry) {
        int colon = entry.indexOf(':');
        return colon < 0 ? new String[] {entry, null} : new String[] {entry.substring(0, colon), entry.substring(colon + 1)};
    }
}
