package io.plugstack.runtime.spank.options;

import io.plugstack.runtime.spank.LaunchOption;
import io.plugstack.api.slurm.SlurmLog;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankOption.Arg;
import io.plugstack.api.slurm.SlurmLog.Level;

class RemoteOptionProcessorTest {

    private final RecordingLog log = new RecordingLog();
    private final SpankOptionCache cache = new SpankOptionCache(SpankContext.REMOTE, log);
    private final RemoteOptionProcessor remote = new RemoteOptionProcessor(cache);
    private final Calls cb = new Calls();
    private final PluginRef plugin = new PluginRef("p", "p.so");

    private static Map<String, String> env(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return m;
    }

    @Test
    void remoteAppliesLaunchListThenEnvAndClearsVariables() {
        cache.register(plugin, cb.option("a", Arg.REQUIRED), false);
        cache.register(plugin, cb.option("b", Arg.REQUIRED), false);
        Map<String, String> stepEnv = env(
                "_SLURM_SPANK_OPTION_p_a", "from-env-ignored",
                "_SLURM_SPANK_OPTION_p_b", "from-env",
                "_SLURM_SPANK_OPTION_gone_x", "1",
                "SPANK__SLURM_SPANK_OPTION_p_a", "2",
                "SLURM_SPANK__SLURM_SPANK_OPTION_p_a", "kept",
                "HOME", "/home/u");
        remote.applyRemote(List.of(LaunchOption.spank("a:p", "from-list")), stepEnv);
        assertEquals(List.of("7|from-list|true", "7|from-env|true"), cb.calls);
        assertEquals(env("SLURM_SPANK__SLURM_SPANK_OPTION_p_a", "kept", "HOME", "/home/u"), stepEnv);
        assertEquals("from-env", cache.byName("b").orElseThrow().optarg());
    }

    @Test
    void remoteUnknownOptionWarns() {
        cache.register(plugin, cb.option("a", Arg.REQUIRED), false);
        remote.applyRemote(List.of(LaunchOption.spank("a:other", "1"), LaunchOption.spank("zz:p", "1")), env());
        assertTrue(cb.calls.isEmpty());
        assertEquals(List.of("SPANK plugin \"other\" option \"a\" not found", "SPANK plugin \"p\" option \"zz\" not found"),
                log.at(Level.INFO));
    }

    @Test
    void remoteMalformedEntryIgnored() {
        cache.register(plugin, cb.option("a", Arg.REQUIRED), false);
        remote.applyRemote(List.of(LaunchOption.spank("a", "1")), env());
        assertTrue(cb.calls.isEmpty());
        assertEquals(List.of("Malformed plugin option \"a\" received. Ignoring"), log.at(Level.ERROR));
    }

    @Test
    void remoteSplitsAtFirstColon() {
        PluginRef colon = new PluginRef("p:q", "pq.so");
        cache.register(colon, cb.option("a", Arg.REQUIRED), false);
        remote.applyRemote(List.of(LaunchOption.spank("a:p:q", "1")), env());
        assertEquals(List.of("7|1|true"), cb.calls);
    }

    @Test
    void remoteCallbackFailureOnlyLogs() {
        cache.register(plugin, cb.option("a", Arg.REQUIRED), false);
        cache.register(plugin, cb.option("b", Arg.NONE), false);
        cb.rc = 3;
        Map<String, String> stepEnv = env("_SLURM_SPANK_OPTION_p_b", "");
        remote.applyRemote(List.of(LaunchOption.spank("a:p", "bad")), stepEnv);
        assertEquals(List.of("spank: failed to process option a=bad", "spank: failed to process option b="),
                log.at(Level.ERROR));
        assertTrue(stepEnv.isEmpty(), "the variable is removed even when its callback fails");
        assertEquals(2, cb.calls.size());
    }

    @Test
    void remoteSkipsEntriesOfOtherTypes() {
        cache.register(plugin, cb.option("a", Arg.REQUIRED), false);
        remote.applyRemote(List.of(new LaunchOption(0x1, "a:p", "1")), env());
        assertTrue(cb.calls.isEmpty());
        assertTrue(log.lines.stream().noneMatch(l -> l.contains("not found")));
    }

    @Test
    void remoteAppliesOnlyOptionsRegisteredInThatContext() {
        remote.applyRemote(List.of(LaunchOption.spank("a:p", "1")), env("_SLURM_SPANK_OPTION_p_a", "1"));
        assertEquals(List.of("SPANK plugin \"p\" option \"a\" not found"), log.at(Level.INFO));
        assertTrue(cache.options().isEmpty());
    }

    @Test
    void remoteLookupByNameAndPluginReachesDisabledDuplicate() {
        PluginRef second = new PluginRef("q", "q.so");
        Calls secondCb = new Calls();
        cache.register(plugin, cb.option("same", Arg.REQUIRED), false);
        cache.register(second, secondCb.option("same", Arg.REQUIRED), false);
        remote.applyRemote(List.of(LaunchOption.spank("same:q", "v")), env());
        assertTrue(cb.calls.isEmpty());
        assertEquals(List.of("7|v|true"), secondCb.calls);
    }
}
