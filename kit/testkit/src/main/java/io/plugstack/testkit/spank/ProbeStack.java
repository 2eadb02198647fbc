package io.plugstack.testkit.spank;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.spank.JobPluginVersions;
import io.plugstack.runtime.spank.conf.StackEntry;
import io.plugstack.runtime.spank.options.StackOptions;
import io.plugstack.runtime.spank.stack.PluginResolver;
import io.plugstack.runtime.spank.stack.SpankHandle;
import io.plugstack.runtime.spank.stack.SpankStack;

/**
 * A real stack of one plugin, the probe, that runs whatever it is handed inside the callback the stack
 * calls: so a {@link FakeSpank} call is answered by the runtime's handle with the stack's plugin and callback
 * set, as a call from a plugin's callback is.
 */
final class ProbeStack {

    private final SpankStack stack;
    private final SpankHandle handle;
    private final StackOptions options;
    private final Probe probe = new Probe();

    ProbeStack(SpankContext context, String pluginName, SlurmVersion release, SlurmLog log, StackOptions options,
            Map<String, String> env, Map<String, String> jobControlEnv) {
        this.options = options;
        this.handle = new SpankHandle(context, release, log, options, env, jobControlEnv);
        options.callbacksRunWith(handle::duringOptionCallback);
        PluginResolver resolver = (reference, ctx, job) -> PluginResolver.Resolution.of(
                new PluginResolver.Loaded(pluginName, pluginName, PluginUnderTest.VERSION, probe, () -> { }));
        StackEntry line = new StackEntry(true, pluginName, List.of(), PluginUnderTest.PLUGSTACK_CONF, 1);
        // the stack's own lines (per-callback rc at debug2) would be about the probe, not the plugin: not kept
        this.stack = SpankStack.build(context, List.of(line), resolver, JobPluginVersions.NONE, options, SlurmLog.QUIET).stack();
    }

    SpankHandle handle() {
        return handle;
    }

    StackOptions options() {
        return options;
    }

    /** {@code call}'s answer, asked of the handle while the stack runs {@code callback}. */
    <T> T within(SpankCallback callback, Function<SpankHandle, T> call) {
        probe.call = call;
        try {
            stack.call(callback, handle);
            if (probe.thrown != null) {
                throw probe.thrown;
            }
            @SuppressWarnings("unchecked")
            T result = (T) probe.result;
            return result;
        } finally {
            probe.call = null;
            probe.result = null;
            probe.thrown = null;
        }
    }

    /** Defines every callback, so the stack keeps it in every context and calls it for each. */
    private final class Probe implements SpankPlugin {
        Function<SpankHandle, ?> call;
        Object result;
        RuntimeException thrown;

        private int run() {
            try {
                result = call.apply(handle);
            } catch (RuntimeException e) {
                thrown = e;
            }
            return 0;
        }

        @Override
        public int spankInit(Spank spank, List<String> args) {
            return run();
        }

        @Override
        public int jobProlog(Spank spank, List<String> args) {
            return run();
        }

        @Override
        public int initPostOpt(Spank spank, List<String> args) {
            return run();
        }

        @Override
        public int localUserInit(Spank spank, List<String> args) {
            return run();
        }

        @Override
        public int userInit(Spank spank, List<String> args) {
            return run();
        }

        @Override
        public int taskInitPrivileged(Spank spank, List<String> args) {
            return run();
        }

        @Override
        public int taskInit(Spank spank, List<String> args) {
            return run();
        }

        @Override
        public int taskPostFork(Spank spank, List<String> args) {
            return run();
        }

        @Override
        public int taskExit(Spank spank, List<String> args) {
            return run();
        }

        @Override
        public int jobEpilog(Spank spank, List<String> args) {
            return run();
        }

        @Override
        public int slurmdExit(Spank spank, List<String> args) {
            return run();
        }

        @Override
        public int exit(Spank spank, List<String> args) {
            return run();
        }
    }
}
