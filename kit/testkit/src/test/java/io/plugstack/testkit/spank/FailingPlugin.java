package io.plugstack.testkit.spank;

import java.util.Map;
import java.util.TreeMap;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;

/**
 * Defines every callback and registers {@link ProjectPlugin#PROJECT} in init; returns {@code rc} from
 * {@code failAt} in {@code context} (any context when null; for a task callback: task 0's only) and 0 from the
 * others. Records the wait status task_exit sees, by task.
 */
final class FailingPlugin extends AllCallbacks {

    final SpankContext context;
    final SpankCallback failAt;
    final int rc;
    final Map<Integer, Integer> exitStatus = new TreeMap<>();

    FailingPlugin(SpankContext context, SpankCallback failAt, int rc) {
        this.context = context;
        this.failAt = failAt;
        this.rc = rc;
    }

    /** Fails {@code failAt} in every context. */
    FailingPlugin(SpankCallback failAt, int rc) {
        this(null, failAt, rc);
    }

    /** A plugin that never fails. */
    static FailingPlugin never() {
        return new FailingPlugin(null, 0);
    }

    @Override
    int on(SpankCallback callback, Spank spank) {
        if (callback == SpankCallback.TASK_EXIT) {
            exitStatus.put(spank.taskId().orElse(-1), spank.taskExitStatus().orElse(-1));
        }
        if (callback == SpankCallback.INIT && spank.optionRegister(ProjectPlugin.PROJECT) != SpankError.SUCCESS) {
            return -2;
        }
        if (callback != failAt || context != null && spank.context() != context) {
            return 0;
        }
        return callback.name().startsWith("TASK_") && spank.taskId().orElse(-1) != 0 ? 0 : rc;
    }
}
