package io.plugstack.runtime.spank.options;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.slurm.SlurmLog;

/**
 * The option cache of one SPANK stack ({@code stack->option_cache}, SPANK-30...32, -61): options in
 * registration order, each with a unique getopt value, plus the stack's plugins in stack order. Not
 * thread-safe: a stack is driven by one thread, as in Slurm.
 */
public final class SpankOptionCache {

    /** The first internal getopt value ({@code stack->spank_optval} starts here). */
    public static final int FIRST_OPTVAL = 0xfff;

    private final SpankContext context;
    private final SlurmLog log;
    private final List<PluginRef> plugins = new ArrayList<>();
    private final List<CachedOption> options = new ArrayList<>();
    private int nextOptval = FIRST_OPTVAL;
    private OptionCallbackRunner callbacks = OptionCallbackRunner.WITHOUT_HANDLE;

    public SpankOptionCache(SpankContext context, SlurmLog log) {
        this.context = Objects.requireNonNull(context, "context");
        this.log = Objects.requireNonNull(log, "log");
    }

    /** The context of the stack this cache belongs to. */
    public SpankContext context() {
        return context;
    }

    SlurmLog log() {
        return log;
    }

    /** How option callbacks get the stack's handle (set once the stack's handle exists). */
    void callbacks(OptionCallbackRunner runner) {
        this.callbacks = Objects.requireNonNull(runner, "runner");
    }

    /** {@code _do_option_cb} for {@code option}, with the stack's handle (see {@link CachedOption#apply}). */
    int apply(CachedOption option, String arg, boolean remote) {
        return option.apply(arg, remote, callbacks);
    }

    /**
     * The stack kept {@code plugin} (appended to its plugin list): records it in stack order and
     * registers its static {@code spank_options} table, up to the first entry without a name (the
     * all-zero terminator), except in allocator context, where the table is ignored (SPANK-H-10).
     */
    public void addPlugin(PluginRef plugin, List<SpankOption> staticTable) {
        plugins.add(Objects.requireNonNull(plugin, "plugin"));
        for (SpankOption option : staticTable) {
            if (option == null || option.name() == null) {
                break;
            }
            register(plugin, option, true);
        }
    }

    /**
     * {@code spank_option_register}: BAD_ARG unless {@code phase} permits registration (init only),
     * BAD_ARG for a null option, name or usage; otherwise {@link #register}.
     */
    public SpankError optionRegister(PluginRef plugin, SpankOption option, SpankCallback phase) {
        if (phase == null || !phase.allows(SpankCallback.Allows.OPTION_REGISTER)) {
            return SpankError.BAD_ARG;
        }
        if (option == null || !option.hasRequiredFields()) {
            return SpankError.BAD_ARG;
        }
        return register(plugin, option, false);
    }

    /**
     * Slurm's internal registration ({@code _spank_option_register}). A name some plugin already cached
     * logs at info and the new copy is cached disabled (still SUCCESS); then a name over
     * {@link SpankOption#MAXLEN} logs an error and answers NOSPACE without caching. Static-table
     * options are not cached at all in allocator context.
     */
    public SpankError register(PluginRef plugin, SpankOption option, boolean viaStaticTable) {
        Objects.requireNonNull(plugin, "plugin");
        if (option == null || option.name() == null) {
            return SpankError.BAD_ARG;
        }
        if (viaStaticTable && context == SpankContext.ALLOCATOR) {
            return SpankError.SUCCESS;
        }
        boolean disabled = false;
        Optional<CachedOption> other = byName(option.name());
        if (other.isPresent()) {
            log.info("spank: option \"" + option.name() + "\" provided by both " + plugin.label() + " and "
                    + other.get().plugin().label());
            disabled = true;
        }
        if (option.nameTooLong()) {
            log.error("spank: option \"" + option.name() + "\" provided by " + plugin.name()
                    + " too long. Ignoring.");
            return SpankError.NOSPACE;
        }
        log.debug("SPANK: appending plugin option \"" + option.name() + "\"");
        append(plugin, option, disabled);
        return SpankError.SUCCESS;
    }

    /** Caches a new entry with the next getopt value. */
    CachedOption append(PluginRef plugin, SpankOption option, boolean disabled) {
        CachedOption entry = new CachedOption(plugin, option, nextOptval++, disabled);
        options.add(entry);
        return entry;
    }

    /**
     * Builds the plugin part of the command's getopt table ({@code spank_option_table_create}): every
     * enabled option whose name is already taken, by one of {@code builtinLongOptions} or by an option
     * added before it, logs {@code Ignoring conflicting option "<name>" in plugin "<plugin_name>"} and is
     * disabled (SPANK-32).
     *
     * @return the options added to the table, in cache order
     */
    public List<CachedOption> rejectConflicts(Set<String> builtinLongOptions) {
        Set<String> taken = new HashSet<>(builtinLongOptions);
        List<CachedOption> added = new ArrayList<>();
        for (CachedOption o : options) {
            if (o.disabled()) {
                continue;
            }
            if (!taken.add(o.name())) {
                log.error("Ignoring conflicting option \"" + o.name() + "\" in plugin \"" + o.plugin().name() + "\"");
                o.disable();
                continue;
            }
            added.add(o);
        }
        return added;
    }

    /** Every cached option, in registration order (disabled ones included). */
    public List<CachedOption> options() {
        return Collections.unmodifiableList(options);
    }

    /** The enabled options, in registration order: what help and the command line show. */
    public List<CachedOption> enabledOptions() {
        return find(o -> !o.disabled());
    }

    /** The first cached option named {@code name}, whatever its plugin or state (SPANK-42). */
    public Optional<CachedOption> byName(String name) {
        return first(o -> o.name().equals(name));
    }

    /** The first cached option named {@code name} from the plugin named {@code pluginName} (SPANK-38). */
    public Optional<CachedOption> byName(String name, String pluginName) {
        return first(o -> o.name().equals(name) && o.plugin().name().equals(pluginName));
    }

    /** The option with internal getopt value {@code optval}. */
    public Optional<CachedOption> byOptval(int optval) {
        return first(o -> o.optval() == optval);
    }

    /** SPANK-61 {@code spank_get_plugin_names}: the stack's plugin names, in stack order. */
    public List<String> pluginNames() {
        return plugins.stream().map(PluginRef::name).toList();
    }

    /** SPANK-61 {@code spank_get_plugin_option_names}: the enabled option names of that plugin. */
    public List<String> pluginOptionNames(String pluginName) {
        return find(o -> !o.disabled() && o.plugin().name().equals(pluginName)).stream()
                .map(CachedOption::name).toList();
    }

    /**
     * SPANK-61 {@code spank_option_get}: "set" for a processed option without argument, "unset" for an
     * unprocessed option that takes none, else the argument; empty when there is none or no such option.
     */
    public Optional<String> optionValue(String name) {
        Optional<CachedOption> o = byName(name);
        if (o.isEmpty()) {
            return Optional.empty();
        }
        CachedOption c = o.get();
        if (c.set() && c.optarg() == null) {
            return Optional.of("set");
        }
        if (!c.set() && c.option().hasArg() == SpankOption.Arg.NONE) {
            return Optional.of("unset");
        }
        return Optional.ofNullable(c.optarg());
    }

    /** {@code spank_option_plugin}: the plugin name of the first option called {@code name}. */
    public Optional<String> optionPlugin(String name) {
        return byName(name).map(o -> o.plugin().name());
    }

    /** {@code spank_option_isset}. */
    public boolean isSet(String name) {
        return byName(name).map(CachedOption::set).orElse(false);
    }

    List<CachedOption> find(Predicate<CachedOption> filter) {
        return options.stream().filter(filter).toList();
    }

    private Optional<CachedOption> first(Predicate<CachedOption> filter) {
        return options.stream().filter(filter).findFirst();
    }
}
