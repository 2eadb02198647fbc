package io.plugstack.runtime.spank.options;

import java.util.function.ToIntFunction;

import io.plugstack.api.spank.Spank;

/**
 * How a stack runs an option's callback: with its handle, as the plugin that gave the option, outside
 * any SPANK callback (Slurm runs option callbacks while it parses options, not from a plugin call).
 */
@FunctionalInterface
public interface OptionCallbackRunner {

    /** A cache no stack drives (its own tests): callbacks get no handle. */
    OptionCallbackRunner WITHOUT_HANDLE = (plugin, callback) -> callback.applyAsInt(null);

    /** {@return what {@code callback} returned, given the handle as {@code plugin}'s} */
    int run(PluginRef plugin, ToIntFunction<Spank> callback);
}
