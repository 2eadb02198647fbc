package io.plugstack.runtime.spank;

import java.util.List;

/**
 * One task of the step on this node.
 *
 * @param localId    task id on this node (S_TASK_ID)
 * @param globalId   task id in the step (S_TASK_GLOBAL_ID)
 * @param pid        its process id once forked, else 0
 * @param exitStatus its wait(2) status once it exited, else null
 * @param argv       the command it runs (what spank_prepend_task_argv extends)
 * @param niceness   the nice value (-20..19) the plugins set for it with {@code Spank.setTaskNiceness} in
 *                   task_init_privileged/task_init, which the driver applies in the task's process before
 *                   it execs {@code argv}; null when no plugin set one (the task keeps what it inherits)
 */
public record TaskFacts(int localId, long globalId, long pid, Integer exitStatus, List<String> argv, Integer niceness) {

    public TaskFacts {
        argv = List.copyOf(argv);
    }

    /** A task whose niceness no plugin has set. */
    public TaskFacts(int localId, long globalId, long pid, Integer exitStatus, List<String> argv) {
        this(localId, globalId, pid, exitStatus, argv, null);
    }

    public TaskFacts withPid(long newPid) {
        return new TaskFacts(localId, globalId, newPid, exitStatus, argv, niceness);
    }

    public TaskFacts withExitStatus(int status) {
        return new TaskFacts(localId, globalId, pid, status, argv, niceness);
    }

    public TaskFacts withArgv(List<String> newArgv) {
        return new TaskFacts(localId, globalId, pid, exitStatus, newArgv, niceness);
    }

    /** This task, to start at nice value {@code newNiceness} (null: unchanged, as inherited). */
    public TaskFacts withNiceness(Integer newNiceness) {
        return new TaskFacts(localId, globalId, pid, exitStatus, argv, newNiceness);
    }
}
