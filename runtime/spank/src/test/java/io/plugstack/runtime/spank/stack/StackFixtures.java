package io.plugstack.runtime.spank.stack;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.api.spank.SpankResult;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.spank.conf.StackEntry;

/** Plugins, a resolver and a log for stack tests. */
final class StackFixtures {

    static final SlurmVersion RELEASE = SlurmVersion.parse("25.11.0");

    /** Log lines as "LEVEL message". */
    static final class RecordingLog implements SlurmLog {
        final List<String> lines = new ArrayList<>();

        @Override
        public void log(Level level, String message) {
            lines.add(level + " " + message);
        }
    }

    /** Options that accept everything; the option subsystem has its own tests. */
    static final class NoOptions implements OptionHooks {
        final List<String> staticRegistrations = new ArrayList<>();

        @Override
        public void addPlugin(StackPlugin plugin, List<SpankOption> options) {
            options.forEach(o -> staticRegistrations.add(plugin.name() + ":" + o.name()));
        }

        @Override
        public SpankError register(StackPlugin plugin, SpankOption option) {
            return SpankError.SUCCESS;
        }

        @Override
        public SpankResult<Optional<String>> getopt(StackPlugin plugin, SpankOption option, SpankCallback phase) {
            return SpankResult.failure(SpankError.ERROR);
        }
    }

    /** Resolves names from a map; anything else is "Plugin file not found". */
    static final class MapResolver implements PluginResolver {
        final Map<String, SpankPlugin> plugins = new HashMap<>();
        final List<String> released = new ArrayList<>();

        MapResolver with(String name, SpankPlugin plugin) {
            plugins.put(name, plugin);
            return this;
        }

        @Override
        public Resolution resolve(String reference, SpankContext context, io.plugstack.runtime.spank.JobPluginVersions job) {
            SpankPlugin p = plugins.get(reference);
            return p == null ? Resolution.failed("Plugin file not found")
                    : Resolution.of(new Loaded(reference, reference + ".so", "1.0.0", p, () -> released.add(reference)));
        }
    }

    static StackEntry required(String plugin, String... args) {
        return new StackEntry(true, plugin, List.of(args), Path.of("/etc/slurm/plugstack.conf"), 1);
    }

    static StackEntry optional(String plugin, String... args) {
        return new StackEntry(false, plugin, List.of(args), Path.of("/etc/slurm/plugstack.conf"), 2);
    }

    static SpankHandle handle(SpankContext ctx) {
        return new SpankHandle(ctx, RELEASE, new RecordingLog(), new NoOptions());
    }

    private StackFixtures() {
    }
}
