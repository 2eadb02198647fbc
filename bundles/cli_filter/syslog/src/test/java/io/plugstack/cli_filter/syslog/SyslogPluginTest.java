package io.plugstack.cli_filter.syslog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.testkit.clifilter.FakeCliOptions;
import io.plugstack.testkit.RecordingLogger;

/** CLI-30 (with CLI-44's JSON rules): cli_filter/syslog. */
class SyslogPluginTest {

    private static final long NO_VAL = 4294967294L;

    private final Map<String, String> env = new LinkedHashMap<>();
    private final RecordingLogger log = new RecordingLogger();
    private final SyslogPlugin plugin = new SyslogPlugin(() -> env, log);

    private static FakeCliOptions sbatch(String partition) {
        FakeCliOptions o = new FakeCliOptions(SlurmCommand.SBATCH).argv("job.sh", "arg1");
        o.set("partition", partition);
        return o;
    }

    @Test
    void postSubmitLineHasSlurmsExactFormat() {
        env.put("HOME", "/home/u");
        assertThat(plugin.preSubmit(sbatch("debug"), 0)).isZero();
        plugin.postSubmit(0, 42, NO_VAL);
        assertThat(log.lines()).containsExactly("INFO post_submit: { \"jobid\":42,\"stepid\":4294967294,"
                + "\"options\":{\"partition\":\"debug\",\"argv\":[\"job.sh\",\"arg1\"]},"
                + "\"env\":{\"HOME\":\"\\/home\\/u\"}}");
    }

    @Test
    void optionsAreStoredPerComponentOffset() {
        plugin.preSubmit(sbatch("first"), 0);
        plugin.preSubmit(sbatch("second"), 1);
        plugin.postSubmit(1, 7, NO_VAL);
        plugin.postSubmit(0, 7, NO_VAL);
        assertThat(log.lines()).hasSize(2);
        assertThat(log.lines().get(0)).contains("\"options\":{\"partition\":\"second\"");
        assertThat(log.lines().get(1)).contains("\"options\":{\"partition\":\"first\"");
    }

    @Test
    void optionsAreTakenAtPreSubmitNotLater() {
        FakeCliOptions options = sbatch("before");
        plugin.preSubmit(options, 0);
        options.set("partition", "after");
        plugin.postSubmit(0, 1, NO_VAL);
        assertThat(log.lines().get(0)).contains("\"partition\":\"before\"").doesNotContain("after");
    }

    @Test
    void offsetNeverStoredLogsNullOptions() {
        plugin.postSubmit(3, 9, NO_VAL);
        assertThat(log.lines()).containsExactly("INFO post_submit: { \"jobid\":9,\"stepid\":4294967294,\"options\":(null),\"env\":{}}");
    }

    @Test
    void jobAndStepIdsArePrintedAsUnsigned32BitNumbers() {
        plugin.postSubmit(0, 0x1_0000_0005L, -1);
        assertThat(log.lines().get(0)).startsWith("INFO post_submit: { \"jobid\":5,\"stepid\":4294967295,");
    }

    @Test
    void environmentLeavesOutSlurmSpankAndSpankOptionVariables() {
        env.put("SLURM_JOB_ID", "1");
        env.put("SPANK_X", "2");
        env.put("_SLURM_SPANK_OPTION_renice_renice", "3");
        env.put("slurm_lower", "4");
        env.put("MY_SLURM_", "5");
        env.put("PATH", "/bin");
        plugin.postSubmit(0, 1, NO_VAL);
        assertThat(log.lines().get(0)).endsWith("\"env\":{\"MY_SLURM_\":\"5\",\"PATH\":\"\\/bin\",\"slurm_lower\":\"4\"}}");
    }

    @Test
    void environmentIsReadAtPostSubmit() {
        plugin.preSubmit(sbatch("p"), 0);
        env.put("LATE", "yes");
        plugin.postSubmit(0, 1, NO_VAL);
        assertThat(log.lines().get(0)).endsWith("\"env\":{\"LATE\":\"yes\"}}");
    }

    @Test
    void optionValuesAreJsonEscaped() {
        FakeCliOptions o = new FakeCliOptions(SlurmCommand.SBATCH);
        o.set("wrap", "echo \"a\tb\" \\ /tmp\n");
        plugin.preSubmit(o, 0);
        plugin.postSubmit(0, 1, NO_VAL);
        assertThat(log.lines().get(0)).contains("\"options\":{\"wrap\":\"echo \\\"a\\tb\\\" \\\\ \\/tmp\\n\",\"argv\":[]}");
    }

    @Test
    void setOptionsAreSortedByNameAndValuelessOnesAreNull() {
        FakeCliOptions o = new FakeCliOptions(SlurmCommand.SRUN).argv("hostname");
        o.set("time", "10");
        o.set("account", "proj");
        o.setWithoutValue("job-name");
        plugin.preSubmit(o, 0);
        plugin.postSubmit(0, 1, 0);
        assertThat(log.lines().get(0)).contains(
                "\"options\":{\"account\":\"proj\",\"job-name\":null,\"time\":\"10\",\"argv\":[\"hostname\"]}");
    }

    @Test
    void usedSpankOptionsAppearAsSpankColonName() {
        FakeCliOptions o = new FakeCliOptions(SlurmCommand.SBATCH).argv("job.sh");
        o.spank("renice", "renice", "5").spank("demo", "flag", "set").spank("demo", "quiet", "unset");
        plugin.preSubmit(o, 0);
        plugin.postSubmit(0, 1, NO_VAL);
        assertThat(log.lines().get(0)).contains(
                "\"options\":{\"spank:flag\":\"set\",\"spank:renice\":\"5\",\"argv\":[\"job.sh\"]}");
    }

    @Test
    void argvIsEmptyForSallocAsInSlurm() {
        FakeCliOptions o = new FakeCliOptions(SlurmCommand.SALLOC).argv("bash");
        plugin.preSubmit(o, 0);
        plugin.postSubmit(0, 1, NO_VAL);
        assertThat(log.lines().get(0)).contains("\"options\":{\"argv\":[]}");
    }

    @Test
    void loggerIsNamedAfterSlurmsSyslogTag() {
        assertThat(SyslogPlugin.TAG).isEqualTo("slurm/cli_filter/syslog");
        assertThat(new SyslogPlugin().log().getName()).isEqualTo("slurm/cli_filter/syslog");
    }

    @Test
    void setupDefaultsDoesNothingAndPreSubmitSucceeds() {
        FakeCliOptions o = new FakeCliOptions(SlurmCommand.SBATCH);
        assertThat(plugin.setupDefaults(o, true)).isZero();
        assertThat(plugin.setupDefaults(o, false)).isZero();
        assertThat(o.setOptions()).isEmpty();
        assertThat(log.lines()).isEmpty();
    }

    @Test
    void finiForgetsTheStoredOptions() {
        plugin.preSubmit(sbatch("p"), 0);
        plugin.fini();
        plugin.postSubmit(0, 1, NO_VAL);
        assertThat(log.lines().get(0)).contains("\"options\":(null)");
    }
}
