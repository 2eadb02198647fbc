package io.plugstack.runtime.spank;

import io.plugstack.api.slurm.SlurmLog;
import java.nio.file.Path;

import org.osgi.annotation.versioning.ProviderType;

import io.plugstack.api.spank.SpankContext;
import io.plugstack.runtime.spank.conf.PlugstackConf;
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

    /** One consistent read of plugstack.conf and its includes, as a launch sees it. */
    PlugstackConf.Result read(SlurmLog log);

    /**
     * Loads the plugins of an earlier read for {@code context}: a job keeps the configuration it was
     * launched with, so editing plugstack.conf does not change a running job's later stacks.
     */
    SpankStack.Build open(SpankContext context, PlugstackConf.Result conf, OptionHooks options, SlurmLog log);

    /** Reads plugstack.conf now and loads its plugins for {@code context}, or says why it cannot. */
    default SpankStack.Build open(SpankContext context, OptionHooks options, SlurmLog log) {
        return open(context, read(log), options, log);
    }
}
