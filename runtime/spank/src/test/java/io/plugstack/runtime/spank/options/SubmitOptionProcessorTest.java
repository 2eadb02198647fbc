package io.plugstack.runtime.spank.options;

import io.plugstack.api.slurm.SlurmLog;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankOption.Arg;
import io.plugstack.api.slurm.SlurmLog.Level;

class SubmitOptionProcessorTest {

    private final RecordingLog log = new RecordingLog();
    private final SpankOptionCache cache = new SpankOptionCache(SpankContext.LOCAL, log);
    private final SubmitOptionProcessor submit = new SubmitOptionProcessor(cache);
    private final Calls cb = new Calls();
    private final PluginRef plugin = new PluginRef("test_suite", "test_suite.so");

    @Test
    void environmentOptionsProcessedBeforeCommandLine() {
        cache.register(plugin, cb.option("gpu", Arg.REQUIRED), false);
        assertTrue(submit.processEnvironment(Map.of("SLURM_SPANK__SLURM_SPANK_OPTION_test_suite_gpu", "env")).ok());
        assertTrue(submit.processCommandLine("gpu", "cli").ok());
        assertEquals(List.of("7|env|false", "7|cli|false"), cb.calls);
        CachedOption o = cache.byName("gpu").orElseThrow();
        assertEquals("cli", o.optarg());
        assertTrue(o.setByEnv());
    }

    @Test
    void envCallbackFailureMessage() {
        cache.register(plugin, cb.option("first", Arg.REQUIRED), false);
        cache.register(plugin, new Calls().option("second", Arg.REQUIRED), false);
        cb.rc = 1;
        ProcessResult r = submit.processEnvironment(Map.of(
                "SLURM_SPANK__SLURM_SPANK_OPTION_test_suite_first", "NaN",
                "SLURM_SPANK__SLURM_SPANK_OPTION_test_suite_second", "2"));
        String expected = "Invalid argument (NaN) for environment variable: SLURM_SPANK__SLURM_SPANK_OPTION_test_suite_first";
        assertEquals(1, r.rc());
        assertEquals(expected, r.message());
        assertEquals(List.of(expected), log.at(Level.ERROR));
        assertFalse(cache.byName("second").orElseThrow().found(), "processing stops at the first failure");
    }

    @Test
    void envFormIgnoresVariablesOfOtherPlugins() {
        cache.register(plugin, cb.option("gpu", Arg.REQUIRED), false);
        submit.processEnvironment(Map.of("SLURM_SPANK__SLURM_SPANK_OPTION_other_gpu", "x"));
        assertTrue(cb.calls.isEmpty());
    }

    @Test
    void commandLineCallbackFailureMessage() {
        cache.register(plugin, cb.option("test_suite_sbatch", Arg.OPTIONAL), false);
        cb.rc = -1;
        ProcessResult r = submit.processCommandLine("test_suite_sbatch", "NaN");
        assertFalse(r.ok());
        assertEquals("Invalid --test_suite_sbatch argument: NaN", r.message());
        assertEquals(List.of("Invalid --test_suite_sbatch argument: NaN"), log.at(Level.ERROR));
        assertFalse(cache.byName("test_suite_sbatch").orElseThrow().found(), "a failed option is not forwarded");
    }

    @Test
    void callbackThatThrowsCountsAsFailure() {
        cache.register(plugin, new io.plugstack.api.spank.SpankOption("boom", null, "u", Arg.REQUIRED, 0,
                (val, arg, remote) -> { throw new IllegalStateException("bug"); }), false);
        assertEquals(-1, submit.processCommandLine("boom", "1").rc());
    }

    @Test
    void argumentRememberedOnlyWhenHasArg() {
        cache.register(plugin, cb.option("flag", Arg.NONE), false);
        cache.register(plugin, cb.option("value", Arg.REQUIRED), false);
        submit.processCommandLine("flag", "ignored");
        submit.processCommandLine("value", "5");
        CachedOption flag = cache.byName("flag").orElseThrow();
        assertTrue(flag.found());
        assertNull(flag.optarg());
        assertEquals("5", cache.byName("value").orElseThrow().optarg());
    }

    @Test
    void commandLineReachesOnlyEnabledOptions() {
        cache.register(plugin, cb.option("dup", Arg.NONE), false);
        cache.register(new PluginRef("other", "other.so"), new Calls().option("dup", Arg.NONE), false);
        submit.processCommandLine("dup", null);
        assertEquals(List.of("7|null|false"), cb.calls);
        assertThrows(IllegalArgumentException.class, () -> submit.processCommandLine("missing", null));
    }

    @Test
    void processOptionByGetoptValue() {
        cache.register(plugin, cb.option("a", Arg.REQUIRED), false);
        assertTrue(submit.processOption(0xfff, "1").ok());
        ProcessResult unknown = submit.processOption(0x2000, "1");
        assertEquals("Failed to find spank option for optval: 8192", unknown.message());
    }
}
