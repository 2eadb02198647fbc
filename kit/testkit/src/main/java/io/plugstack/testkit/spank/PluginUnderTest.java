package io.plugstack.testkit.spank;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.spank.JobPluginVersions;
import io.plugstack.runtime.spank.conf.PlugstackConf;
import io.plugstack.runtime.spank.conf.StackEntry;
import io.plugstack.runtime.spank.stack.PluginResolver;

/**
 * The plugin a test runs, as the stack's resolver hands it out for its plugstack.conf line: the same
 * instance for every context, as the runtime's live service is (the runtime gives job_script stacks a fresh
 * instance; a test gives one instance). Its generic {@code init()} runs once before the first stack loads it,
 * as the plugin catalog runs it before handing a plugin out, and {@code fini()} when the run ends.
 */
final class PluginUnderTest implements PluginResolver {

    /** Where the line "comes from" in log lines ("spank: /etc/slurm/plugstack.conf:1: ..."). */
    static final Path PLUGSTACK_CONF = Path.of("/etc/slurm/plugstack.conf");
    /** The version a plugin without a bundle runs at (what the job's carried versions name). */
    static final String VERSION = "0.0.0";

    private final SpankPlugin plugin;
    private final String name;
    private final List<String> args;
    private Integer initRc;

    PluginUnderTest(SpankPlugin plugin, String name, List<String> args) {
        this.plugin = Objects.requireNonNull(plugin, "plugin");
        this.name = name;
        this.args = checked(args);
    }

    /**
     * {@code args}, refused when one cannot be written on a plugstack.conf line: words are split at spaces and
     * tabs and '#' starts a comment (SPANK-4, SPANK-7).
     */
    static List<String> checked(List<String> args) {
        for (String a : args) {
            if (a == null || a.isEmpty() || a.chars().anyMatch(c -> c == ' ' || c == '\t' || c == '\n' || c == '#')) {
                throw new IllegalArgumentException("plugstack.conf argument \"" + a + "\" cannot be written on a plugstack.conf line: "
                        + "words are split at spaces and tabs and '#' starts a comment");
            }
        }
        return List.copyOf(args);
    }

    /**
     * The default plugin_name for a plugin class: its simple name in lower case without a trailing "plugin"
     * ({@code ProjectPlugin} gives {@code project}).
     */
    static String defaultName(Class<?> type) {
        String simple = type.getSimpleName().isEmpty() ? "plugin" : type.getSimpleName().toLowerCase(Locale.ROOT);
        String stripped = simple.endsWith("plugin") ? simple.substring(0, simple.length() - "plugin".length()) : simple;
        return stripped.isEmpty() ? simple : stripped;
    }

    String name() {
        return name;
    }

    SpankPlugin plugin() {
        return plugin;
    }

    /** plugstack.conf with the one line {@code required <name> <args...>}. */
    PlugstackConf.Result conf() {
        return new PlugstackConf.Result(List.of(new StackEntry(true, name, args, PLUGSTACK_CONF, 1)), java.util.Optional.empty());
    }

    @Override
    public Resolution resolve(String reference, SpankContext context, JobPluginVersions job) {
        if (!reference.equals(name)) {
            return Resolution.failed(SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_NOTFOUND.code()));
        }
        if (initRc == null) {
            initRc = plugin.init();
        }
        if (initRc != 0) {
            return Resolution.failed(SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_INIT_FAILED.code()));
        }
        return Resolution.of(new Loaded(name, name, VERSION, plugin, () -> { }));
    }

    /** The run is over: the plugin's {@code fini()}, if its {@code init()} ran and succeeded. */
    void finish() {
        if (initRc != null && initRc == 0) {
            plugin.fini();
        }
        initRc = null;
    }
}
