package io.plugstack.runtime.spank.stack;

import java.util.List;
import java.util.Optional;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankResult;

/** What a stack's handles ask of the stack's option cache (spank_option_register / _getopt). */
public interface OptionHooks {

    /**
     * A plugin the stack keeps, in stack order, with its static spank_options table (always empty
     * in allocator context, where the table is ignored: SPANK-H-10).
     */
    void addPlugin(StackPlugin plugin, List<SpankOption> staticTable);

    /** spank_option_register from init, after the handle's own argument checks. */
    SpankError register(StackPlugin plugin, SpankOption option);

    /** spank_option_getopt, with the callback it is called from. */
    SpankResult<Optional<String>> getopt(StackPlugin plugin, SpankOption option, SpankCallback phase);
}
