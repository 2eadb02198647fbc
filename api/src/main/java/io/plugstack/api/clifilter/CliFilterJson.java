package io.plugstack.api.clifilter;

import io.plugstack.api.slurm.SlurmCommand;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;


/**
 * The two JSON documents of Slurm's cli_filter_common.c, shared by its plugins: cli_filter/syslog logs
 * them, cli_filter/lua gives them to scripts as {@code slurm.json_cli_options} and {@code slurm.json_env}.
 */
public final class CliFilterJson {

    /** Variables whose names start with one of these are left out of the environment (CLI-44). */
    public static final List<String> HIDDEN_ENV_PREFIXES = List.of("SLURM_", "SPANK_", "_SLURM_SPANK_OPTION_");

    /** What {@code spank()} reports for a SPANK option without argument that was not used. */
    private static final String SPANK_UNSET = "unset";

    private CliFilterJson() {
    }

    /**
     * {@code cli_filter_json_set_options}: every set option, long name to its getter's string (null when
     * the getter gives none); then {@code "spank:<option>"} for each used SPANK option; then
     * {@code "argv"}, the positional arguments for sbatch and srun and an empty list for the other
     * commands (Slurm reads argv only from the sbatch and srun option structs). Option names are in
     * alphabetical order, as Slurm's option table is (nearly) alphabetical.
     *
     * @param options the command's options
     * @return the JSON text
     */
    public static String options(CliOptions options) {
        Map<String, Object> d = new LinkedHashMap<>();
        for (String name : new TreeSet<>(options.setOptions())) {
            d.put(name, options.get(name).orElse(null));
        }
        new TreeMap<>(options.spank()).forEach((plugin, opts) -> new TreeMap<>(opts).forEach((name, value) -> {
            if (value != null && !SPANK_UNSET.equals(value)) {
                d.put("spank:" + name, value);
            }
        }));
        d.put("argv", options.command().showsArgvToCliFilter() ? List.copyOf(options.argv()) : List.of());
        return CliJson.write(d);
    }

    /**
     * {@code cli_filter_json_env}: the process environment, name to value, without the variables whose
     * names start with SLURM_, SPANK_ or _SLURM_SPANK_OPTION_ (case-sensitive). Sorted by name: Java
     * does not expose the order of {@code environ}.
     *
     * @param env the process environment
     * @return the JSON text
     */
    public static String environment(Map<String, String> env) {
        Map<String, Object> d = new TreeMap<>();
        env.forEach((name, value) -> {
            if (HIDDEN_ENV_PREFIXES.stream().noneMatch(name::startsWith)) {
                d.put(name, value);
            }
        });
        return CliJson.write(d);
    }
}
