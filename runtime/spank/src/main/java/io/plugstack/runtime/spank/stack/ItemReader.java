package io.plugstack.runtime.spank.stack;

import io.plugstack.runtime.spank.TaskFacts;
import io.plugstack.runtime.spank.JobFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankItem;
import io.plugstack.api.spank.SpankItemCondition;
import io.plugstack.api.spank.SpankResult;

/**
 * spank_get_item: the context/callback rule comes from {@link SpankItem}'s table; this class adds
 * the data-dependent errors (no step layout yet, unknown pid, task id out of range) and the value.
 */
final class ItemReader {

    /** What the handle knows at the moment of the call. */
    record Scope(SpankContext context, SpankCallback phase, JobFacts job, TaskFacts task, List<TaskFacts> tasks,
            Map<String, String> stepEnv, SlurmVersion release) {
    }

    private ItemReader() {
    }

    static SpankResult<Object> read(SpankItem item, long argument, Scope s) {
        SpankError e = item.check(s.context(), s.phase());
        if (e != SpankError.SUCCESS) {
            return SpankResult.failure(e);
        }
        if (item.rule(s.context()).has(SpankItemCondition.LOCAL_ENV_ALWAYS_NULL)) {
            return SpankResult.success(null);
        }
        if (isVersion(item)) {
            return SpankResult.success(version(item, s.release()));
        }
        if (s.job() == null) {
            return SpankResult.failure(SpankError.NOT_AVAIL);
        }
        Optional<SpankError> dataError = dataError(item, argument, s);
        if (dataError.isPresent()) {
            return SpankResult.failure(dataError.get());
        }
        return SpankResult.success(value(item, argument, s));
    }

    private static boolean isVersion(SpankItem item) {
        return item == SpankItem.S_SLURM_VERSION || item == SpankItem.S_SLURM_VERSION_MAJOR
                || item == SpankItem.S_SLURM_VERSION_MINOR || item == SpankItem.S_SLURM_VERSION_MICRO;
    }

    private static String version(SpankItem item, SlurmVersion v) {
        return switch (item) {
            case S_SLURM_VERSION_MAJOR -> String.valueOf(v.major());
            case S_SLURM_VERSION_MINOR -> String.format("%02d", v.minor());
            case S_SLURM_VERSION_MICRO -> String.valueOf(v.micro());
            default -> v.toSlurmString();
        };
    }

    private static Optional<SpankError> dataError(SpankItem item, long arg, Scope s) {
        JobFacts j = s.job();
        for (SpankItemCondition c : item.rule(s.context()).conditions()) {
            boolean fails = switch (c) {
                case NEEDS_STEP_LAYOUT -> !j.stepLayoutKnown();
                case PID_MUST_BE_A_TASK -> taskWithPid(s.tasks(), arg).isEmpty();
                case LOCAL_ID_ON_THIS_NODE -> arg < 0 || arg >= s.tasks().size();
                case GLOBAL_ID_BELOW_TOTAL -> arg < 0 || arg >= j.totalTaskCount();
                case GLOBAL_ID_ON_THIS_NODE -> !j.globalTaskIdsHere().contains(arg);
                case TASK_PHASE_ONLY, AFTER_TASK_EXIT -> s.task() == null
                        || (c == SpankItemCondition.AFTER_TASK_EXIT && s.task().exitStatus() == null);
                default -> false;
            };
            if (fails) {
                return Optional.of(c.dataError() != null ? c.dataError() : SpankError.NOT_TASK);
            }
        }
        return Optional.empty();
    }

    private static Optional<TaskFacts> taskWithPid(List<TaskFacts> tasks, long pid) {
        return tasks.stream().filter(t -> t.pid() == pid && pid != 0).findFirst();
    }

    private static Object value(SpankItem item, long arg, Scope s) {
        JobFacts j = s.job();
        TaskFacts t = s.task();
        return switch (item) {
            case S_JOB_UID -> j.uid();
            case S_JOB_GID -> j.gid();
            case S_JOB_ID -> j.jobId();
            case S_JOB_STEPID -> j.stepId();
            case S_JOB_NNODES -> j.nnodes();
            case S_JOB_NODEID -> j.nodeId();
            case S_JOB_LOCAL_TASK_COUNT -> j.localTaskCount();
            case S_JOB_TOTAL_TASK_COUNT -> j.totalTaskCount();
            case S_JOB_NCPUS -> j.ncpus();
            case S_JOB_ARGV -> j.argv();
            case S_JOB_ENV -> envList(s.stepEnv());
            case S_TASK_ID -> t.localId();
            case S_TASK_GLOBAL_ID -> t.globalId();
            case S_TASK_EXIT_STATUS -> t.exitStatus();
            case S_TASK_PID -> (int) t.pid();
            case S_JOB_PID_TO_GLOBAL_ID -> taskWithPid(s.tasks(), arg).orElseThrow().globalId();
            case S_JOB_PID_TO_LOCAL_ID -> (long) taskWithPid(s.tasks(), arg).orElseThrow().localId();
            case S_JOB_LOCAL_TO_GLOBAL_ID -> s.tasks().get((int) arg).globalId();
            case S_JOB_GLOBAL_TO_LOCAL_ID -> (long) s.tasks().stream().filter(x -> x.globalId() == arg)
                    .findFirst().orElseThrow().localId();
            case S_JOB_SUPPLEMENTARY_GIDS -> j.supplementaryGids();
            case S_STEP_CPUS_PER_TASK -> j.cpusPerTask();
            case S_JOB_ALLOC_CORES -> j.jobAllocCores();
            case S_JOB_ALLOC_MEM -> j.jobAllocMemMb();
            case S_STEP_ALLOC_CORES -> j.stepAllocCores();
            case S_STEP_ALLOC_MEM -> j.stepAllocMemMb();
            case S_SLURM_RESTART_COUNT -> j.restartCount();
            case S_JOB_ARRAY_ID -> j.arrayJobId();
            case S_JOB_ARRAY_TASK_ID -> j.arrayTaskId();
            default -> throw new IllegalStateException("no value for " + item);
        };
    }

    private static List<String> envList(Map<String, String> env) {
        List<String> out = new ArrayList<>(env.size());
        env.forEach((k, v) -> out.add(k + "=" + v));
        return out;
    }
}
