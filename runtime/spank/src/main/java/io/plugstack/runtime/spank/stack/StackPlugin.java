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
 * @param label       its bundle's symbolic name: with the version, how the catalog's call guard and the job's
 *                    plugin versions know it
 * @param named       how log lines name it: as its plugstack.conf line does, without a version pin (Slurm
 *                    names a plugin by its file's basename, the word on its line), so the runtime, the test
 *                    kit and the admin's plugstack.conf agree
 * @param version     its version
 * @param plugin      the instance
 * @param args        the words after the plugin on its line, passed to every callback
 * @param implemented the callbacks it defines; the others are skipped (SPANK-13)
 */
public record StackPlugin(boolean required, String name, String label, String named, String version, SpankPlugin plugin, List<String> args,
        Set<SpankCallback> implemented) {

    public StackPlugin {
        args = List.copyOf(args);
        implemented = Set.copyOf(implemented);
    }

    boolean defines(SpankCallback callback) {
        return implemented.contains(callback);
    }
}
