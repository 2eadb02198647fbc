package io.plugstack.runtime.spank;

import java.util.List;

import io.plugstack.api.slurm.NoVal;

/**
 * What the SPANK items report about a job and its step on this node (spank.h's S_JOB_* and
 * S_STEP_* items). Built by whoever launches the step; {@code stepLayoutKnown} is false for srun
 * before the step layout exists (local S_JOB_NNODES/S_JOB_TOTAL_TASK_COUNT then give ENV_NOEXIST).
 */
public record JobFacts(long uid, long gid, long jobId, long stepId, long nnodes, long nodeId, long localTaskCount,
        long totalTaskCount, int ncpus, List<String> argv, List<Long> supplementaryGids, long cpusPerTask,
        String jobAllocCores, long jobAllocMemMb, String stepAllocCores, long stepAllocMemMb, long restartCount,
        long arrayJobId, long arrayTaskId, boolean stepLayoutKnown, List<Long> globalTaskIdsHere) {

    public JobFacts {
        argv = List.copyOf(argv);
        supplementaryGids = List.copyOf(supplementaryGids);
        globalTaskIdsHere = List.copyOf(globalTaskIdsHere);
    }

    /** A job that is not an array: array job id 0, array task id NO_VAL (test7.21). */
    public static final long NOT_AN_ARRAY_TASK = NoVal.NO_VAL;
}
