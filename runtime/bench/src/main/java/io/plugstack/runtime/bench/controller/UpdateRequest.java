package io.plugstack.runtime.bench.controller;

import java.util.Optional;

import io.plugstack.api.jobsubmit.JobDescriptor;

/** {@code scontrol update job}: the fields to change of job {@code jobId}, asked by {@code uid}. */
public record UpdateRequest(long jobId, JobDescriptor changes, long uid) {

    /** slurmctld's answer: rc (0 when applied) and the job_submit plugins' user message. */
    public record Answer(int rc, Optional<String> message) {
        public boolean ok() {
            return rc == 0;
        }
    }
}
