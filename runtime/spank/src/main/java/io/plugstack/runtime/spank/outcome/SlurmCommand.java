package io.plugstack.runtime.spank.outcome;

/** The client commands whose SPANK failures spank.8's Errors table describes. */
public enum SlurmCommand {
    SRUN("srun"), SALLOC("salloc"), SBATCH("sbatch"), SCRONTAB("scrontab");

    private final String command;

    SlurmCommand(String command) {
        this.command = command;
    }

    /** The command's name as it prefixes its messages ("sbatch: error: ..."). */
    public String command() {
        return command;
    }
}
