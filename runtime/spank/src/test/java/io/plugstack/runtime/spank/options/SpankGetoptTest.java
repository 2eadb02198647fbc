package io.plugstack.runtime.spank.options;

import io.plugstack.api.slurm.SlurmLog;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankOption.Arg;
import io.plugstack.api.spank.SpankResult;
import io.plugstack.api.slurm.SlurmLog.Level;

class SpankGetoptTest {

    private final RecordingLog log = new RecordingLog();
    private final SpankOptionCache cache = new SpankOptionCache(SpankContext.REMOTE, log);
    private final SpankGetopt getopt = new SpankGetopt(cache);
    private final Calls cb = new Calls();
    private final PluginRef plugin = new PluginRef("p", "p.so");

    private SpankResult<Optional<String>> get(SpankOption option, Map<String, String> env) {
        return getopt.getopt(plugin, option, SpankCallback.TASK_INIT, env);
    }

    @Test
    void getoptNotAvailInInit() {
        cache.register(plugin, cb.option("o", Arg.NONE), false);
        new SubmitOptionProcessor(cache).processCommandLine("o", null);
        assertEquals(SpankError.NOT_AVAIL, getopt.getopt(plugin, cb.option("o", Arg.NONE), SpankCallback.INIT, Map.of()).error());
    }

    @ParameterizedTest
    @EnumSource(value = SpankCallback.class, names = {"INIT", "INIT_POST_OPT", "TASK_POST_FORK", "SLURMD_EXIT", "EXIT"})
    void getoptNotAvailInOtherPhases(SpankCallback phase) {
        assertEquals(SpankError.NOT_AVAIL, getopt.getopt(plugin, cb.option("o", Arg.NONE), phase, Map.of()).error());
    }

    @ParameterizedTest
    @EnumSource(value = SpankCallback.class, names = {"JOB_PROLOG", "LOCAL_USER_INIT", "USER_INIT",
            "TASK_INIT_PRIVILEGED", "TASK_INIT", "TASK_EXIT", "JOB_EPILOG"})
    void getoptAvailableInItsPhases(SpankCallback phase) {
        cache.register(plugin, cb.option("o", Arg.REQUIRED), false);
        new SubmitOptionProcessor(cache).processCommandLine("o", "v");
        assertEquals(SpankResult.success(Optional.of("v")), getopt.getopt(plugin, cb.option("o", Arg.REQUIRED), phase, Map.of()));
    }

    @Test
    void getoptNotAvailOutsideAnyCallbackOrPlugin() {
        assertEquals(SpankError.NOT_AVAIL, getopt.getopt(plugin, cb.option("o", Arg.NONE), null, Map.of()).error());
        assertEquals(SpankError.NOT_AVAIL, getopt.getopt(null, cb.option("o", Arg.NONE), SpankCallback.TASK_INIT, Map.of()).error());
        assertEquals(List.of("spank_option_getopt: Not called from a plugin!?"), log.at(Level.ERROR));
    }

    @Test
    void getoptBadArgForNullName() {
        assertEquals(SpankError.BAD_ARG, get(new SpankOption(null, null, "u", Arg.NONE, 0, null), Map.of()).error());
        assertEquals(SpankError.BAD_ARG, get(null, Map.of()).error());
    }

    @Test
    void getoptPhaseCheckComesBeforeArgumentCheck() {
        assertEquals(SpankError.NOT_AVAIL, getopt.getopt(plugin, null, SpankCallback.EXIT, Map.of()).error());
    }

    @Test
    void getoptCachedButUnusedIsError() {
        cache.register(plugin, cb.option("o", Arg.REQUIRED), false);
        assertEquals(SpankError.ERROR,
                get(cb.option("o", Arg.REQUIRED), Map.of("_SLURM_SPANK_OPTION_p_o", "ignored")).error());
    }

    @Test
    void getoptReturnsArgumentOnlyWhenOptionTakesOne() {
        cache.register(plugin, cb.option("o", Arg.REQUIRED), false);
        new SubmitOptionProcessor(cache).processCommandLine("o", "v");
        assertEquals(SpankResult.success(Optional.of("v")), get(cb.option("o", Arg.OPTIONAL), Map.of()));
        assertEquals(SpankResult.success(Optional.empty()), get(cb.option("o", Arg.NONE), Map.of()));
    }

    @Test
    void getoptLooksUpByNameOnly() {
        PluginRef other = new PluginRef("other", "other.so");
        cache.register(other, cb.option("shared", Arg.REQUIRED), false);
        new SubmitOptionProcessor(cache).processCommandLine("shared", "theirs");
        assertEquals(SpankResult.success(Optional.of("theirs")), get(cb.option("shared", Arg.REQUIRED), Map.of()));
    }

    @Test
    void getoptFallsBackToEnvironment() {
        SpankOption o = cb.option("mem", Arg.REQUIRED);
        assertEquals(SpankResult.success(Optional.of("4G")), get(o, Map.of("_SLURM_SPANK_OPTION_p_mem", "4G",
                "SPANK__SLURM_SPANK_OPTION_p_mem", "second")));
        assertEquals(SpankResult.success(Optional.of("4G")), get(o, Map.of()), "the answer is cached");
        assertEquals(1, cache.options().size());
    }

    @Test
    void getoptPrologEnvForm() {
        Map<String, String> prologEnv = OptionForwarding.prologEnvironment(Map.of("_SLURM_SPANK_OPTION_p_mem", "4G"));
        SpankResult<Optional<String>> r = getopt.getopt(plugin, cb.option("mem", Arg.REQUIRED), SpankCallback.JOB_PROLOG, prologEnv);
        assertEquals(SpankResult.success(Optional.of("4G")), r);
    }

    @Test
    void getoptNegativeAnswerIsCached() {
        SpankOption o = cb.option("mem", Arg.REQUIRED);
        assertEquals(SpankError.ERROR, get(o, Map.of()).error());
        assertEquals(SpankError.ERROR, get(o, Map.of("_SLURM_SPANK_OPTION_p_mem", "late")).error());
    }

    @Test
    void getoptStaticTableOptionInJobScriptIsError() {
        SpankOptionCache jobScript = new SpankOptionCache(SpankContext.JOB_SCRIPT, log);
        SpankOption staticOption = cb.option("test_suite_srun", Arg.OPTIONAL);
        jobScript.addPlugin(plugin, List.of(staticOption));
        Map<String, String> prologEnv = Map.of("SPANK__SLURM_SPANK_OPTION_p_test_suite_srun", "5");
        SpankResult<Optional<String>> r = new SpankGetopt(jobScript).getopt(plugin, staticOption, SpankCallback.JOB_PROLOG, prologEnv);
        assertEquals(SpankError.ERROR, r.error());
    }

    @Test
    void getoptInAPrologDrivenThroughABridgeReadsTheOptionUnderTheBridgesPluginName() {
        SpankOptionCache jobScript = new SpankOptionCache(SpankContext.JOB_SCRIPT, log);
        // a real Slurm knew the Java plugin's --mem as mem:plugstack, the bridge's plugin_name
        Map<String, String> prologEnv = Map.of("SPANK__SLURM_SPANK_OPTION_plugstack_mem", "4G");
        SpankResult<Optional<String>> r = new SpankGetopt(jobScript, "plugstack").getopt(plugin, cb.option("mem", Arg.REQUIRED),
                SpankCallback.JOB_PROLOG, prologEnv);
        assertEquals(SpankError.SUCCESS, r.error());
        assertEquals(Optional.of("4G"), r.value());
    }
}
