package io.plugstack.api.spank;

import java.util.List;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The SPANK handle ({@code spank_t}) the host passes to every callback; valid only during that call.
 * Methods mirror spank.h and return Slurm's codes rather than throwing: a {@link SpankError} or a
 * {@link SpankResult}. There are no buffers, so the C "buffer too small" (ESPANK_NOSPACE) outcomes of
 * the getenv calls cannot occur.
 */
@ProviderType
public interface Spank {

    /**
     * {@code spank_context()}: where the running stack was created.
     *
     * @return the context of the running stack: local (srun), remote (slurmstepd), allocator (sbatch,
     *         salloc, scrontab), slurmd or job_script
     */
    SpankContext context();

    /**
     * {@code spank_remote()}.
     *
     * @return 1 in remote context (slurmstepd), else 0
     */
    default int remote() {
        return context() == SpankContext.REMOTE ? 1 : 0;
    }

    /**
     * {@code spank_get_item} for an item without extra argument ({@link SpankItem.Argument#NONE}). The
     * value has type {@link SpankItem#valueType()}; the validity table of {@link SpankItem} decides the
     * error. An item that needs an argument answers BAD_ARG here.
     *
     * @param <T>  the item's value type, {@link SpankItem#valueType()}
     * @param item the item to read
     * @return the value, or the error the validity table gives in this context and callback
     */
    <T> SpankResult<T> getItem(SpankItem item);

    /**
     * {@code spank_get_item} for an item that takes a pid or a task id ({@link SpankItem#argument()}).
     * An item without argument answers BAD_ARG here.
     *
     * @param <T>      the item's value type, {@link SpankItem#valueType()}
     * @param item     the item to read
     * @param argument the pid or task id the item is about
     * @return the value, or the error the validity table gives (also NOEXIST, NOT_EXECD... for the argument)
     */
    <T> SpankResult<T> getItem(SpankItem item, long argument);

    /**
     * {@link #getItem(SpankItem)}, checking that {@code type} is the item's value type.
     *
     * @param <T>  the value type
     * @param item the item to read
     * @param type the class the caller expects
     * @return the value, or the error the validity table gives
     * @throws IllegalArgumentException when the item's value is not a {@code type}
     */
    default <T> SpankResult<T> getItem(SpankItem item, Class<T> type) {
        if (!type.isAssignableFrom(item.valueType())) {
            throw new IllegalArgumentException(item + " yields " + item.valueType().getSimpleName()
                    + ", not " + type.getSimpleName());
        }
        return getItem(item);
    }

    /** {@return S_JOB_UID: the job's user id} */
    default SpankResult<Long> uid() {
        return getItem(SpankItem.S_JOB_UID);
    }

    /** {@return S_JOB_GID: the job's primary group id} */
    default SpankResult<Long> gid() {
        return getItem(SpankItem.S_JOB_GID);
    }

    /** {@return S_JOB_ID: the job id} */
    default SpankResult<Long> jobId() {
        return getItem(SpankItem.S_JOB_ID);
    }

    /** {@return S_JOB_STEPID: the step id} */
    default SpankResult<Long> stepId() {
        return getItem(SpankItem.S_JOB_STEPID);
    }

    /** {@return S_JOB_ARGV: the job's command line} */
    default SpankResult<List<String>> argv() {
        return getItem(SpankItem.S_JOB_ARGV);
    }

    /** {@return S_JOB_ENV: the step environment as "NAME=value"} */
    default SpankResult<List<String>> env() {
        return getItem(SpankItem.S_JOB_ENV);
    }

    /** {@return S_TASK_ID: the local task id (task callbacks only)} */
    default SpankResult<Integer> taskId() {
        return getItem(SpankItem.S_TASK_ID);
    }

    /** {@return S_TASK_GLOBAL_ID: the global task id (task callbacks only)} */
    default SpankResult<Long> taskGlobalId() {
        return getItem(SpankItem.S_TASK_GLOBAL_ID);
    }

    /** {@return S_TASK_PID: the task's process id (task callbacks only)} */
    default SpankResult<Integer> taskPid() {
        return getItem(SpankItem.S_TASK_PID);
    }

    /** {@return S_TASK_EXIT_STATUS: the wait status (task_exit only)} */
    default SpankResult<Integer> taskExitStatus() {
        return getItem(SpankItem.S_TASK_EXIT_STATUS);
    }

    /**
     * S_JOB_PID_TO_GLOBAL_ID: the global task id of one of this node's task processes.
     *
     * @param pid the task's process id
     * @return its global task id; NOT_EXECD before the tasks were exec'd, NOEXIST for another pid
     */
    default SpankResult<Long> pidToGlobalId(int pid) {
        return getItem(SpankItem.S_JOB_PID_TO_GLOBAL_ID, pid);
    }

    /**
     * S_JOB_PID_TO_LOCAL_ID: the local task id of one of this node's task processes.
     *
     * @param pid the task's process id
     * @return its local task id; NOT_EXECD before the tasks were exec'd, NOEXIST for another pid
     */
    default SpankResult<Long> pidToLocalId(int pid) {
        return getItem(SpankItem.S_JOB_PID_TO_LOCAL_ID, pid);
    }

    /**
     * S_JOB_LOCAL_TO_GLOBAL_ID: the global task id of a task of this node.
     *
     * @param localTaskId the task's id on this node
     * @return its global task id; NOEXIST beyond this node's tasks
     */
    default SpankResult<Long> localToGlobalId(long localTaskId) {
        return getItem(SpankItem.S_JOB_LOCAL_TO_GLOBAL_ID, localTaskId);
    }

    /**
     * S_JOB_GLOBAL_TO_LOCAL_ID: the local task id of a task of the step.
     *
     * @param globalTaskId the task's id in the step
     * @return its id on this node; BAD_ARG at or above the step's task count, NOEXIST for a task of
     *         another node
     */
    default SpankResult<Long> globalToLocalId(long globalTaskId) {
        return getItem(SpankItem.S_JOB_GLOBAL_TO_LOCAL_ID, globalTaskId);
    }

    /** {@return S_SLURM_VERSION: the emulated release, valid in every context} */
    default SpankResult<String> slurmVersion() {
        return getItem(SpankItem.S_SLURM_VERSION);
    }

    /**
     * {@code spank_getenv}: a variable of the job step's environment (not the process's). Remote only,
     * else NOT_REMOTE; an absent variable is ENV_NOEXIST. Local and allocator plugins use the process
     * environment instead.
     *
     * @param name the variable's name
     * @return its value; NOT_REMOTE outside remote context, ENV_NOEXIST when it is not set
     */
    SpankResult<String> getenv(String name);

    /**
     * The user running the command this stack is in, in local (srun) and allocator (sbatch, salloc)
     * contexts: in the command's working directory and with its environment, where a C plugin in that
     * command would be. A program the plugin starts with {@link io.plugstack.api.user.OnBehalfOf#start}
     * runs there as the user, whatever rights the host has. Empty in remote, job_script and slurmd
     * contexts (slurmstepd and slurmd are root's: use {@link #uid()} and {@link #gid()}), and when the
     * host does not know the command.
     *
     * @return the command's user, or empty
     */
    default java.util.Optional<io.plugstack.api.user.OnBehalfOf> commandUser() {
        return java.util.Optional.empty();
    }

    /**
     * {@code spank_setenv}: sets a variable of the job step's environment (remote only).
     *
     * @param name      the variable's name
     * @param value     its new value
     * @param overwrite whether an existing value is replaced
     * @return SUCCESS; NOT_REMOTE outside remote context; BAD_ARG for a null name or value; ENV_EXISTS
     *         when the variable is set and {@code overwrite} is false
     */
    SpankError setenv(String name, String value, boolean overwrite);

    /**
     * {@code spank_unsetenv}: removes a variable from the job step's environment (remote only).
     *
     * @param name the variable's name
     * @return SUCCESS, also for a variable that was not set; NOT_REMOTE outside remote context; BAD_ARG
     *         for a null name
     */
    SpankError unsetenv(String name);

    /**
     * {@code spank_job_control_getenv}: the job control environment (sent to Prolog/Epilog as SPANK_*).
     * Remote NOT_LOCAL, slurmd NOT_AVAIL; absent ENV_NOEXIST.
     *
     * @param name the variable's name, without the SPANK_ prefix
     * @return its value, or the error
     */
    SpankResult<String> jobControlGetenv(String name);

    /**
     * {@code spank_job_control_setenv}: remote NOT_LOCAL, slurmd NOT_AVAIL; null, empty or '='-holding
     * name BAD_ARG. With !overwrite an existing name answers SUCCESS and keeps its old value (SPANK-H-16).
     *
     * @param name      the variable's name, without the SPANK_ prefix
     * @param value     its value
     * @param overwrite whether an existing value is replaced
     * @return SUCCESS, or the error
     */
    SpankError jobControlSetenv(String name, String value, boolean overwrite);

    /**
     * {@code spank_job_control_unsetenv}: remote NOT_LOCAL, slurmd NOT_AVAIL; an absent name is SUCCESS.
     *
     * @param name the variable's name, without the SPANK_ prefix
     * @return SUCCESS, or the error
     */
    SpankError jobControlUnsetenv(String name);

    /**
     * {@code spank_option_register}: only during init (else BAD_ARG); null name or usage BAD_ARG; a name
     * over {@link SpankOption#MAXLEN} NOSPACE. A name another plugin registered first still answers
     * SUCCESS, but this copy stays disabled (SPANK-31).
     *
     * @param option the option to add to the command
     * @return SUCCESS, or the error
     */
    SpankError optionRegister(SpankOption option);

    /**
     * {@code spank_option_getopt}: whether the user gave the option. Found: SUCCESS with the argument
     * when the option takes one (else empty). Not given: ERROR. Outside job_prolog, local_user_init,
     * user_init, task_init_privileged, task_init, task_exit, job_epilog: NOT_AVAIL (SPANK-40..44).
     *
     * @param option the option, as registered
     * @return SUCCESS with the argument (empty for an option without one), ERROR when the user did not
     *         give the option, or NOT_AVAIL
     */
    SpankResult<Optional<String>> optionGetopt(SpankOption option);

    /**
     * {@code spank_prepend_task_argv} [23.11+]: puts {@code args} before the task's argv. Only in
     * task_init_privileged and task_init with a task that has an argv, else NOT_TASK; null BAD_ARG.
     * A real Slurm older than 23.11 has no such call, so a bridge cannot honour it there; to change
     * the task's scheduling priority use {@link #setTaskNiceness(int)}, which works on every release.
     *
     * @param args the words to put before the task's own argv
     * @return SUCCESS, NOT_TASK or BAD_ARG
     */
    SpankError prependTaskArgv(List<String> args);

    /**
     * Sets the scheduling priority (nice value, -20..19) the current task starts with. Plugstack's own
     * call, not one of spank.h's: a change to the task's own process that every driver can apply there.
     * On a real Slurm the bridge calls {@code setpriority(2)}: in task_post_fork from slurmstepd on the
     * task's pid ({@code S_TASK_PID}), while Slurm still holds the task back from exec, as Slurm's own
     * renice.c does; in task_init_privileged and task_init in the task's own process just before it execs
     * the task's program. Set in task_post_fork it costs the task no connection of its own to the runtime
     * (a task whose plugins define no task callback opens none). It works on every Slurm release (unlike
     * {@link #prependTaskArgv}, which needs {@code spank_prepend_task_argv}, 23.11+); the job-launch bench
     * starts the task at that niceness. The task's argv, as {@code S_JOB_ARGV} and the other plugins see
     * it, is not changed. When several calls (or plugins) set it for one task, the last one wins. As for
     * setpriority(2), going below the niceness the task would inherit needs privilege (CAP_SYS_NICE or
     * RLIMIT_NICE) where it is applied.
     *
     * @param niceness the task's nice value, from -20 (most favourable) to 19
     * @return SUCCESS; BAD_ARG for a value outside -20..19 (checked first, as spank.c checks its
     *         arguments); NOT_TASK outside task_init_privileged, task_post_fork and task_init (remote
     *         context, with a current task)
     * @since io.plugstack.api.spank 0.2.0
     */
    SpankError setTaskNiceness(int niceness);

    /**
     * {@code spank_strerror}.
     *
     * @param error a code a SPANK call returned
     * @return Slurm's text for it
     */
    default String strerror(SpankError error) {
        return error.strerror();
    }

    /** {@return the logging functions Slurm exports to plugins, writing to the calling process's log} */
    SpankLog log();
}
