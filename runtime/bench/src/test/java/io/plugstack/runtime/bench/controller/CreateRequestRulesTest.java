package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;

/** JS-5: slurmctld's checks before the job_submit chain. */
class CreateRequestRulesTest {

    @Test
    void nonOperatorsPriorityRequestIsDropped() {
        JobDescriptor d = new JobDescriptor();
        d.setPriority(500);
        assertThat(CreateRequestRules.apply(d, 1000)).isZero();
        assertThat(d.priority()).isEqualTo(NoVal.NO_VAL);
    }

    @Test
    void holdByPriorityZeroIsKept() {
        JobDescriptor d = new JobDescriptor();
        d.setPriority(0);
        CreateRequestRules.apply(d, 1000);
        assertThat(d.priority()).isZero();
    }

    @Test
    void negativeNiceFromANonOperatorIsInvalidNice() {
        JobDescriptor d = new JobDescriptor();
        d.setNice(NoVal.NICE_OFFSET - 5);
        assertThat(CreateRequestRules.apply(d, 1000)).isEqualTo(2123);
    }

    @Test
    void adminCommentFromANonAdminIsAccessDenied() {
        JobDescriptor d = new JobDescriptor();
        d.setString(JobDescField.ADMIN_COMMENT, "x");
        assertThat(CreateRequestRules.apply(d, 1000)).isEqualTo(2002);
    }

    @Test
    void rootMayDoAllOfIt() {
        JobDescriptor d = new JobDescriptor();
        d.setPriority(500);
        d.setNice(NoVal.NICE_OFFSET - 5);
        assertThat(CreateRequestRules.apply(d, 0)).isZero();
        assertThat(d.priority()).isEqualTo(500);
    }
}
