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
     */
    Object get(JobDescField field);

    /** A string field (null when unset). */
    String getString(JobDescField field);

    /**
     * A numeric field, raw (uint32 values 0..2^32-1, uint64 as bit patterns).
     *
     * @throws java.util.NoSuchElementException for min_mem_per_cpu/min_mem_per_node when nil
     */
    long getNumber(JobDescField field);

    /** argv, spank_job_env (empty when unset) or environment (null for a non-batch request); unmodifiable. */
    List<String> getList(JobDescField field);

    /** Sets a string field; null unsets it. (A Lua write of "" also unsets; a Java one stores "".) */
    void setString(JobDescField field, String value);

    /** Sets a numeric field, truncated to its C width; min_mem_per_cpu also sets the MEM_PER_CPU flag. */
    void setNumber(JobDescField field, long value);

    /** Sets argv, spank_job_env or environment (null environment = not a batch request). */
    void setList(JobDescField field, List<String> value);

    /** Returns the field to "not given". */
    void clear(JobDescField field);

    // --- named accessors -------------------------------------------------------------------------

    default String partition() {
        return getString(JobDescField.PARTITION);
    }

    default void setPartition(String partition) {
        setString(JobDescField.PARTITION, partition);
    }

    /** Minutes; NO_VAL when not given, INFINITE for UNLIMITED. */
    default long timeLimit() {
        return getNumber(JobDescField.TIME_LIMIT);
    }

    default void setTimeLimit(long minutes) {
        setNumber(JobDescField.TIME_LIMIT, minutes);
    }

    default String account() {
        return getString(JobDescField.ACCOUNT);
    }

    default void setAccount(String account) {
        setString(JobDescField.ACCOUNT, account);
    }

    default String qos() {
        return getString(JobDescField.QOS);
    }

    default void setQos(String qos) {
        setString(JobDescField.QOS, qos);
    }

    default String name() {
        return getString(JobDescField.NAME);
    }

    default void setName(String name) {
        setString(JobDescField.NAME, name);
    }

    default String comment() {
        return getString(JobDescField.COMMENT);
    }

    default void setComment(String comment) {
        setString(JobDescField.COMMENT, comment);
    }

    default String dependency() {
        return getString(JobDescField.DEPENDENCY);
    }

    default void setDependency(String dependency) {
        setString(JobDescField.DEPENDENCY, dependency);
    }

    default String script() {
        return getString(JobDescField.SCRIPT);
    }

    default void setScript(String script) {
        setString(JobDescField.SCRIPT, script);
    }

    default String workDir() {
        return getString(JobDescField.WORK_DIR);
    }

    default void setWorkDir(String workDir) {
        setString(JobDescField.WORK_DIR, workDir);
    }

    default String stdOut() {
        return getString(JobDescField.STD_OUT);
    }

    default void setStdOut(String path) {
        setString(JobDescField.STD_OUT, path);
    }

    default String stdErr() {
        return getString(JobDescField.STD_ERR);
    }

    default void setStdErr(String path) {
        setString(JobDescField.STD_ERR, path);
    }

    /** The user the job runs as (NO_VAL before slurmctld fills it in). */
    default long userId() {
        return getNumber(JobDescField.USER_ID);
    }

    default long groupId() {
        return getNumber(JobDescField.GROUP_ID);
    }

    default long minNodes() {
        return getNumber(JobDescField.MIN_NODES);
    }

    default void setMinNodes(long nodes) {
        setNumber(JobDescField.MIN_NODES, nodes);
    }

    default long maxNodes() {
        return getNumber(JobDescField.MAX_NODES);
    }

    default void setMaxNodes(long nodes) {
        setNumber(JobDescField.MAX_NODES, nodes);
    }

    default long numTasks() {
        return getNumber(JobDescField.NUM_TASKS);
    }

    default void setNumTasks(long tasks) {
        setNumber(JobDescField.NUM_TASKS, tasks);
    }

    /** uint16_t: NO_VAL16 when not given. */
    default int cpusPerTask() {
        return (int) getNumber(JobDescField.CPUS_PER_TASK);
    }

    default void setCpusPerTask(int cpus) {
        setNumber(JobDescField.CPUS_PER_TASK, cpus);
    }

    /** Raw memory request: NO_VAL64, MB per node, or MB per CPU with {@link NoVal#MEM_PER_CPU} set. */
    default long pnMinMemory() {
        return getNumber(JobDescField.PN_MIN_MEMORY);
    }

    default void setPnMinMemory(long raw) {
        setNumber(JobDescField.PN_MIN_MEMORY, raw);
    }

    /** MB per CPU (flag stripped) when the request is per CPU, else empty (Lua: nil). */
    default OptionalLong minMemPerCpu() {
        Object v = get(JobDescField.MIN_MEM_PER_CPU);
        return v == null ? OptionalLong.empty() : OptionalLong.of((Long) v);
    }

    /** Requests {@code mb} per CPU: pn_min_memory = mb | MEM_PER_CPU. */
    default void setMinMemPerCpu(long mb) {
        setNumber(JobDescField.MIN_MEM_PER_CPU, mb);
    }

    /** MB per node when the request is per node, else empty (Lua: nil). */
    default OptionalLong minMemPerNode() {
        Object v = get(JobDescField.MIN_MEM_PER_NODE);
        return v == null ? OptionalLong.empty() : OptionalLong.of((Long) v);
    }

    /** Requests {@code mb} per node: pn_min_memory = mb. */
    default void setMinMemPerNode(long mb) {
        setNumber(JobDescField.MIN_MEM_PER_NODE, mb);
    }

    /** Epoch seconds; 0 when not given. */
    default long beginTime() {
        return getNumber(JobDescField.BEGIN_TIME);
    }

    default void setBeginTime(long epochSeconds) {
        setNumber(JobDescField.BEGIN_TIME, epochSeconds);
    }

    default long priority() {
        return getNumber(JobDescField.PRIORITY);
    }

    default void setPriority(long priority) {
        setNumber(JobDescField.PRIORITY, priority);
    }

    /** Raw: NO_VAL, or the requested nice + NICE_OFFSET. */
    default long nice() {
        return getNumber(JobDescField.NICE);
    }

    default void setNice(long raw) {
        setNumber(JobDescField.NICE, raw);
    }

    /** Raw: NO_VAL, or the factor + NICE_OFFSET (slurmctld resets it to NO_VAL before the chain, JS-2). */
    default long siteFactor() {
        return getNumber(JobDescField.SITE_FACTOR);
    }

    default void setSiteFactor(long raw) {
        setNumber(JobDescField.SITE_FACTOR, raw);
    }

    /** The het job component (NO_VAL for a job that is not heterogeneous). */
    default long hetJobOffset() {
        return getNumber(JobDescField.HET_JOB_OFFSET);
    }

    /** The batch script path and its arguments, argv[0] first (Lua indexes from 0). */
    default List<String> argv() {
        return getList(JobDescField.ARGV);
    }

    /** The environment, "NAME=value"; empty for a request that is not a batch job (only sbatch sends one). */
    default Optional<List<String>> environment() {
        return Optional.ofNullable(getList(JobDescField.ENVIRONMENT));
    }

    /** One variable of a batch job's environment. */
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
