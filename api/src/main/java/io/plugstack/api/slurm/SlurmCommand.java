package io.plugstack.api.slurm;

import java.util.Optional;

/**
 * Slurm's client commands, one enum for every family: the command a cli_filter chain runs in (named
 * as cli_filter/lua's {@code options.type} names it, CLI-43), the command whose SPANK failures
 * spank.8's Errors table describes, the prefix of its messages ("sbatch: error: ...").
 */
public enum SlurmCommand {
    SALLOC("salloc"),
    SBATCH("sbatch"),
    SRUN("srun"),
    SCRONTAB("scrontab"),
    /** Any other command using Slurm's option code (e.g. scrun). */
    OTHER("other");

    private final String slurmName;

    SlurmCommand(String slurmName) {
        this.slurmName = slurmName;
    }

    /** The lower-case name: "salloc", "sbatch", "srun", "scrontab" or "other". */
    public String slurmName() {
        return slurmName;
    }

    /** The command named {@code name} exactly (lower case), if any. */
    public static Optional<SlurmCommand> ofName(String name) {
        for (SlurmCommand c : values()) {
            if (c.slurmName.equals(name)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
