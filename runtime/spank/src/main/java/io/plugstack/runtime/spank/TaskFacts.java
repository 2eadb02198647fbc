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
 */
public record TaskFacts(int localId, long globalId, long pid, Integer exitStatus, List<String> argv) {

    public TaskFacts {
        argv = List.copyOf(argv);
    }

    public TaskFacts withPid(long newPid) {
        return new TaskFacts(localId, globalId, newPid, exitStatus, argv);
    }

    public TaskFacts withExitStatus(int status) {
        return new TaskFacts(localId, globalId, pid, status, argv);
    }

    public TaskFacts withArgv(List<String> newArgv) {
        return new TaskFacts(localId, globalId, pid, exitStatus, newArgv);
    }
}
