package io.plugstack.runtime.bench.controller;

import io.plugstack.api.slurm.NoVal;

/**
 * priority/basic, Slurm's default: each job that becomes eligible gets one less than the lowest priority given
 * so far, less its --nice (priority_basic.c priority_p_set), and slurmctld remembers the lowest as relative
 * priority, the nice added back (job_mgr.c set_job_prio). The first job gets 4294901759 (TOP_PRIORITY - 1).
 * A held job (priority 0) gets none until it is released; a priority an operator set is kept.
 */
final class BasicPriority {

    /** job_mgr.c TOP_PRIORITY: large, with headroom for higher. */
    static final long TOP_PRIORITY = 0xffff0000L;

    private long lowest = TOP_PRIORITY;

    /**
     * set_job_prio for a job whose priority is unset (NO_VAL).
     *
     * @param nice the job's raw nice (NICE_OFFSET + value, or NO_VAL when not given)
     * @return its priority
     */
    synchronized long next(long nice) {
        long offset = nice == NoVal.NO_VAL ? 0 : nice - NoVal.NICE_OFFSET;
        long prio = lowest >= 2 ? lowest - 1 : 1;
        if (offset <= 0 || prio > offset + 1) {
            prio -= offset;
        }
        prio = Math.max(prio, 1);
        lowest = Math.min(prio + offset, lowest);
        return prio;
    }
}
