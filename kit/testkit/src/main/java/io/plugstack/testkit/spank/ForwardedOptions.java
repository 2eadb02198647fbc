package io.plugstack.testkit.spank;

import java.util.List;
import java.util.Map;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.runtime.spank.LaunchOption;
import io.plugstack.runtime.spank.options.OptionForwarding;
import io.plugstack.runtime.spank.options.PluginRef;
import io.plugstack.runtime.spank.options.SpankOptionCache;
import io.plugstack.runtime.spank.options.SubmitOptionProcessor;

/**
 * What a submitting command forwards for options the user gave to one plugin (SPANK-37), in the engine's own
 * forms: the option cache of a command whose plugin registered exactly these options and found them. Used
 * where a test starts a process without its submitting command (slurmstepd alone, a prolog, a handle in
 * remote or job_script context).
 */
final class ForwardedOptions {

    private final SpankOptionCache cache = new SpankOptionCache(SpankContext.LOCAL, SlurmLog.QUIET);

    ForwardedOptions(String pluginName, List<Given> options) {
        PluginRef plugin = new PluginRef(pluginName, pluginName);
        cache.addPlugin(plugin, List.of());
        for (Given g : options) {
            if (cache.byName(g.name()).isEmpty()) {
                cache.register(plugin, g.asOption("an option the test gave"), false);
            }
            new SubmitOptionProcessor(cache).processCommandLine(g.name(), g.value());
        }
    }

    /** (a) The launch request's {@code <option>:<plugin>} entries. */
    List<LaunchOption> launchOptions() {
        return new OptionForwarding(cache).launchOptions();
    }

    /** (b) The {@code _SLURM_SPANK_OPTION_<plugin>_<option>} variables the command exports, which the step inherits. */
    Map<String, String> environmentExports() {
        return new OptionForwarding(cache).processEnvironmentExports();
    }

    /** (c) The job control environment entries, which Prolog/Epilog see with a SPANK_ prefix. */
    Map<String, String> jobControlExports() {
        return new OptionForwarding(cache).jobControlExports();
    }

    /**
     * One option the user gave: {@code --name=value}, or {@code --name} when {@code value} is null.
     */
    record Given(String name, String value) {

        /** The word on the command line. */
        String word() {
            return "--" + name + (value == null ? "" : "=" + value);
        }

        /** An option registration that takes this option as given (an argument when one was given). */
        SpankOption asOption(String usage) {
            return new SpankOption(name, null, usage, value == null ? SpankOption.Arg.NONE : SpankOption.Arg.REQUIRED, 0, null);
        }
    }
}
