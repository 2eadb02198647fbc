package io.plugstack.runtime.spank.options;

import io.plugstack.runtime.spank.LaunchOption;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankOption.Arg;

class OptionForwardingTest {

    private final RecordingLog log = new RecordingLog();
    private final PluginRef testSuite = new PluginRef("test_suite", "test_suite.so");

    @Test
    void forwardingProducesLaunchListEnvAndJobControlEntries() {
        SpankOptionCache cache = new SpankOptionCache(SpankContext.LOCAL, log);
        Calls cb = new Calls();
        cache.register(testSuite, cb.option("unused", Arg.REQUIRED), false);
        cache.register(testSuite, cb.option("mem", Arg.REQUIRED), false);
        cache.register(testSuite, cb.option("flag", Arg.NONE), false);
        SubmitOptionProcessor submit = new SubmitOptionProcessor(cache);
        submit.processCommandLine("mem", "4G");
        submit.processCommandLine("flag", null);
        OptionForwarding fwd = new OptionForwarding(cache);

        assertEquals(List.of(LaunchOption.spank("mem:test_suite", "4G"), LaunchOption.spank("flag:test_suite", null)),
                fwd.launchOptions());
        assertEquals(Map.of("_SLURM_SPANK_OPTION_test_suite_mem", "4G", "_SLURM_SPANK_OPTION_test_suite_flag", ""),
                fwd.processEnvironmentExports());
        assertEquals(Map.of("_SLURM_SPANK_OPTION_test_suite_mem", "4G", "_SLURM_SPANK_OPTION_test_suite_flag", "(null)"),
                fwd.jobControlExports());
    }

    @Test
    void jobControlEntriesReachPrologWithSpankPrefix() {
        Map<String, String> jobControl = new LinkedHashMap<>();
        jobControl.put("_SLURM_SPANK_OPTION_test_suite_mem", "4G");
        jobControl.put("SPANK_ALREADY", "x");
        jobControl.put("SITE", "y");
        assertEquals(Map.of("SPANK__SLURM_SPANK_OPTION_test_suite_mem", "4G", "SPANK_ALREADY", "x", "SPANK_SITE", "y"),
                OptionForwarding.prologEnvironment(jobControl));
        assertEquals(Map.of("SLURM_SPANK__SLURM_SPANK_OPTION_test_suite_mem", "4G", "SLURM_SPANK_SPANK_ALREADY", "x",
                "SLURM_SPANK_SITE", "y"), OptionForwarding.jobEnvironment(jobControl));
    }

    @Test
    void nestedSrunReimportsSbatchOption() {
        // sbatch (allocator): only the registered option exists; --test_suite_sbatch=4.
        SpankOptionCache sbatch = new SpankOptionCache(SpankContext.ALLOCATOR, log);
        Calls sbatchCb = new Calls();
        sbatch.addPlugin(testSuite, List.of(sbatchCb.option("test_suite_srun", Arg.OPTIONAL)));
        sbatch.optionRegister(testSuite, sbatchCb.option("test_suite_sbatch", Arg.OPTIONAL), SpankCallback.INIT);
        new SubmitOptionProcessor(sbatch).processCommandLine("test_suite_sbatch", "4");
        Map<String, String> batchJobEnv = OptionForwarding.jobEnvironment(new OptionForwarding(sbatch).jobControlExports());

        // srun inside the batch script (local): static + registered option; --test_suite_srun=5.
        SpankOptionCache srun = new SpankOptionCache(SpankContext.LOCAL, log);
        Calls srunCb = new Calls();
        srun.addPlugin(testSuite, List.of(srunCb.option("test_suite_srun", Arg.OPTIONAL)));
        srun.optionRegister(testSuite, srunCb.option("test_suite_sbatch", Arg.OPTIONAL), SpankCallback.INIT);
        assertEquals(Map.of("_SLURM_SPANK_OPTION_test_suite_test_suite_sbatch", "4"),
                OptionForwarding.importJobControlEnvironment(batchJobEnv));
        SubmitOptionProcessor submit = new SubmitOptionProcessor(srun);
        assertTrue(submit.processEnvironment(batchJobEnv).ok());
        assertTrue(submit.processCommandLine("test_suite_srun", "5").ok());
        assertEquals(List.of("7|4|false", "7|5|false"), srunCb.calls);

        // slurmstepd for the srun step sees both values (T-1d).
        SpankOptionCache remote = new SpankOptionCache(SpankContext.REMOTE, log);
        Calls remoteCb = new Calls();
        remote.addPlugin(testSuite, List.of(remoteCb.option("test_suite_srun", Arg.OPTIONAL)));
        remote.optionRegister(testSuite, remoteCb.option("test_suite_sbatch", Arg.OPTIONAL), SpankCallback.INIT);
        new RemoteOptionProcessor(remote).applyRemote(new OptionForwarding(srun).launchOptions(), new LinkedHashMap<>());
        assertEquals(List.of("7|5|true", "7|4|true"), remoteCb.calls);
    }
}
