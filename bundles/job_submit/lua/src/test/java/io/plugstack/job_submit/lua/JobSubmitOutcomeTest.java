package io.plugstack.job_submit.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.PartitionState;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.testkit.jobsubmit.FakeSlurmctld;
import io.plugstack.testkit.jobsubmit.Jobs;
import io.plugstack.lua.LuaVersion;

/** What a call returns and tells the user (JSL-10…JSL-16, JSL-24/25), Slurm 25.11 unless stated. */
class JobSubmitOutcomeTest {

    @TempDir
    Path dir;
    LuaSite site;

    @BeforeEach
    void setUp() {
        site = new LuaSite(dir);
    }

    private static String submitReturning(String body) {
        return "function slurm_job_submit(job_desc, part_list, submit_uid)\n" + body + "\nend\n"
                + "function slurm_job_modify(job_desc, job_rec, part_list, modify_uid) return 0 end\n";
    }

    private int submit(String body) {
        site.script(submitReturning(body));
        JobSubmitLuaPlugin p = site.started();
        try {
            return site.submit(p, LuaSite.request());
        } finally {
            p.fini();
        }
    }

    @Test
    void numericReturnIsTheRc() {
        assertThat(submit("return slurm.ESLURM_INVALID_TIME_LIMIT")).isEqualTo(2051);
    }

    @Test
    void numericStringReturnIsTheRc() {
        assertThat(submit("return '2045'")).isEqualTo(SlurmErrno.ESLURM_INVALID_ACCOUNT.code());
    }

    @Test
    void falseIsAcceptedAsNonNumeric() {
        assertThat(submit("return false")).isZero();
        assertThat(site.log.lines()).anyMatch(l -> l.startsWith("INFO job_submit/lua: ") && l.endsWith("job_submit.lua: non-numeric return code"));
    }

    @Test
    void noReturnValueIsAccepted() {
        assertThat(submit("local x = 1")).isZero();
    }

    @Test
    void errorConstantRejectsWithMinusOne() {
        assertThat(submit("return slurm.ERROR")).isEqualTo(-1);
    }

    @Test
    void logUserLinesAreJoinedAndDeliveredOnRejection() {
        submit("slurm.log_user('submit%d', 1) slurm.log_user('submit%d', 2) return slurm.ERROR");
        assertThat(site.message.lines()).containsExactly("submit1", "submit2");
    }

    @Test
    void logUserIsDeliveredOnSuccessToo() {
        assertThat(submit("slurm.log_user('routed to %s', 'batch') return slurm.SUCCESS")).isZero();
        assertThat(site.message.get()).contains("routed to batch");
    }

    @Test
    void runtimeErrorIsLoggedAndAcceptedIn2511KeepingEarlierChanges() {
        site.script(submitReturning("job_desc.comment = 'seen'\nlocal x = nil + 1\nreturn slurm.ERROR"));
        JobSubmitLuaPlugin p = site.started();
        JobDescriptor desc = LuaSite.request();
        assertThat(site.submit(p, desc)).isZero();
        assertThat(desc.comment()).isEqualTo("seen");
        assertThat(site.log.lines()).anyMatch(l -> l.startsWith("ERROR job_submit/lua: ") && l.contains("job_submit.lua:3: attempt to perform arithmetic"));
        p.fini();
    }

    @Test
    void runtimeErrorRejectsWith7405From2605AndReplacesTheMessage() {
        site.script(submitReturning("slurm.log_user('discarded')\nerror('policy broke')"));
        JobSubmitLuaPlugin p = site.plugin(LuaVersion.LUA_5_4, new SlurmVersion(26, 5, 0));
        assertThat(p.init()).isZero();
        assertThat(site.submit(p, LuaSite.request())).isEqualTo(SlurmErrno.ESLURM_LUA_FUNC_FAILED_RUNTIME_ERROR.code());
        assertThat(site.message.get().orElseThrow()).endsWith("job_submit.lua:3: policy broke").doesNotContain("discarded");
        p.fini();
    }

    @Test
    void functionRemovedAtRunTimeIsSkipped() {
        assertThat(submit("slurm_job_submit = nil return slurm.ERROR")).isEqualTo(-1);
        JobSubmitLuaPlugin p = site.started();
        site.submit(p, LuaSite.request());
        assertThat(site.submit(p, LuaSite.request())).isZero();
        p.fini();
    }

    @Test
    void submitUidIsPassedAsANumber() {
        submit("slurm.log_user('%s %s', type(submit_uid), tostring(submit_uid)) return 0");
        assertThat(site.message.get()).contains("number 1000.0");
    }

    @Test
    void partListIsKeyedByNameAndIpairsSeesNothing() {
        submit("local n = 0 for _ in ipairs(part_list) do n = n + 1 end\n"
                + "slurm.log_user('%s %d %s', part_list.batch.name, n, tostring(part_list.batch.priority_tier)) return 0");
        assertThat(site.message.get()).contains("batch 0 2.0");
    }

    @Test
    void partListLeavesOutPartitionsTheUserMayNotUse() {
        site.slurmctld.add(FakeSlurmctld.partition("admin", PartitionState.UP, 9, true, Optional.empty(), 0, 0));
        site.slurmctld.add(FakeSlurmctld.partition("grp", PartitionState.UP, 9, false, Optional.of(Set.of(7L)), 0, 0));
        submit("local names = {} for k in pairs(part_list) do names[#names + 1] = k end table.sort(names)\n"
                + "slurm.log_user(table.concat(names, ',')) return 0");
        assertThat(site.message.get()).contains("batch,debug");
    }

    @Test
    void partitionFieldsAreSlurmsPartRecFieldsMemoryReadingNilForTheKindNotConfigured() {
        site.slurmctld.add(io.plugstack.api.jobsubmit.Partition.named("mem").memoryLimits(4000, 0).defaultMemory(0, 8000)
                .priorityJobFactor(5).qos("normal").build());
        submit("local p = part_list.mem local d = part_list.debug\n"
                + "slurm.log_user('%s %s %s %s %s %s | %s %s %s %s %s', tostring(p.max_mem_per_cpu), tostring(p.max_mem_per_node),"
                + " tostring(p.def_mem_per_cpu), tostring(p.def_mem_per_node), tostring(p.priority_job_factor), tostring(p.qos),"
                + " tostring(d.max_mem_per_cpu), tostring(d.max_mem_per_node), tostring(d.def_mem_per_cpu),"
                + " tostring(d.def_mem_per_node), tostring(d.qos)) return 0");
        assertThat(site.message.get()).contains("4000.0 nil nil 8000.0 5.0 normal | nil 0.0 nil 0.0 nil");
    }

    /** MaxCPUsPerNode: INFINITE (4294967295, as a real 22.05.8 reads it) unless the partition sets it. */
    @Test
    void partitionMaxCpusPerNodeIsTheLimitOrInfinite() {
        site.slurmctld.add(io.plugstack.api.jobsubmit.Partition.named("capped").maxCpusPerNode(2).build());
        submit("slurm.log_user('%s %s', string.format('%d', part_list.capped.max_cpus_per_node),"
                + " string.format('%d', part_list.debug.max_cpus_per_node)) return 0");
        assertThat(site.message.get()).contains("2 4294967295");
    }

    @Test
    void partitionWithoutPriorityFieldBreaksTheContribScriptsComparison() {
        // contribs/lua/job_submit.lua compares part.priority, which does not exist (JSL-24)
        assertThat(submit("local ok = pcall(function() return part_list.batch.priority > 1 end)\n"
                + "slurm.log_user(tostring(ok)) return 0")).isZero();
        assertThat(site.message.get()).contains("false");
    }

    @Test
    void modifyGetsJobRecordWithOneIndexedArgvAndModifyUid() {
        site.script("function slurm_job_submit() return 0 end\n"
                + "function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)\n"
                + "  slurm.log_user('%s %s %s %s', job_rec.argv[1], tostring(job_rec.argv[0]), job_rec.job_id, modify_uid)\n"
                + "  return 0\nend\n");
        JobSubmitLuaPlugin p = site.started();
        UserMessage m = new UserMessage();
        p.jobModify(LuaSite.request(), Jobs.record(Map.of("jobId", 42L, "userId", 1000L,
                "argv", java.util.List.of("/home/u/job.sh"))), 0, m);
        assertThat(m.get()).contains("/home/u/job.sh nil 42.0 0.0");
        p.fini();
    }

    @Test
    void topLevelLogUserReachesTheFirstRequest() {
        site.script("slurm.log_user('initialized')\n" + submitReturning("slurm.log_user('submit1') return 0"));
        JobSubmitLuaPlugin p = site.started();
        site.submit(p, LuaSite.request());
        assertThat(site.message.lines()).containsExactly("initialized", "submit1");
        site.submit(p, LuaSite.request());
        assertThat(site.message.lines()).containsExactly("submit1");
        p.fini();
    }

    /** A modify that raised: error("%s/lua: %s: %s", __func__, ...), as a real 22.05.8 logs it (job_modify/lua). */
    @Test
    void runtimeErrorInModifyIsLoggedAsJobModify() {
        site.script("function slurm_job_submit() return 0 end\n"
                + "function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)\n  error('modify exploded')\nend\n");
        JobSubmitLuaPlugin p = site.started();
        assertThat(p.jobModify(LuaSite.request(), Jobs.record(Map.of("jobId", 42L, "userId", 1000L)), 0, new UserMessage())).isZero();
        assertThat(site.log.lines()).anyMatch(l -> l.startsWith("ERROR job_modify/lua: ") && l.endsWith("job_submit.lua:3: modify exploded"));
        p.fini();
    }

    /** Before 23.02 log_user in slurm_job_modify reaches slurmctld's log only (real 22.05.8, LUA_LOG_USER_IN_JOB_MODIFY). */
    @Test
    void logUserInModifyIsDiscardedAndLoggedBefore2302() {
        site.script("function slurm_job_submit() return 0 end\n"
                + "function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)\n  slurm.log_user('modify says hi') return 0\nend\n");
        JobSubmitLuaPlugin p = site.plugin(LuaVersion.LUA_5_4, SlurmVersion.parse("22.05.8"));
        assertThat(p.init()).isZero();
        UserMessage m = new UserMessage();
        p.jobModify(LuaSite.request(), Jobs.record(Map.of("jobId", 42L, "userId", 1000L)), 0, m);
        assertThat(m.get()).isEmpty();
        assertThat(site.log.lines()).contains("ERROR Use of log.user() in job_modify is not supported. Message discarded: (\"modify says hi\")");
        p.fini();
    }
}
