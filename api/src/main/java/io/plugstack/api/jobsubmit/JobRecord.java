package io.plugstack.api.jobsubmit;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A read-only view of an existing job, the {@code job_record_t} job_modify receives (and job_submit/lua's
 * {@code job_rec}, JSL-26). Implemented by the host. Numbers are raw C values (uint32 as unsigned long).
 */
@ProviderType
public interface JobRecord {

    long jobId();

    long userId();

    long groupId();

    String userName();

    /** The partition(s) the job is in or was submitted to. */
    String partition();

    String name();

    String account();

    /** The QOS name. */
    String qos();

    String comment();

    String adminComment();

    /** Slurm's job_state: the base state (PENDING 0, RUNNING 1, ... ) in the low byte plus flag bits. */
    long jobState();

    /** Minutes; INFINITE for UNLIMITED. */
    long timeLimit();

    long priority();

    /** Raw: the job's nice + NICE_OFFSET. */
    long nice();

    long minNodes();

    long maxNodes();

    String workDir();

    String stdOut();

    String stdErr();

    /** Epoch seconds. */
    long submitTime();

    /** Epoch seconds; 0 before the job starts. */
    long startTime();

    /** Epoch seconds; expected end for a running job. */
    long endTime();

    /** The array's job id, or 0 when the job is not an array. */
    long arrayJobId();

    /** The array task id; NO_VAL when the job is not an array. */
    long arrayTaskId();

    /** The het job leader's id, or 0. */
    long hetJobId();

    /**
     * The batch command line, script path first. Note: in job_submit/lua a job record's argv table is
     * 1-indexed (argv[1] = this list's element 0), unlike a request's job_desc.argv, which is 0-indexed.
     */
    List<String> argv();

    /** The SPANK job control environment entries, "NAME=value". */
    List<String> spankJobEnv();
}
