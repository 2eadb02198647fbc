package io.plugstack.runtime.spank.options;

import java.util.Map;
import java.util.Objects;

/**
 * Option processing on the submitting side (srun, sbatch, salloc; SPANK-34...36): callbacks run at
 * once with remote=false. The command calls {@link #processEnvironment} before parsing its command
 * line, then {@link #processCommandLine} (or {@link #processOption}) for every plugin option it meets,
 * so a callback may run twice for one option.
 */
public final class SubmitOptionProcessor {

    private final SpankOptionCache cache;

    public SubmitOptionProcessor(SpankOptionCache cache) {
        this.cache = Objects.requireNonNull(cache, "cache");
    }

    /**
     * {@code spank_process_env_options}: for every cached option, in order, the variable
     * {@code SLURM_SPANK__SLURM_SPANK_OPTION_<plugin>_<option>} of {@code processEnv}, if set, is passed
     * to the callback as the argument. The first failure logs
     * "Invalid argument (<value>) for environment variable: <name>" and stops.
     */
    public ProcessResult processEnvironment(Map<String, String> processEnv) {
        for (CachedOption option : cache.options()) {
            String variable = OptionEnvNames.submitVariable(option.plugin().name(), option.name());
            String value = processEnv.get(variable);
            if (value == null) {
                continue;
            }
            int rc = cache.apply(option, value, false);
            if (rc != 0) {
                return failure(rc, "Invalid argument (" + value + ") for environment variable: " + variable);
            }
            option.markSetByEnv();
        }
        return ProcessResult.OK;
    }

    /**
     * A plugin option the command's parser met as {@code --name[=optarg]}; {@code optarg} is null when
     * none was given. Only enabled options are on the command line.
     *
     * @throws IllegalArgumentException when no enabled plugin option has that name
     */
    public ProcessResult processCommandLine(String name, String optarg) {
        CachedOption option = cache.enabledOptions().stream().filter(o -> o.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no enabled plugin option --" + name));
        return processOption(option.optval(), optarg);
    }

    /**
     * {@code spank_process_option}: the option with getopt value {@code optval}; the callback runs with
     * remote=false and a non-zero rc logs "Invalid --<name> argument: <arg>".
     */
    public ProcessResult processOption(int optval, String optarg) {
        if (cache.options().isEmpty()) {
            cache.log().debug("No spank option cache");
            return new ProcessResult(-1, null);
        }
        CachedOption option = cache.byOptval(optval).orElse(null);
        if (option == null) {
            return failure(-1, "Failed to find spank option for optval: " + optval);
        }
        int rc = cache.apply(option, optarg, false);
        if (rc != 0) {
            return failure(rc, "Invalid --" + option.name() + " argument: " + CText.str(optarg));
        }
        return ProcessResult.OK;
    }

    private ProcessResult failure(int rc, String message) {
        cache.log().error(message);
        return new ProcessResult(rc, message);
    }
}
