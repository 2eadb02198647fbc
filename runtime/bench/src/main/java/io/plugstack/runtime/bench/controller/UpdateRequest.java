package io.plugstack.runtime.bench.controller;

import java.util.Optional;

import io.plugstack.api.jobsubmit.JobDescriptor;

/**
 * {@code scontrol update job} (and hold, uhold, release: a priority of 0 or INFINITE): the fields to
 * change of job {@code jobId}, asked by {@code uid}; {@code userHold} is scontrol uhold's
 * ALLOC_SID_USER_HOLD (a hold its user may release, even when an operator set it).
 */
public record UpdateRequest(long jobId, JobDescriptor changes, long uid, boolean userHold) {

    public UpdateRequest(long jobId, JobDescriptor changes, long uid) {
        this(jobId, changes, uid, false);
    }

    /** slurmctld's answer: rc (0 when applied) and the job_submit plugins' user message. */
    public record Answer(int rc, Optional<String> message) {
        public boolean ok() {
            return rc == 0;
        }
    }
}
