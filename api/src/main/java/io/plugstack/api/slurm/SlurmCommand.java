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
