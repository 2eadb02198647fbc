package io.plugstack.job_submit.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.testkit.jobsubmit.Jobs;
import io.plugstack.lua.LuaVersion;

/** job_submit/lua at the release the runtime plays: the release table's rows it consults. */
class JobSubmitLuaReleaseTest {

    @TempDir
    Path dir;
    LuaSite site;

    @BeforeEach
    void setUp() {
        site = new LuaSite(dir);
    }

    private JobSubmitLuaPlugin startedAt(String release) {
        JobSubmitLuaPlugin p = site.plugin(LuaVersion.LUA_5_4, SlurmVersion.parse(release));
        assertThat(p.init()).as("init: %s", site.log.lines()).isZero();
        return p;
    }

    private UserMessage modifyAt(String release) {
        site.script("function slurm_job_submit() return 0 end\n"
                + "function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)\n"
                + "  slurm.log_user('time limit raised for job %d', job_rec.job_id)\n  return 0\nend\n");
        JobSubmitLuaPlugin p = startedAt(release);
        UserMessage m = new UserMessage();
        assertThat(p.jobModify(LuaSite.request(), Jobs.record(Map.of("jobId", 42L, "userId", 1000L)), 0, m)).isZero();
        p.fini();
        return m;
    }

    @Test
    void logUserInModifyIsDiscardedWithSlurmsErrorBefore23_02() {
        assertThat(modifyAt("22.05.8").get()).isEmpty();
        assertThat(site.log.lines()).contains("ERROR Use of log.user() in job_modify is not supported. "
                + "Message discarded: (\"time limit raised for job 42\")");
    }

    @Test
    void logUserInModifyReachesTheUserFrom23_02On() {
        assertThat(modifyAt("23.02.0").get()).contains("time limit raised for job 42");
        assertThat(site.log.lines()).noneMatch(l -> l.contains("not supported"));
    }

    /** job_desc.power_flags (--power) reads 0 up to 23.11 (a real 22.05.8 run) and nil from 24.05 (JOB_DESC_POWER_FLAGS_REMOVED). */
    @ParameterizedTest
    @CsvSource({"22.05.8, 0.0", "23.11.0, 0.0", "24.05.0, nil", "25.11.0, nil"})
    void jobDescPowerFlagsIsThereUpTo23_11Only(String release, String powerFlags) {
        assertThat(reportedAt(release, "job_desc.power_flags")).contains(powerFlags);
    }

    @ParameterizedTest
    @CsvSource({"22.05.8, nil", "25.11.0, 2066.0"})
    void theScriptsSlurmTableIsTheReleases(String release, String invalidQos) {
        assertThat(reportedAt(release, "slurm.ESLURM_INVALID_QOS")).contains(invalidQos);
    }

    /** What {@code expr} reads in slurm_job_submit at {@code release}, as the user's message shows it. */
    private java.util.Optional<String> reportedAt(String release, String expr) {
        site.script(LuaSite.reporting(expr));
        JobSubmitLuaPlugin p = startedAt(release);
        assertThat(site.submit(p, LuaSite.request())).isZero();
        p.fini();
        return site.message.get();
    }
}
