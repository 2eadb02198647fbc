package io.plugstack.runtime.spank;

import java.nio.file.Path;

import org.osgi.annotation.versioning.ProviderType;

import io.plugstack.api.spank.SpankContext;
import io.plugstack.runtime.spank.stack.OptionHooks;
import io.plugstack.runtime.spank.stack.SpankStack;

/**
 * Creates SPANK stacks the way Slurm's daemons and commands do: plugstack.conf is read anew for
 * every stack (SPANK-10), so an edit affects the next launch and never a running one.
 */
@ProviderType
public interface SpankStacks {

    /** The plugstack.conf in use (PlugStackConfig). */
    Path plugstackConf();

    /** Reads plugstack.conf and loads its plugins for {@code context}, or says why it cannot. */
    SpankStack.Build open(SpankContext context, OptionHooks options, SlurmLog log);
}
