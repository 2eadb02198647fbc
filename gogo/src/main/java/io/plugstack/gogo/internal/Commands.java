package io.plugstack.gogo.internal;

/** Gogo's service properties for the "plugstack" scope: each command class names its function. */
public final class Commands {
    public static final String SCOPE = "osgi.command.scope=plugstack";
    /** The bench's Slurm commands: srun, sbatch, ... typed as on a login node. */
    public static final String SLURM_SCOPE = "osgi.command.scope=slurm";
    /** The runtime's log file, as Karaf's log:display and log:tail show theirs. */
    public static final String LOG_SCOPE = "osgi.command.scope=log";
    public static final String FUNCTION = "osgi.command.function=";

    private Commands() {
    }
}
