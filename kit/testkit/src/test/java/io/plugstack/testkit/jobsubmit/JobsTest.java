package io.plugstack.testkit.jobsubmit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobRecord;

class JobsTest {

    @Test
    void aFieldWithoutAValueReadsAsAZeroedCRecord() {
        JobRecord job = Jobs.record(Map.of("jobId", 7L, "partition", "debug"));
        assertThat(job.jobId()).isEqualTo(7);
        assertThat(job.partition()).isEqualTo("debug");
        assertThat(job.userId()).isZero();
        assertThat(job.argv()).isEmpty();
        assertThat(job.account()).isNull();
    }
}
