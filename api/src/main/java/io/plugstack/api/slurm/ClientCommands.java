package io.plugstack.api.slurm;

import java.util.Map;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Where a process finds the runtime's own Slurm client commands (srun, sbatch, squeue, sinfo,
 * scontrol, ...): an OSGi service of the bench. A job's tasks get this environment; so do the
 * commands a site's job_submit.lua or cli_filter.lua runs through io.popen and os.execute, so a
 * script that asks {@code scontrol show partition} or {@code squeue} gets the bench's answers, not
 * those of a real cluster the machine may also reach.
 */
@ProviderType
public interface ClientCommands {

    /**
     * The variables to set over {@code inherited} for a process to run the commands: PATH with their
     * folder first, and how they reach the runtime.
     *
     * @param inherited the environment the process would otherwise get
     * @return the variables to set over it
     */
    Map<String, String> environment(Map<String, String> inherited);
}
