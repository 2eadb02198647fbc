package io.plugstack.runtime.spi.containment;

/**
 * Thrown where plugin code called System.exit, Runtime.exit or Runtime.halt: in Slurm such a call
 * ends the process the plugin runs in (srun, a slurmstepd, slurmctld); here that process is the
 * runtime, holding every job of the node, so the call fails the plugin's callback instead. An Error,
 * so that a plugin's own {@code catch (Exception e)} does not swallow it and carry on.
 */
public final class PluginExitRefused extends Error {

    private static final long serialVersionUID = 1L;

    public PluginExitRefused(String call) {
        super(call + " refused: a plugin cannot stop the Plugstack runtime (it would end every job on the node)");
    }
}
