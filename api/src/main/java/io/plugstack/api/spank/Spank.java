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

    /** {@code spank_context()}: the context of the running stack. */
    SpankContext context();

    /** {@code spank_remote()}: 1 in remote context (slurmstepd), else 0. */
    default int remote() {
        return context() == SpankContext.REMOTE ? 1 : 0;
    }

    /**
     * {@code spank_get_item} for an item without extra argument ({@link SpankItem.Argument#NONE}). The
     * value has type {@link SpankItem#valueType()}; the validity table of {@link SpankItem} decides the
     * error. An item that needs an argument answers BAD_ARG here.
     */
    <T> SpankResult<T> getItem(SpankItem item);

    /**
     * {@code spank_get_item} for an item that takes a pid or a task id ({@link SpankItem#argument()}).
     * An item without argument answers BAD_ARG here.
     */
    <T> SpankResult<T> getItem(SpankItem item, long argument);

    /** {@link #getItem(SpankItem)}, checking that {@code type} is the item's value type. */
    default <T> SpankResult<T> getItem(SpankItem item, Class<T> type) {
        if (!type.isAssignableFrom(item.valueType())) {
            throw new IllegalArgumentException(item + " yields " + item.valueType().getSimpleName()
                    + ", not " + type.getSimpleName());
        }
        return getItem(item);
    }

    /** S_JOB_UID. */
    default SpankResult<Long> uid() {
        return getItem(SpankItem.S_JOB_UID);
    }

    /** S_JOB_GID. */
    default SpankResult<Long> gid() {
        return getItem(SpankItem.S_JOB_GID);
    }

    /** S_JOB_ID. */
    default SpankResult<Long> jobId() {
        return getItem(SpankItem.S_JOB_ID);
    }

    /** S_JOB_STEPID. */
    default SpankResult<Long> stepId() {
        return getItem(SpankItem.S_JOB_STEPID);
    }

    /** S_JOB_ARGV: the job's command line. */
    default SpankResult<List<String>> argv() {
        return getItem(SpankItem.S_JOB_ARGV);
    }

    /** S_JOB_ENV: the step environment as "NAME=value". */
    default SpankResult<List<String>> env() {
        return getItem(SpankItem.S_JOB_ENV);
    }

    /** S_TASK_ID: the local task id (task callbacks only). */
    default SpankResult<Integer> taskId() {
        return getItem(SpankItem.S_TASK_ID);
    }

    /** S_TASK_GLOBAL_ID: the global task id (task callbacks only). */
    default SpankResult<Long> taskGlobalId() {
        return getItem(SpankItem.S_TASK_GLOBAL_ID);
    }

    /** S_TASK_PID (task callbacks only). */
    default SpankResult<Integer> taskPid() {
        return getItem(SpankItem.S_TASK_PID);
    }

    /** S_TASK_EXIT_STATUS: the wait status (task_exit only). */
    default SpankResult<Integer> taskExitStatus() {
        return getItem(SpankItem.S_TASK_EXIT_STATUS);
    }

    /** S_JOB_PID_TO_GLOBAL_ID. */
    default SpankResult<Long> pidToGlobalId(int pid) {
        return getItem(SpankItem.S_JOB_PID_TO_GLOBAL_ID, pid);
    }

    /** S_JOB_PID_TO_LOCAL_ID. */
    default SpankResult<Long> pidToLocalId(int pid) {
        return getItem(SpankItem.S_JOB_PID_TO_LOCAL_ID, pid);
    }

    /** S_JOB_LOCAL_TO_GLOBAL_ID. */
    default SpankResult<Long> localToGlobalId(long localTaskId) {
        return getItem(SpankItem.S_JOB_LOCAL_TO_GLOBAL_ID, localTaskId);
    }

    /** S_JOB_GLOBAL_TO_LOCAL_ID. */
    default SpankResult<Long> globalToLocalId(long globalTaskId) {
        return getItem(SpankItem.S_JOB_GLOBAL_TO_LOCAL_ID, globalTaskId);
    }

    /** S_SLURM_VERSION: the emulated release, valid in every context. */
    default SpankResult<String> slurmVersion() {
        return getItem(SpankItem.S_SLURM_VERSION);
    }

    /**
     * {@code spank_getenv}: a variable of the job step's environment (not the process's). Remote only,
     * else NOT_REMOTE; an absent variable is ENV_NOEXIST. Local and allocator plugins use the process
     * environment instead.
     */
    SpankResult<String> getenv(String name);

    /** {@code spank_setenv}: remote only; null name or value BAD_ARG; existing and !overwrite ENV_EXISTS. */
    SpankError setenv(String name, String value, boolean overwrite);

    /** {@code spank_unsetenv}: remote only; null name BAD_ARG; an absent variable is SUCCESS. */
    SpankError unsetenv(String name);

    /**
     * {@code spank_job_control_getenv}: the job control environment (sent to Prolog/Epilog as SPANK_*).
     * Remote NOT_LOCAL, slurmd NOT_AVAIL; absent ENV_NOEXIST.
     */
    SpankResult<String> jobControlGetenv(String name);

    /**
     * {@code spank_job_control_setenv}: remote NOT_LOCAL, slurmd NOT_AVAIL; null, empty or '='-holding
     * name BAD_ARG. With !overwrite an existing name answers SUCCESS and keeps its old value (SPANK-H-16).
     */
    SpankError jobControlSetenv(String name, String value, boolean overwrite);

    /** {@code spank_job_control_unsetenv}: remote NOT_LOCAL, slurmd NOT_AVAIL; an absent name is SUCCESS. */
    SpankError jobControlUnsetenv(String name);

    /**
     * {@code spank_option_register}: only during init (else BAD_ARG); null name or usage BAD_ARG; a name
     * over {@link SpankOption#MAXLEN} NOSPACE. A name another plugin registered first still answers
     * SUCCESS, but this copy stays disabled (SPANK-31).
     */
    SpankError optionRegister(SpankOption option);

    /**
     * {@code spank_option_getopt}: whether the user gave the option. Found: SUCCESS with the argument
     * when the option takes one (else empty). Not given: ERROR. Outside job_prolog, local_user_init,
     * user_init, task_init_privileged, task_init, task_exit, job_epilog: NOT_AVAIL (SPANK-40..44).
     */
    SpankResult<Optional<String>> optionGetopt(SpankOption option);

    /**
     * {@code spank_prepend_task_argv} [23.11+]: puts {@code args} before the task's argv. Only in
     * task_init_privileged and task_init with a task that has an argv, else NOT_TASK; null BAD_ARG.
     * A real Slurm older than 23.11 has no such call, so a bridge cannot honour it there; to change
     * the task's scheduling priority use {@link #setTaskNiceness(int)}, which works on every release.
     */
    SpankError prependTaskArgv(List<String> args);

    /**
     * Sets the scheduling priority (nice value, -20..19) the current task starts with. Plugstack's own
     * call, not one of spank.h's: a change to the task's own process that every driver can apply there.
     * On a real Slurm the bridge calls {@code setpriority(PRIO_PROCESS, 0, niceness)} in the task's
     * process just before it execs the task's program, so this works on every Slurm release (unlike
     * {@link #prependTaskArgv}, which needs {@code spank_prepend_task_argv}, 23.11+); the job-launch bench
     * starts the task at that niceness. The task's argv, as {@code S_JOB_ARGV} and the other plugins see
     * it, is not changed. When several calls (or plugins) set it for one task, the last one wins. As for
     * setpriority(2), going below the niceness the task would inherit needs privilege (CAP_SYS_NICE or
     * RLIMIT_NICE) where it is applied.
     *
     * @param niceness the task's nice value, from -20 (most favourable) to 19
     * @return SUCCESS; BAD_ARG for a value outside -20..19 (checked first, as spank.c checks its
     *         arguments); NOT_TASK outside task_init_privileged and task_init (remote context, with a
     *         current task)
     * @since io.plugstack.api.spank 0.2.0
     */
    SpankError setTaskNiceness(int niceness);

    /** {@code spank_strerror}. */
    default String strerror(SpankError error) {
        return error.strerror();
    }

    /** The logging functions Slurm exports to plugins. */
    SpankLog log();
}
