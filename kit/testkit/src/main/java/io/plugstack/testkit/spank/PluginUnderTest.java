package io.plugstack.testkit.spank;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;

import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.spank.JobPluginVersions;
import io.plugstack.runtime.spank.conf.PlugstackConf;
import io.plugstack.runtime.spank.conf.StackEntry;
import io.plugstack.runtime.spank.stack.PluginResolver;

/**
 * The plugin a test runs, as the stack's resolver hands it out for its plugstack.conf line. Either one
 * instance serves every stack of the run, as a singleton component's live service does in the runtime: its
 * generic {@code init()} runs before the first stack loads it (the plugin catalog runs it before handing a
 * plugin out) and {@code fini()} when the run ends. Or every stack gets a new instance, as a prototype-scope
 * component does (and as every srun and slurmstepd process has its own copy of a C plugin's globals): its
 * {@code init()} when the stack loads it, its {@code fini()} when the stack is dropped.
 */
final class PluginUnderTest implements PluginResolver {

    /** Where the line "comes from" in log lines ("spank: /etc/slurm/plugstack.conf:1: ..."). */
    static final Path PLUGSTACK_CONF = Path.of("/etc/slurm/plugstack.conf");
    /** The version a plugin without a bundle runs at (what the job's carried versions name). */
    static final String VERSION = "0.0.0";

    private final Supplier<? extends SpankPlugin> instances;
    private final boolean perStack;
    private final String name;
    private final List<String> args;
    /** The shared instance, or the next stack's when each stack gets its own. */
    private SpankPlugin next;
    private Class<?> type;
    private Integer initRc;

    /**
     * @param first     the instance the first stack gets
     * @param instances where the next stacks' instances come from; null: {@code first} serves every stack
     */
    PluginUnderTest(SpankPlugin first, Supplier<? extends SpankPlugin> instances, String name, List<String> args) {
        this.next = Objects.requireNonNull(first, "plugin");
        this.type = first.getClass();
        this.instances = instances;
        this.perStack = instances != null;
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

    /** The class of the instances (what decides which callbacks the plugin defines). */
    Class<?> type() {
        return type;
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
        if (perStack) {
            SpankPlugin p = next != null ? next : Objects.requireNonNull(instances.get(), "the plugin supplier gave null");
            next = null;
            type = p.getClass();
            return p.init() != 0 ? initFailed() : Resolution.of(new Loaded(name, name, VERSION, p, p::fini));
        }
        if (initRc == null) {
            initRc = next.init();
        }
        return initRc != 0 ? initFailed() : Resolution.of(new Loaded(name, name, VERSION, next, () -> { }));
    }

    private static Resolution initFailed() {
        return Resolution.failed(SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_INIT_FAILED.code()));
    }

    /** The run is over: the shared instance's {@code fini()}, if its {@code init()} ran and succeeded. */
    void finish() {
        if (!perStack && initRc != null && initRc == 0) {
            next.fini();
        }
        initRc = null;
    }
}
