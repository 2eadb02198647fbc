package io.plugstack.api.clifilter;

import java.util.Optional;

/** The command running the cli_filter chain, as cli_filter/lua's {@code options.type} names it (CLI-43). */
public enum CliCommand {
    SALLOC("salloc"),
    SBATCH("sbatch"),
    SRUN("srun"),
    SCRONTAB("scrontab"),
    /** Any other command using Slurm's option code (e.g. scrun). */
    OTHER("other");

    private final String slurmName;

    CliCommand(String slurmName) {
        this.slurmName = slurmName;
    }

    /** The lower-case name: "salloc", "sbatch", "srun", "scrontab" or "other". */
    public String slurmName() {
        return slurmName;
    }

    /** The command named {@code name} exactly (lower case), if any. */
    public static Optional<CliCommand> ofName(String name) {
        for (CliCommand c : values()) {
            if (c.slurmName.equals(name)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
