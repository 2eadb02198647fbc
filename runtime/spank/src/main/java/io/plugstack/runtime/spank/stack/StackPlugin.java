package io.plugstack.runtime.spank.stack;

import java.util.List;
import java.util.Set;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankPlugin;

/**
 * One plugin of a stack: a plugstack.conf line resolved to a plugin instance.
 *
 * @param required    "required" (its failures fail the stack) or "optional"
 * @param name        its plugin_name: the name in option env variables and forwarding (SPANK-15)
 * @param label       how log lines name it (Slurm uses the file's basename): its symbolic name
 * @param version     its version: with the label, how the catalog's call guard knows it
 * @param plugin      the instance
 * @param args        the words after the plugin on its line, passed to every callback
 * @param implemented the callbacks it defines; the others are skipped (SPANK-13)
 */
public record StackPlugin(boolean required, String name, String label, String version, SpankPlugin plugin, List<String> args,
        Set<SpankCallback> implemented) {

    public StackPlugin {
        args = List.copyOf(args);
        implemented = Set.copyOf(implemented);
    }

    boolean defines(SpankCallback callback) {
        return implemented.contains(callback);
    }
}
