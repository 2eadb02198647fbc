package io.plugstack.runtime.bench.controller;

import java.util.List;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.slurm.NoVal;

/** A job as job_submit plugins see an existing one (job_modify's job_ptr, Slurmctld.job). */
record JobRecordView(Job job) implements JobRecord {

    @Override
    public long jobId() {
        return job.id;
    }

    @Override
    public long userId() {
        return job.uid;
    }

    @Override
    public long groupId() {
        return job.gid;
    }

    /**
     * null: slurmctld's job_record_t.user_name stays NULL after submission (it is filled lazily, by
     * code paths the bench has no counterpart of); a real 22.05.8's job_submit.lua read job_rec.user_name
     * nil for held and running jobs.
     */
    @Override
    public String userName() {
        return null;
    }

    @Override
    public String partition() {
        return job.desc.partition();
    }

    @Override
    public String name() {
        return job.name;
    }

    @Override
    public String account() {
        return job.desc.account();
    }

    @Override
    public String qos() {
        return job.desc.qos();
    }

    @Override
    public String comment() {
        return job.desc.comment();
    }

    @Override
    public String adminComment() {
        return job.desc.getString(JobDescField.ADMIN_COMMENT);
    }

    /** Slurm's base states: PENDING 0, RUNNING 1, COMPLETE 3, CANCELLED 4, FAILED 5, NODE_FAIL 7. */
    @Override
    public long jobState() {
        return switch (job.state) {
            case PENDING -> 0;
            case RUNNING -> 1;
            case COMPLETED -> 3;
            case CANCELLED -> 4;
            case FAILED -> 5;
            case NODE_FAIL -> 7;
        };
    }

    @Override
    public long timeLimit() {
        return job.desc.timeLimit();
    }

    @Override
    public long priority() {
        return job.desc.priority();
    }

    @Override
    public long nice() {
        return job.desc.nice();
    }

    @Override
    public long minNodes() {
        return job.desc.minNodes();
    }

    @Override
    public long maxNodes() {
        return job.desc.maxNodes();
    }

    @Override
    public String workDir() {
        return job.desc.workDir();
    }

    @Override
    public String stdOut() {
        return job.desc.stdOut();
    }

    @Override
    public String stdErr() {
        return job.desc.stdErr();
    }

    @Override
    public long submitTime() {
        return job.submitTime;
    }

    @Override
    public long startTime() {
        return job.startTime;
    }

    @Override
    public long endTime() {
        return job.endTime;
    }

    @Override
    public long arrayJobId() {
        return 0;
    }

    @Override
    public long arrayTaskId() {
        return NoVal.NO_VAL;
    }

    @Override
    public long hetJobId() {
        return job.hetJobId;
    }

    /** The job record's argv counts from 1 in Lua (JSL-26); as a Java list it is the command line. */
    @Override
    public List<String> argv() {
        return job.desc.argv();
    }

    @Override
    public List<String> spankJobEnv() {
        return job.jobControlEnv.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }
}
