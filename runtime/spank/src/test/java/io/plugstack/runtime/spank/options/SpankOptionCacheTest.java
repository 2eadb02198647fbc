package io.plugstack.runtime.spank.options;

import io.plugstack.api.slurm.SlurmLog;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankOption.Arg;
import io.plugstack.api.slurm.SlurmLog.Level;

class SpankOptionCacheTest {

    private final RecordingLog log = new RecordingLog();
    private final SpankOptionCache cache = new SpankOptionCache(SpankContext.LOCAL, log);
    private final Calls cb = new Calls();
    private final PluginRef a = new PluginRef("plug_a", "a.so");
    private final PluginRef b = new PluginRef("plug_b", "b.so");

    @Test
    void optionNameLongerThan75IsRejectedWithNoSpace() {
        String name = "x".repeat(76);
        assertEquals(SpankError.NOSPACE, cache.register(a, cb.option(name, Arg.NONE), false));
        assertTrue(cache.options().isEmpty());
        assertEquals(List.of("spank: option \"" + name + "\" provided by plug_a too long. Ignoring."), log.at(Level.ERROR));
    }

    @Test
    void optionNameOf75CharactersIsAccepted() {
        assertEquals(SpankError.SUCCESS, cache.register(a, cb.option("x".repeat(75), Arg.NONE), false));
        assertEquals(1, cache.options().size());
    }

    @Test
    void duplicateOptionIsSuccessButDisabled() {
        assertEquals(SpankError.SUCCESS, cache.register(a, cb.option("opt", Arg.NONE), false));
        assertEquals(SpankError.SUCCESS, cache.register(b, cb.option("opt", Arg.NONE), false));
        assertEquals(List.of(false, true), cache.options().stream().map(CachedOption::disabled).toList());
        assertEquals(List.of("spank: option \"opt\" provided by both b.so and a.so"), log.at(Level.INFO));
        assertEquals(List.of("plug_a"), cache.enabledOptions().stream().map(o -> o.plugin().name()).toList());
    }

    @Test
    void duplicateCheckComesBeforeLengthCheck() {
        String name = "y".repeat(80);
        // Only a getopt lookup caches a name that long (registration never does).
        new SpankGetopt(cache).getopt(a, cb.option(name, Arg.NONE), SpankCallback.USER_INIT, Map.of());
        assertEquals(SpankError.NOSPACE, cache.register(b, cb.option(name, Arg.NONE), false));
        assertEquals(List.of("INFO spank: option \"" + name + "\" provided by both b.so and a.so",
                "ERROR spank: option \"" + name + "\" provided by plug_b too long. Ignoring."), log.lines);
    }

    @Test
    void getoptValuesStartAt0xfff() {
        cache.register(a, cb.option("one", Arg.NONE), false);
        cache.register(b, cb.option("one", Arg.NONE), false);
        cache.register(b, cb.option("two", Arg.NONE), false);
        assertEquals(List.of(0xfff, 0x1000, 0x1001), cache.options().stream().map(CachedOption::optval).toList());
    }

    @Test
    void staticTableIsRegisteredWhenPluginIsAdded() {
        cache.addPlugin(a, List.of(cb.option("s1", Arg.NONE), cb.option("s2", Arg.REQUIRED)));
        assertEquals(List.of("s1", "s2"), cache.options().stream().map(CachedOption::name).toList());
    }

    @Test
    void staticTableIgnoredInAllocatorContext() {
        SpankOptionCache allocator = new SpankOptionCache(SpankContext.ALLOCATOR, log);
        allocator.addPlugin(a, List.of(cb.option("test_suite_srun", Arg.OPTIONAL)));
        allocator.optionRegister(a, cb.option("test_suite_sbatch", Arg.OPTIONAL), SpankCallback.INIT);
        assertEquals(List.of("test_suite_sbatch"), allocator.options().stream().map(CachedOption::name).toList());
        assertEquals(List.of("plug_a"), allocator.pluginNames());
    }

    @Test
    void staticTableEndsAtFirstEntryWithoutName() {
        cache.addPlugin(a, List.of(cb.option("s1", Arg.NONE), new SpankOption(null, null, null, Arg.NONE, 0, null),
                cb.option("after_end", Arg.NONE)));
        assertEquals(List.of("s1"), cache.options().stream().map(CachedOption::name).toList());
    }

    @ParameterizedTest
    @EnumSource(value = SpankCallback.class, names = "INIT", mode = EnumSource.Mode.EXCLUDE)
    void optionRegisterOutsideInitIsBadArg(SpankCallback phase) {
        assertEquals(SpankError.BAD_ARG, cache.optionRegister(a, cb.option("o", Arg.NONE), phase));
        assertTrue(cache.options().isEmpty());
    }

    @Test
    void optionRegisterWithNullNameOrUsageIsBadArg() {
        assertEquals(SpankError.BAD_ARG, cache.optionRegister(a, null, SpankCallback.INIT));
        assertEquals(SpankError.BAD_ARG, cache.optionRegister(a, new SpankOption(null, null, "u", Arg.NONE, 0, null), SpankCallback.INIT));
        assertEquals(SpankError.BAD_ARG, cache.optionRegister(a, new SpankOption("n", null, null, Arg.NONE, 0, null), SpankCallback.INIT));
        assertEquals(SpankError.SUCCESS, cache.optionRegister(a, new SpankOption("n", null, "u", Arg.NONE, 0, null), SpankCallback.INIT));
    }

    @Test
    void builtinConflictDisablesOption() {
        cache.register(a, cb.option("ntasks", Arg.REQUIRED), false);
        cache.register(a, cb.option("mine", Arg.NONE), false);
        List<CachedOption> table = cache.rejectConflicts(Set.of("ntasks", "label"));
        assertEquals(List.of("mine"), table.stream().map(CachedOption::name).toList());
        assertTrue(cache.byName("ntasks").orElseThrow().disabled());
        assertEquals(List.of("Ignoring conflicting option \"ntasks\" in plugin \"plug_a\""), log.at(Level.ERROR));
    }

    @Test
    void lookupByNameAndByNameAndPlugin() {
        cache.register(a, cb.option("opt", Arg.NONE), false);
        cache.register(b, cb.option("opt", Arg.NONE), false);
        assertEquals("plug_a", cache.byName("opt").orElseThrow().plugin().name());
        assertEquals("plug_b", cache.byName("opt", "plug_b").orElseThrow().plugin().name());
        assertTrue(cache.byName("opt", "plug_c").isEmpty());
        assertTrue(cache.byName("other").isEmpty());
    }

    @Test
    void pluginNamesInStackOrder() {
        cache.addPlugin(b, List.of());
        cache.addPlugin(a, List.of());
        assertEquals(List.of("plug_b", "plug_a"), cache.pluginNames());
    }

    @Test
    void pluginOptionNamesListOnlyEnabledOptions() {
        cache.register(a, cb.option("x", Arg.NONE), false);
        cache.register(b, cb.option("x", Arg.NONE), false);
        cache.register(b, cb.option("y", Arg.NONE), false);
        assertEquals(List.of("y"), cache.pluginOptionNames("plug_b"));
        assertEquals(List.of("x"), cache.pluginOptionNames("plug_a"));
    }

    @Test
    void optionValueIsSetUnsetOrArgument() {
        cache.register(a, cb.option("flag", Arg.NONE), false);
        cache.register(a, cb.option("unused_flag", Arg.NONE), false);
        cache.register(a, cb.option("valued", Arg.REQUIRED), false);
        cache.register(a, cb.option("unused_valued", Arg.REQUIRED), false);
        SubmitOptionProcessor submit = new SubmitOptionProcessor(cache);
        submit.processCommandLine("flag", null);
        submit.processCommandLine("valued", "42");
        assertEquals(Optional.of("set"), cache.optionValue("flag"));
        assertEquals(Optional.of("unset"), cache.optionValue("unused_flag"));
        assertEquals(Optional.of("42"), cache.optionValue("valued"));
        assertEquals(Optional.empty(), cache.optionValue("unused_valued"));
        assertEquals(Optional.empty(), cache.optionValue("nope"));
        assertTrue(cache.isSet("valued"));
        assertFalse(cache.isSet("unused_valued"));
        assertEquals(Optional.of("plug_a"), cache.optionPlugin("valued"));
    }
}
