package io.plugstack.job_submit.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.lua.LuaVersion;

/** job_desc as a script reads and writes it (JSL-20…JSL-23), in the real C Lua. */
class JobDescFieldsTest {

    @TempDir
    Path dir;
    LuaSite site;
    JobDescriptor desc;

    @BeforeEach
    void setUp() {
        site = new LuaSite(dir);
        desc = LuaSite.request();
    }

    private String eval(String expr) {
        return site.eval(LuaVersion.LUA_5_4, expr, desc);
    }

    /** Runs {@code body} in slurm_job_submit and returns the request afterwards. */
    private JobDescriptor afterScript(String body) {
        site.script("function slurm_job_submit(job_desc, part_list, submit_uid)\n" + body + "\nreturn 0 end\n"
                + "function slurm_job_modify() return 0 end\n");
        JobSubmitLuaPlugin p = site.started();
        site.submit(p, desc);
        p.fini();
        return desc;
    }

    @Test
    void numbersArePushedAsFloatsUnderLua54() {
        assertThat(eval("'' .. job_desc.min_nodes")).isEqualTo("1.0");
    }

    @Test
    void unsetNumberCarriesItsSentinel() {
        assertThat(eval("job_desc.time_limit == slurm.NO_VAL and job_desc.cpus_per_task == slurm.NO_VAL16"
                + " and job_desc.pn_min_memory == slurm.NO_VAL64")).isEqualTo("true");
    }

    @Test
    void unsetStringIsNil() {
        assertThat(eval("job_desc.partition")).isEqualTo("nil");
    }

    @Test
    void unknownFieldReadsNil() {
        assertThat(eval("job_desc.no_such_field")).isEqualTo("nil");
    }

    @Test
    void pairsOverJobDescYieldsNothing() {
        assertThat(eval("next(job_desc)")).isEqualTo("nil");
    }

    @Test
    void argvIsZeroIndexed() {
        desc.setList(JobDescField.ARGV, List.of("/home/u/job.sh", "arg1"));
        assertThat(eval("job_desc.argv[0] .. ',' .. job_desc.argv[1] .. ',' .. tostring(job_desc.argv[2])"))
                .isEqualTo("/home/u/job.sh,arg1,nil");
    }

    @Test
    void memoryViewsAreNilWithoutAMemoryRequest() {
        assertThat(eval("tostring(job_desc.min_mem_per_cpu) .. ' ' .. tostring(job_desc.min_mem_per_node)"))
                .isEqualTo("nil nil");
    }

    @Test
    void memPerCpuReadsWithoutTheFlagAndFormatsWithPercentU() {
        desc.setMinMemPerCpu(1024);
        assertThat(eval("string.format('%u', job_desc.min_mem_per_cpu) .. ' ' .. tostring(job_desc.min_mem_per_node)"))
                .isEqualTo("1024 nil");
    }

    @Test
    void siteFactorReadsWithoutNiceOffset() {
        desc.setSiteFactor(NoVal.NICE_OFFSET + 5);
        assertThat(eval("job_desc.site_factor")).isEqualTo("5.0");
    }

    /**
     * job_submit_lua.c pushes the environment proxy for every request; its lookup logs and reads nil when
     * the request carries none (25.11's _job_env_field; a real 22.05.8 srun shows the same table, jobdesc-probe).
     */
    @Test
    void environmentOfANonBatchRequestIsAProxyWhoseLookupsLogAndReadNil() {
        assertThat(eval("type(job_desc.environment) .. ' ' .. tostring(job_desc.environment.PATH)")).isEqualTo("table nil");
        assertThat(site.log.lines()).contains("INFO job_desc->environment only accessible for batch jobs.");
    }

    /** _set_job_env_field without an environment: its own line (with a trailing space), the value unchecked. */
    @Test
    void writingTheEnvironmentOfANonBatchRequestLogsAndChangesNothing() {
        afterScript("job_desc.environment.X = nil");
        assertThat(desc.environment()).isEmpty();
        assertThat(site.log.lines()).contains("INFO job_desc->environment only accessible for batch jobs. ");
    }

    /** A batch request without an environment is an error of slurmctld's, not the script's. */
    @Test
    void environmentLookupOnABatchRequestWithoutOneIsAnError() {
        desc.setScript("#!/bin/sh\ntrue\n");
        assertThat(eval("tostring(job_desc.environment.PATH)")).isEqualTo("nil");
        assertThat(site.log.lines()).contains("ERROR job_submit/lua: _job_env_field: job_desc->environment is NULL.");
    }

    /** _get_job_req_field: the request's identity, else uid_to_string_or_null(user_id) (scontrol update's request). */
    @Test
    void userNameOfARequestWithoutIdentityIsTheNameOfItsUserId() {
        desc.setNumber(JobDescField.USER_ID, 0);
        assertThat(eval("job_desc.user_name")).isEqualTo("root");
    }

    @Test
    void environmentProxyReadsAndWritesBatchVariables() {
        desc.setList(JobDescField.ENVIRONMENT, List.of("A=1", "B=2"));
        afterScript("local e = job_desc.environment\nif e.B == '2' then e.C = 'x' end\ne.A = 7");
        assertThat(desc.environment()).contains(List.of("C=x", "A=7", "B=2"));
    }

    @Test
    void emptyStringClearsAStringField() {
        desc.setPartition("debug");
        assertThat(afterScript("job_desc.partition = ''").partition()).isNull();
    }

    @Test
    void stringWriteSetsTheField() {
        assertThat(afterScript("job_desc.partition = 'batch'").partition()).isEqualTo("batch");
    }

    @Test
    void numberWrittenToStringFieldIsCoercedTheLuaWay() {
        assertThat(afterScript("job_desc.comment = 8.0").comment()).isEqualTo("8.0");
    }

    @Test
    void numericWriteAcceptsNumericString() {
        assertThat(afterScript("job_desc.time_limit = '30'").timeLimit()).isEqualTo(30);
    }

    @Test
    void nilWrittenToStringFieldIsALuaErrorNamingTheScriptLine() {
        afterScript("job_desc.partition = nil");
        assertThat(site.log.lines()).anyMatch(l -> l.startsWith("ERROR job_submit/lua: ") && l.contains("job_submit.lua:2: ")
                && l.contains("bad argument #3") && l.contains("string expected, got nil"));
    }

    @Test
    void unknownFieldWriteIsLoggedAndDropped() {
        afterScript("job_desc.bogus = 1");
        assertThat(site.log.lines()).contains("ERROR _set_job_field: unrecognized field: bogus");
    }

    @Test
    void readOnlyFieldWriteIsLoggedAndDropped() {
        JobDescriptor after = afterScript("job_desc.user_id = 0");
        assertThat(after.userId()).isEqualTo(1000);
        assertThat(site.log.lines()).contains("ERROR _set_job_field: unrecognized field: user_id");
    }

    @Test
    void gresWriteStoresTresPerNodeWithTypePrefix() {
        assertThat(afterScript("job_desc.gres = 'gpu:2'").getString(JobDescField.TRES_PER_NODE)).isEqualTo("gres/gpu:2");
    }

    @Test
    void minMemPerCpuWriteSetsTheFlag() {
        assertThat(afterScript("job_desc.min_mem_per_cpu = 2048").pnMinMemory()).isEqualTo(2048 | NoVal.MEM_PER_CPU);
    }

    @Test
    void siteFactorWriteAddsNiceOffset() {
        assertThat(afterScript("job_desc.site_factor = 10").siteFactor()).isEqualTo(NoVal.NICE_OFFSET + 10);
    }
}
