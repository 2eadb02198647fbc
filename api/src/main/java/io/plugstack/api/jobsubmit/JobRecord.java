package io.plugstack.api.jobsubmit;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A read-only view of an existing job, the {@code job_record_t} job_modify receives (and job_submit/lua's
 * {@code job_rec}, JSL-26). Implemented by the host. Numbers are raw C values (uint32 as unsigned long).
 */
@ProviderType
public interface JobRecord {

    /** {@return the job id} */
    long jobId();

    /** {@return the job's user id} */
    long userId();

    /** {@return the job's group id} */
    long groupId();

    /** {@return the job's user name} */
    String userName();

    /** {@return the partition(s) the job is in or was submitted to} */
    String partition();

    /** {@return the job's name} */
    String name();

    /** {@return the account the job is charged to} */
    String account();

    /** {@return the QOS name} */
    String qos();

    /** {@return the job's comment (--comment)} */
    String comment();

    /** {@return the administrator's comment (AdminComment)} */
    String adminComment();

    /** {@return slurm's job_state: the base state (PENDING 0, RUNNING 1, ... ) in the low byte plus flag bits} */
    long jobState();

    /** {@return the time limit in minutes; INFINITE for UNLIMITED} */
    long timeLimit();

    /** {@return the job's priority} */
    long priority();

    /** {@return the nice value, raw: the job's nice + NICE_OFFSET} */
    long nice();

    /** {@return the minimum node count requested} */
    long minNodes();

    /** {@return the maximum node count requested} */
    long maxNodes();

    /** {@return the working directory} */
    String workDir();

    /** {@return the standard output path} */
    String stdOut();

    /** {@return the standard error path} */
    String stdErr();

    /** {@return the submit time, epoch seconds} */
    long submitTime();

    /** {@return the start time, epoch seconds; 0 before the job starts} */
    long startTime();

    /** {@return the end time, epoch seconds; the expected end for a running job} */
    long endTime();

    /** {@return the array's job id, or 0 when the job is not an array} */
    long arrayJobId();

    /** {@return the array task id; NO_VAL when the job is not an array} */
    long arrayTaskId();

    /** {@return the het job leader's id, or 0} */
    long hetJobId();

    /**
     * The batch command line, script path first. Note: in job_submit/lua a job record's argv table is
     * 1-indexed (argv[1] = this list's element 0), unlike a request's job_desc.argv, which is 0-indexed.
     *
     * @return the arguments, script path first
     */
    List<String> argv();

    /** {@return the SPANK job control environment entries, "NAME=value"} */
    List<String> spankJobEnv();
}
