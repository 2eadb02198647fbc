package io.plugstack.runtime.spi.refusals;

import java.util.Map;
import java.util.Optional;

/**
 * The plugins the resolver refused, and why. Registered by the launcher on the system bundle, so
 * shell commands and the host can tell a refused plugin from one that merely has not started.
 */
public interface PluginRefusals {

    /** The refusal of the bundle with this id, if its current revision was refused. */
    Optional<Refusal> refusal(long bundleId);

    /** Every current refusal by bundle id. */
    Map<Long, Refusal> all();

    /** The Slurm release (major.minor.micro) whose plugin ABI the runtime emulates. */
    String slurmRelease();
}
