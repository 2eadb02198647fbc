package io.plugstack.api.slurm;

import java.util.Optional;

/**
 * Slurm's client commands, one enum for every family: the command a cli_filter chain runs in (named
 * as cli_filter/lua's {@code options.type} names it, CLI-43), the command whose SPANK failures
 * spank.8's Errors table describes, the prefix of its messages ("sbatch: error: ...").
 */
public enum SlurmCommand {
    /** salloc: allocator context for SPANK; runs cli_filter. */
    SALLOC("salloc"),
    /** sbatch: allocator context for SPANK; runs cli_filter. */
    SBATCH("sbatch"),
    /** srun: local context for SPANK; runs cli_filter. */
    SRUN("srun"),
    /** scrontab: allocator context for SPANK (init and exit only). */
    SCRONTAB("scrontab"),
    /** Any other command using Slurm's option code (e.g. scrun). */
    OTHER("other");

    private final String slurmName;

    SlurmCommand(String slurmName) {
        this.slurmName = slurmName;
    }

    /** {@return the lower-case name: "salloc", "sbatch", "srun", "scrontab" or "other"} */
    public String slurmName() {
        return slurmName;
    }

    /**
     * Whether Slurm's option struct holds this command's positional arguments, which cli_filter sees
     * as {@code options.argv} and in json_cli_options: sbatch's script and its arguments
     * ({@code sbatch_opt->script_argv}) and srun's program ({@code srun_opt->argv}). salloc keeps its
     * command outside the struct, so its cli_filter sees an empty argv (22.05 cli_filter_lua.c,
     * _setup_option_field_argv; cli_filter_common.c).
     *
     * @return true for sbatch and srun
     */
    public boolean showsArgvToCliFilter() {
        return this == SBATCH || this == SRUN;
    }

    /**
     * The command named {@code name} exactly (lower case).
     *
     * @param name e.g. "sbatch"
     * @return the command, or empty for another name
     */
    public static Optional<SlurmCommand> ofName(String name) {
        for (SlurmCommand c : values()) {
            if (c.slurmName.equals(name)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
