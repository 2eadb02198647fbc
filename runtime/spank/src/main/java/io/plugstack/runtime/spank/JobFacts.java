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

    /** The facts of job {@code jobId} of {@code uid}/{@code gid}; everything else as a one-node job without a step layout. */
    public static Builder job(long uid, long gid, long jobId) {
        return new Builder(uid, gid, jobId);
    }

    /** Names each fact (the record has 21): unset ones are a one-node, non-array job's with no layout yet. */
    public static final class Builder {
        private final long uid;
        private final long gid;
        private final long jobId;
        private long stepId;
        private long nnodes = 1;
        private long nodeId;
        private long localTaskCount;
        private long totalTaskCount;
        private int ncpus;
        private List<String> argv = List.of();
        private List<Long> supplementaryGids = List.of();
        private long cpusPerTask;
        private String jobAllocCores = "";
        private long jobAllocMemMb;
        private String stepAllocCores = "";
        private long stepAllocMemMb;
        private long restartCount;
        private long arrayJobId;
        private long arrayTaskId = NOT_AN_ARRAY_TASK;
        private boolean stepLayoutKnown;
        private List<Long> globalTaskIdsHere = List.of();

        private Builder(long uid, long gid, long jobId) {
            this.uid = uid;
            this.gid = gid;
            this.jobId = jobId;
        }

        public Builder step(long id) {
            this.stepId = id;
            return this;
        }

        /** The step's tasks: here and in all; the layout is known from then on. */
        public Builder tasks(long here, long total) {
            this.localTaskCount = here;
            this.totalTaskCount = total;
            return this;
        }

        public Builder layoutKnown(boolean known) {
            this.stepLayoutKnown = known;
            return this;
        }

        public Builder ncpus(int n) {
            this.ncpus = n;
            return this;
        }

        public Builder argv(List<String> words) {
            this.argv = words;
            return this;
        }

        public Builder cpusPerTask(long n) {
            this.cpusPerTask = n;
            return this;
        }

        /** The cores (e.g. "0-1") allocated to the job and to the step on this node. */
        public Builder cores(String job, String step) {
            this.jobAllocCores = job;
            this.stepAllocCores = step;
            return this;
        }

        public Builder restartCount(long n) {
            this.restartCount = n;
            return this;
        }

        public Builder globalTaskIdsHere(List<Long> ids) {
            this.globalTaskIdsHere = ids;
            return this;
        }

        public JobFacts build() {
            return new JobFacts(uid, gid, jobId, stepId, nnodes, nodeId, localTaskCount, totalTaskCount, ncpus, argv,
                    supplementaryGids, cpusPerTask, jobAllocCores, jobAllocMemMb, stepAllocCores, stepAllocMemMb, restartCount,
                    arrayJobId, arrayTaskId, stepLayoutKnown, globalTaskIdsHere);
        }
    }
}
