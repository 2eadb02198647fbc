package io.plugstack.runtime.bench.controller;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * What slurmctld checks before the job_submit chain (job_mgr.c validate_job_create_req, JS-5):
 * a non-operator's non-zero priority request is dropped, a negative nice is refused, and only an
 * admin may set admin_comment. In the bench the operator and admin is root (uid 0).
 */
final class CreateRequestRules {
    private CreateRequestRules() {
    }

    /** 0, or the error the request is refused with. */
    static int apply(JobDescriptor d, long submitUid) {
        if (submitUid == 0) {
            return 0;
        }
        if (d.priority() != NoVal.NO_VAL && d.priority() != 0) {
            d.setPriority(NoVal.NO_VAL);
        }
        if (d.nice() != NoVal.NO_VAL && d.nice() < NoVal.NICE_OFFSET) {
            return SlurmErrno.ESLURM_INVALID_NICE.code();
        }
        if (d.isSet(JobDescField.ADMIN_COMMENT)) {
            return SlurmErrno.ESLURM_ACCESS_DENIED.code();
        }
        return 0;
    }
}
