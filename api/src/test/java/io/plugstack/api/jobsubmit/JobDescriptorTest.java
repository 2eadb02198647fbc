package io.plugstack.api.jobsubmit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.plugstack.api.slurm.NoVal;

class JobDescriptorTest {

    private final JobDescriptor job = new JobDescriptor();

    @ParameterizedTest
    @EnumSource(JobDescField.class)
    void everyFieldStartsUnset(JobDescField f) {
        assertFalse(job.isSet(f), f.slurmName());
    }

    @ParameterizedTest
    @EnumSource(JobDescField.class)
    void numericFieldsStartAtTheirSlurmSentinel(JobDescField f) {
        if (f.kind().isNumber() && f.unset() != null) {
            assertEquals(f.unset().longValue(), job.getNumber(f), f.slurmName());
        }
    }

    @Test
    void commonFieldsStartAtNoValAndStringsAtNull() {
        assertEquals(NoVal.NO_VAL, job.timeLimit());
        assertEquals(NoVal.NO_VAL, job.minNodes());
        assertEquals(NoVal.NO_VAL16, job.cpusPerTask());
        assertEquals(NoVal.NO_VAL64, job.pnMinMemory());
        assertEquals(NoVal.NO_VAL, job.siteFactor());
        assertNull(job.partition());
        assertNull(job.account());
    }

    @Test
    void arraysStartEmptyAndTheEnvironmentAbsent() {
        assertEquals(List.of(), job.argv());
        assertEquals(0L, job.get(JobDescField.ARGC));
        assertEquals(Optional.empty(), job.environment());
    }

    @Test
    void minMemPerCpuWriteSetsTheValueAndTheMemPerCpuFlag() {
        job.setMinMemPerCpu(1024);
        assertEquals(1024 | NoVal.MEM_PER_CPU, job.pnMinMemory());
    }

    @Test
    void minMemPerCpuReadStripsTheFlagAndPerNodeIsNil() {
        job.setMinMemPerCpu(1024);
        assertEquals(OptionalLong.of(1024), job.minMemPerCpu());
        assertEquals(OptionalLong.empty(), job.minMemPerNode());
        assertNull(job.get(JobDescField.MIN_MEM_PER_NODE));
    }

    @Test
    void minMemPerNodeIsTheRawValueAndPerCpuIsNil() {
        job.setMinMemPerNode(2048);
        assertEquals(2048, job.pnMinMemory());
        assertEquals(OptionalLong.of(2048), job.minMemPerNode());
        assertEquals(OptionalLong.empty(), job.minMemPerCpu());
    }

    @Test
    void withoutAMemoryRequestBothMemoryViewsAreNil() {
        assertNull(job.get(JobDescField.MIN_MEM_PER_CPU));
        assertNull(job.get(JobDescField.MIN_MEM_PER_NODE));
        assertThrows(NoSuchElementException.class, () -> job.getNumber(JobDescField.MIN_MEM_PER_CPU));
    }

    @Test
    void memoryOfZeroPerNodeIsSetNotNil() {
        job.setMinMemPerNode(0);
        assertTrue(job.isSet(JobDescField.MIN_MEM_PER_NODE));
        assertFalse(job.isSet(JobDescField.MIN_MEM_PER_CPU));
    }

    @Test
    void clearingTheMemoryViewInUseUnsetsTheRequest() {
        job.setMinMemPerCpu(100);
        job.clear(JobDescField.MIN_MEM_PER_NODE);
        assertEquals(100 | NoVal.MEM_PER_CPU, job.pnMinMemory());
        job.clear(JobDescField.MIN_MEM_PER_CPU);
        assertEquals(NoVal.NO_VAL64, job.pnMinMemory());
    }

    @Test
    void numbersAreTruncatedToTheirCWidth() {
        job.setCpusPerTask(65537);
        assertEquals(1, job.cpusPerTask());
        job.setTimeLimit(-1);
        assertEquals(NoVal.INFINITE, job.timeLimit());
    }

    /** _get_job_req_field: core_spec is the member without CORE_SPEC_THREAD, thread_spec the member with it. */
    @Test
    void coreSpecAndThreadSpecAreTwoViewsOfOneMember() {
        assertNull(job.get(JobDescField.CORE_SPEC));
        assertNull(job.get(JobDescField.THREAD_SPEC));

        job.setNumber(JobDescField.CORE_SPEC, 2);
        assertEquals(2L, job.get(JobDescField.CORE_SPEC));
        assertNull(job.get(JobDescField.THREAD_SPEC));

        job.setNumber(JobDescField.THREAD_SPEC, 3);
        assertEquals(3L, job.get(JobDescField.THREAD_SPEC));
        assertNull(job.get(JobDescField.CORE_SPEC));
        assertTrue(job.isSet(JobDescField.THREAD_SPEC));
        assertFalse(job.isSet(JobDescField.CORE_SPEC));

        job.clear(JobDescField.CORE_SPEC); // the view not in use: nothing changes
        assertEquals(3L, job.get(JobDescField.THREAD_SPEC));
        job.clear(JobDescField.THREAD_SPEC);
        assertNull(job.get(JobDescField.THREAD_SPEC));
    }

    @Test
    void argcFollowsArgv() {
        job.setList(JobDescField.ARGV, List.of("/home/u/job.sh", "a"));
        assertEquals(2L, job.get(JobDescField.ARGC));
        assertEquals("/home/u/job.sh", job.argv().get(0));
    }

    @Test
    void cronJobReadsItsBitOfBitflags() {
        assertEquals(false, job.get(JobDescField.CRON_JOB));
        job.setNumber(JobDescField.BITFLAGS, JobDescriptor.CRON_JOB);
        assertEquals(true, job.get(JobDescField.CRON_JOB));
    }

    @Test
    void derivedFieldsCannotBeSet() {
        assertThrows(IllegalArgumentException.class, () -> job.setNumber(JobDescField.ARGC, 3));
        assertThrows(IllegalArgumentException.class, () -> job.set(JobDescField.CRON_JOB, Boolean.TRUE));
        assertThrows(IllegalArgumentException.class, () -> job.clear(JobDescField.SPANK_JOB_ENV_SIZE));
    }

    @Test
    void valueOfTheWrongKindIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> job.set(JobDescField.TIME_LIMIT, "60"));
        assertThrows(IllegalArgumentException.class, () -> job.setString(JobDescField.MIN_NODES, "2"));
        assertThrows(IllegalArgumentException.class, () -> job.getNumber(JobDescField.PARTITION));
    }

    @Test
    void genericSetAcceptsEachKindAndNullClears() {
        job.set(JobDescField.PARTITION, "debug");
        job.set(JobDescField.MAX_NODES, 4);
        assertEquals("debug", job.partition());
        assertEquals(4, job.maxNodes());
        job.set(JobDescField.MAX_NODES, null);
        assertEquals(NoVal.NO_VAL, job.maxNodes());
    }

    @Test
    void environmentIsOnlyForBatchJobs() {
        assertFalse(job.setenv("PBS_ACCOUNT", "a"));
        assertEquals(Optional.empty(), job.getenv("PATH"));
    }

    @Test
    void setenvReplacesAnExistingVariableOrPrependsANewOne() {
        job.setList(JobDescField.ENVIRONMENT, List.of("PATH=/bin", "HOME=/home/u"));
        assertTrue(job.setenv("HOME", "/tmp"));
        assertTrue(job.setenv("PBS_QUEUE", "short"));
        assertEquals(List.of("PBS_QUEUE=short", "PATH=/bin", "HOME=/tmp"), job.environment().orElseThrow());
        assertEquals(Optional.of("/bin"), job.getenv("PATH"));
        assertEquals(Optional.empty(), job.getenv("PAT"));
    }

    @Test
    void clearReturnsAFieldToItsSentinel() {
        job.setTimeLimit(60);
        assertTrue(job.isSet(JobDescField.TIME_LIMIT));
        job.clear(JobDescField.TIME_LIMIT);
        assertEquals(NoVal.NO_VAL, job.timeLimit());
        job.setPartition("p");
        job.clear(JobDescField.PARTITION);
        assertNull(job.partition());
    }

    @Test
    void siteFactorAndNiceAreRaw() {
        job.setSiteFactor(NoVal.NICE_OFFSET + 10);
        assertEquals(NoVal.NICE_OFFSET + 10, job.getNumber(JobDescField.SITE_FACTOR));
        assertEquals(JobDescField.Access.NICE_OFFSET, JobDescField.SITE_FACTOR.access());
    }

    @Test
    void toStringListsOnlySetFields() {
        job.setPartition("debug");
        job.setMinMemPerCpu(10);
        assertEquals("JobDescriptor[partition=debug pn_min_memory=9223372036854775818]", job.toString());
    }
}
