package io.plugstack.api.spank;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * The footnotes of the item table (spec §1.2): conditions under which an item that the context allows
 * still fails. A condition either limits the item to some callbacks ({@link #phases()}, failing with
 * {@link #outsidePhases()} elsewhere), or depends on data only the host has ({@link #dataError()}),
 * or only describes the result.
 */
public enum SpankItemCondition {
    /** (*) Local items need job info, which the local stack has only in local_user_init; else NOT_AVAIL. */
    LOCAL_NEEDS_JOB_INFO(SpankError.NOT_AVAIL, null, SpankCallback.LOCAL_USER_INIT),
    /** (†) UID/GID pass the allocator check but the allocator handle never carries job info: NOT_AVAIL. */
    ALLOCATOR_HAS_NO_JOB_INFO(null, SpankError.NOT_AVAIL),
    /** Local S_JOB_NNODES / S_JOB_TOTAL_TASK_COUNT: ENV_NOEXIST (value 0) while srun has no step layout. */
    NEEDS_STEP_LAYOUT(null, SpankError.ENV_NOEXIST),
    /** Local S_JOB_ENV succeeds but always yields no environment (null). */
    LOCAL_ENV_ALWAYS_NULL(null, null),
    /** Only while a task is being handled; else NOT_TASK (S_TASK_ID then yields -1, S_TASK_PID 0). */
    TASK_PHASE_ONLY(SpankError.NOT_TASK, null, SpankCallback.TASK_INIT_PRIVILEGED, SpankCallback.TASK_INIT,
            SpankCallback.TASK_POST_FORK, SpankCallback.TASK_EXIT),
    /** Only once the task has exited, i.e. in task_exit; else NOT_TASK. */
    AFTER_TASK_EXIT(SpankError.NOT_TASK, null, SpankCallback.TASK_EXIT),
    /** PID lookups only once tasks were exec'd (task_post_fork, task_exit, exit); else NOT_EXECD. Out value preset to 0xFFFFFFFF. */
    PID_LOOKUP_PHASES_ONLY(SpankError.NOT_EXECD, null, SpankCallback.TASK_POST_FORK, SpankCallback.TASK_EXIT,
            SpankCallback.EXIT),
    /** A pid that is not one of this node's tasks: NOEXIST. */
    PID_MUST_BE_A_TASK(null, SpankError.NOEXIST),
    /** A local task id beyond this node's tasks: NOEXIST. */
    LOCAL_ID_ON_THIS_NODE(null, SpankError.NOEXIST),
    /** A global task id at or above the step's task count: BAD_ARG. */
    GLOBAL_ID_BELOW_TOTAL(null, SpankError.BAD_ARG),
    /** A global task id not running on this node: NOEXIST. */
    GLOBAL_ID_ON_THIS_NODE(null, SpankError.NOEXIST);

    private final SpankError outsidePhases;
    private final SpankError dataError;
    private final Set<SpankCallback> phases;

    SpankItemCondition(SpankError outsidePhases, SpankError dataError, SpankCallback... phases) {
        this.outsidePhases = outsidePhases;
        this.dataError = dataError;
        EnumSet<SpankCallback> set = EnumSet.noneOf(SpankCallback.class);
        Collections.addAll(set, phases);
        this.phases = Collections.unmodifiableSet(set);
    }

    /** {@return the callbacks in which the item works; empty when the condition does not depend on the callback} */
    public Set<SpankCallback> phases() {
        return phases;
    }

    /** {@return the error outside {@link #phases()}, or null when the condition is not phase-bound} */
    public SpankError outsidePhases() {
        return outsidePhases;
    }

    /** {@return the error when the host's data does not satisfy the condition, or null} */
    public SpankError dataError() {
        return dataError;
    }

    /**
     * The error this condition causes in {@code phase}.
     *
     * @param phase the callback that is running
     * @return the error, or SUCCESS (data conditions are the host's to check)
     */
    public SpankError in(SpankCallback phase) {
        return phases.isEmpty() || phases.contains(phase) ? SpankError.SUCCESS : outsidePhases;
    }
}
