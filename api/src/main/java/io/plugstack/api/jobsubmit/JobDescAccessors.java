package io.plugstack.api.jobsubmit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import io.plugstack.api.slurm.NoVal;

/**
 * Typed access to a {@link JobDescriptor}: the generic get/set by {@link JobDescField}, and named
 * accessors for the fields the shipped job_submit plugins use. Kept apart from JobDescriptor only to
 * keep each file small; JobDescriptor is its only implementation.
 */
public sealed interface JobDescAccessors permits JobDescriptor {

    /**
     * The value as Lua sees it before conversion: String, Long (raw C value), Boolean (cron_job), or
     * List of String; null for an unset string, an absent environment, or a nil memory view.
     *
     * @param field the field
     * @return its value
     */
    Object get(JobDescField field);

    /**
     * A string field.
     *
     * @param field a field of kind STRING
     * @return the value, null when unset
     * @throws IllegalArgumentException for a field of another kind
     */
    String getString(JobDescField field);

    /**
     * A numeric field, raw (uint32 values 0..2^32-1, uint64 as bit patterns).
     *
     * @param field a numeric field
     * @return the raw value; {@link JobDescField#unset()} when not given
     * @throws java.util.NoSuchElementException for min_mem_per_cpu/min_mem_per_node when nil
     */
    long getNumber(JobDescField field);

    /**
     * argv, spank_job_env or environment.
     *
     * @param field ARGV, SPANK_JOB_ENV or ENVIRONMENT
     * @return the entries, unmodifiable: empty when unset, null environment for a non-batch request
     */
    List<String> getList(JobDescField field);

    /**
     * Sets a string field. (A Lua write of "" unsets it; a Java one stores "".)
     *
     * @param field a field of kind STRING
     * @param value the new value; null unsets it
     */
    void setString(JobDescField field, String value);

    /**
     * Sets a numeric field, truncated to its C width; min_mem_per_cpu also sets the MEM_PER_CPU flag.
     *
     * @param field a numeric field
     * @param value the new raw value
     */
    void setNumber(JobDescField field, long value);

    /**
     * Sets argv, spank_job_env or environment.
     *
     * @param field ARGV, SPANK_JOB_ENV or ENVIRONMENT
     * @param value the entries (a null environment = not a batch request)
     */
    void setList(JobDescField field, List<String> value);

    /**
     * Returns the field to "not given".
     *
     * @param field the field
     */
    void clear(JobDescField field);

    // --- named accessors -------------------------------------------------------------------------

    /** {@return partition ({@link JobDescField#PARTITION}); null when not given} */
    default String partition() {
        return getString(JobDescField.PARTITION);
    }

    /**
     * Sets partition ({@link JobDescField#PARTITION}).
     *
     * @param partition the new value; null unsets it
     */
    default void setPartition(String partition) {
        setString(JobDescField.PARTITION, partition);
    }

    /** {@return time_limit in minutes; NO_VAL when not given, INFINITE for UNLIMITED} */
    default long timeLimit() {
        return getNumber(JobDescField.TIME_LIMIT);
    }

    /**
     * Sets time_limit ({@link JobDescField#TIME_LIMIT}), truncated to its C width.
     *
     * @param minutes the new raw value
     */
    default void setTimeLimit(long minutes) {
        setNumber(JobDescField.TIME_LIMIT, minutes);
    }

    /** {@return account ({@link JobDescField#ACCOUNT}); null when not given} */
    default String account() {
        return getString(JobDescField.ACCOUNT);
    }

    /**
     * Sets account ({@link JobDescField#ACCOUNT}).
     *
     * @param account the new value; null unsets it
     */
    default void setAccount(String account) {
        setString(JobDescField.ACCOUNT, account);
    }

    /** {@return qos ({@link JobDescField#QOS}); null when not given} */
    default String qos() {
        return getString(JobDescField.QOS);
    }

    /**
     * Sets qos ({@link JobDescField#QOS}).
     *
     * @param qos the new value; null unsets it
     */
    default void setQos(String qos) {
        setString(JobDescField.QOS, qos);
    }

    /** {@return name ({@link JobDescField#NAME}); null when not given} */
    default String name() {
        return getString(JobDescField.NAME);
    }

    /**
     * Sets name ({@link JobDescField#NAME}).
     *
     * @param name the new value; null unsets it
     */
    default void setName(String name) {
        setString(JobDescField.NAME, name);
    }

    /** {@return comment ({@link JobDescField#COMMENT}); null when not given} */
    default String comment() {
        return getString(JobDescField.COMMENT);
    }

    /**
     * Sets comment ({@link JobDescField#COMMENT}).
     *
     * @param comment the new value; null unsets it
     */
    default void setComment(String comment) {
        setString(JobDescField.COMMENT, comment);
    }

    /** {@return dependency ({@link JobDescField#DEPENDENCY}); null when not given} */
    default String dependency() {
        return getString(JobDescField.DEPENDENCY);
    }

    /**
     * Sets dependency ({@link JobDescField#DEPENDENCY}).
     *
     * @param dependency the new value; null unsets it
     */
    default void setDependency(String dependency) {
        setString(JobDescField.DEPENDENCY, dependency);
    }

    /** {@return script ({@link JobDescField#SCRIPT}); null when not given} */
    default String script() {
        return getString(JobDescField.SCRIPT);
    }

    /**
     * Sets script ({@link JobDescField#SCRIPT}).
     *
     * @param script the new value; null unsets it
     */
    default void setScript(String script) {
        setString(JobDescField.SCRIPT, script);
    }

    /** {@return work_dir ({@link JobDescField#WORK_DIR}); null when not given} */
    default String workDir() {
        return getString(JobDescField.WORK_DIR);
    }

    /**
     * Sets work_dir ({@link JobDescField#WORK_DIR}).
     *
     * @param workDir the new value; null unsets it
     */
    default void setWorkDir(String workDir) {
        setString(JobDescField.WORK_DIR, workDir);
    }

    /** {@return std_out ({@link JobDescField#STD_OUT}); null when not given} */
    default String stdOut() {
        return getString(JobDescField.STD_OUT);
    }

    /**
     * Sets std_out ({@link JobDescField#STD_OUT}).
     *
     * @param path the new value; null unsets it
     */
    default void setStdOut(String path) {
        setString(JobDescField.STD_OUT, path);
    }

    /** {@return std_err ({@link JobDescField#STD_ERR}); null when not given} */
    default String stdErr() {
        return getString(JobDescField.STD_ERR);
    }

    /**
     * Sets std_err ({@link JobDescField#STD_ERR}).
     *
     * @param path the new value; null unsets it
     */
    default void setStdErr(String path) {
        setString(JobDescField.STD_ERR, path);
    }

    /** {@return user_id, the user the job runs as (NO_VAL before slurmctld fills it in)} */
    default long userId() {
        return getNumber(JobDescField.USER_ID);
    }

    /** {@return group_id ({@link JobDescField#GROUP_ID}), raw; {@link JobDescField#unset()} when not given} */
    default long groupId() {
        return getNumber(JobDescField.GROUP_ID);
    }

    /** {@return min_nodes ({@link JobDescField#MIN_NODES}), raw; {@link JobDescField#unset()} when not given} */
    default long minNodes() {
        return getNumber(JobDescField.MIN_NODES);
    }

    /**
     * Sets min_nodes ({@link JobDescField#MIN_NODES}), truncated to its C width.
     *
     * @param nodes the new raw value
     */
    default void setMinNodes(long nodes) {
        setNumber(JobDescField.MIN_NODES, nodes);
    }

    /** {@return max_nodes ({@link JobDescField#MAX_NODES}), raw; {@link JobDescField#unset()} when not given} */
    default long maxNodes() {
        return getNumber(JobDescField.MAX_NODES);
    }

    /**
     * Sets max_nodes ({@link JobDescField#MAX_NODES}), truncated to its C width.
     *
     * @param nodes the new raw value
     */
    default void setMaxNodes(long nodes) {
        setNumber(JobDescField.MAX_NODES, nodes);
    }

    /** {@return num_tasks ({@link JobDescField#NUM_TASKS}), raw; {@link JobDescField#unset()} when not given} */
    default long numTasks() {
        return getNumber(JobDescField.NUM_TASKS);
    }

    /**
     * Sets num_tasks ({@link JobDescField#NUM_TASKS}), truncated to its C width.
     *
     * @param tasks the new raw value
     */
    default void setNumTasks(long tasks) {
        setNumber(JobDescField.NUM_TASKS, tasks);
    }

    /** {@return cpus_per_task, a uint16_t: NO_VAL16 when not given} */
    default int cpusPerTask() {
        return (int) getNumber(JobDescField.CPUS_PER_TASK);
    }

    /**
     * Sets cpus_per_task ({@link JobDescField#CPUS_PER_TASK}), truncated to its C width.
     *
     * @param cpus the new raw value
     */
    default void setCpusPerTask(int cpus) {
        setNumber(JobDescField.CPUS_PER_TASK, cpus);
    }

    /**
     * {@return pn_min_memory, the raw memory request: NO_VAL64, MB per node, or MB per CPU with
     * {@link NoVal#MEM_PER_CPU} set}
     */
    default long pnMinMemory() {
        return getNumber(JobDescField.PN_MIN_MEMORY);
    }

    /**
     * Sets pn_min_memory ({@link JobDescField#PN_MIN_MEMORY}), truncated to its C width.
     *
     * @param raw the new raw value
     */
    default void setPnMinMemory(long raw) {
        setNumber(JobDescField.PN_MIN_MEMORY, raw);
    }

    /** {@return min_mem_per_cpu: MB per CPU (flag stripped) when the request is per CPU, else empty (Lua: nil)} */
    default OptionalLong minMemPerCpu() {
        Object v = get(JobDescField.MIN_MEM_PER_CPU);
        return v == null ? OptionalLong.empty() : OptionalLong.of((Long) v);
    }

    /**
     * Requests {@code mb} per CPU: pn_min_memory = mb | MEM_PER_CPU.
     *
     * @param mb memory per CPU in MB
     */
    default void setMinMemPerCpu(long mb) {
        setNumber(JobDescField.MIN_MEM_PER_CPU, mb);
    }

    /** {@return min_mem_per_node: MB per node when the request is per node, else empty (Lua: nil)} */
    default OptionalLong minMemPerNode() {
        Object v = get(JobDescField.MIN_MEM_PER_NODE);
        return v == null ? OptionalLong.empty() : OptionalLong.of((Long) v);
    }

    /**
     * Requests {@code mb} per node: pn_min_memory = mb.
     *
     * @param mb memory per node in MB
     */
    default void setMinMemPerNode(long mb) {
        setNumber(JobDescField.MIN_MEM_PER_NODE, mb);
    }

    /** {@return begin_time in epoch seconds; 0 when not given} */
    default long beginTime() {
        return getNumber(JobDescField.BEGIN_TIME);
    }

    /**
     * Sets begin_time ({@link JobDescField#BEGIN_TIME}), truncated to its C width.
     *
     * @param epochSeconds the new raw value
     */
    default void setBeginTime(long epochSeconds) {
        setNumber(JobDescField.BEGIN_TIME, epochSeconds);
    }

    /** {@return priority ({@link JobDescField#PRIORITY}), raw; {@link JobDescField#unset()} when not given} */
    default long priority() {
        return getNumber(JobDescField.PRIORITY);
    }

    /**
     * Sets priority ({@link JobDescField#PRIORITY}), truncated to its C width.
     *
     * @param priority the new raw value
     */
    default void setPriority(long priority) {
        setNumber(JobDescField.PRIORITY, priority);
    }

    /** {@return nice, raw: NO_VAL, or the requested nice + NICE_OFFSET} */
    default long nice() {
        return getNumber(JobDescField.NICE);
    }

    /**
     * Sets nice ({@link JobDescField#NICE}), truncated to its C width.
     *
     * @param raw the new raw value
     */
    default void setNice(long raw) {
        setNumber(JobDescField.NICE, raw);
    }

    /**
     * {@return site_factor, raw: NO_VAL, or the factor + NICE_OFFSET (slurmctld resets it to NO_VAL before the chain,
     * JS-2)}
     */
    default long siteFactor() {
        return getNumber(JobDescField.SITE_FACTOR);
    }

    /**
     * Sets site_factor ({@link JobDescField#SITE_FACTOR}), truncated to its C width.
     *
     * @param raw the new raw value
     */
    default void setSiteFactor(long raw) {
        setNumber(JobDescField.SITE_FACTOR, raw);
    }

    /** {@return het_job_offset, the het job component (NO_VAL for a job that is not heterogeneous)} */
    default long hetJobOffset() {
        return getNumber(JobDescField.HET_JOB_OFFSET);
    }

    /** {@return argv: the batch script path and its arguments, argv[0] first (Lua indexes from 0)} */
    default List<String> argv() {
        return getList(JobDescField.ARGV);
    }

    /** {@return the environment, "NAME=value"; empty for a request that is not a batch job (only sbatch sends one)} */
    default Optional<List<String>> environment() {
        return Optional.ofNullable(getList(JobDescField.ENVIRONMENT));
    }

    /**
     * One variable of a batch job's environment.
     *
     * @param name the variable's name
     * @return its value (of the first entry of that name), or empty
     */
    default Optional<String> getenv(String name) {
        String prefix = name + "=";
        for (String entry : environment().orElse(List.of())) {
            if (entry.startsWith(prefix)) {
                return Optional.of(entry.substring(prefix.length()));
            }
        }
        return Optional.empty();
    }

    /**
     * Sets a variable of a batch job's environment as job_submit/lua does: replace the first entry of
     * that name, else prepend {@code NAME=value}.
     *
     * @param name  the variable's name
     * @param value its value
     * @return false (and no change) when the request is not a batch job
     */
    default boolean setenv(String name, String value) {
        List<String> env = getList(JobDescField.ENVIRONMENT);
        if (env == null) {
            return false;
        }
        String prefix = name + "=";
        List<String> next = new ArrayList<>(env);
        for (int i = 0; i < next.size(); i++) {
            if (next.get(i).startsWith(prefix)) {
                next.set(i, prefix + value);
                setList(JobDescField.ENVIRONMENT, next);
                return true;
            }
        }
        next.add(0, prefix + value);
        setList(JobDescField.ENVIRONMENT, next);
        return true;
    }
}
