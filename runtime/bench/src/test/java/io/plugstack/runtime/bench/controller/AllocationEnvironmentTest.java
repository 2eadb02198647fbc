package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.plugstack.api.slurm.NoVal;

/**
 * Each row of the allocation's environment against what a real Slurm 22.05.8 node (2 CPUs, node
 * "localhost", cluster "i16bench", user root) gave the batch step of three jobs, read with
 * {@code env | grep ^SLURM} in the script (variables the bench does not simulate left out:
 * SLURM_CONF, SLURM_NODE_ALIASES, SLURM_TOPOLOGY_*, SLURM_WORKING_CLUSTER, SLURM_PRIO_PROCESS, and
 * the per-task SLURM_PROCID/LOCALID/TASK_PID that the step sets).
 */
class AllocationEnvironmentTest {

    private static final String DIR = "/tmp/i16-bench-slurm/work";

    private static JobInfo job(long id, String name, String partition, long ntasks, int cpusPerTask, long cpus, long mem) {
        return new JobInfo(id, name, 0, 0, partition, JobState.RUNNING, "", 0, 0, NoVal.NO_VAL, 0, 1, 0, ntasks, cpusPerTask, cpus,
                "localhost", mem, NoVal.NO_VAL64, DIR, null, null, DIR + "/job.sh", true, null, null, null, null, 0, 0, JobRequest.DEFAULTS);
    }

    private static AllocationEnvironment.Facts facts(JobInfo j) {
        return new AllocationEnvironment.Facts(j, "localhost", "i16bench", DIR, "vm");
    }

    /** What the three jobs' batch steps saw; absent = unset. */
    static Stream<Arguments> realBatchSteps() {
        Map<String, String> common = Map.ofEntries(Map.entry("ENVIRONMENT", "BATCH"), Map.entry("HOSTNAME", "localhost"),
                Map.entry("SLURMD_NODENAME", "localhost"), Map.entry("SLURM_CLUSTER_NAME", "i16bench"),
                Map.entry("SLURM_GTIDS", "0"), Map.entry("SLURM_JOB_GID", "0"), Map.entry("SLURM_JOB_NODELIST", "localhost"),
                Map.entry("SLURM_JOB_NUM_NODES", "1"), Map.entry("SLURM_JOB_UID", "0"), Map.entry("SLURM_JOB_USER", "root"), Map.entry("SLURM_NNODES", "1"),
                Map.entry("SLURM_NODEID", "0"), Map.entry("SLURM_NODELIST", "localhost"), Map.entry("SLURM_SUBMIT_DIR", DIR),
                Map.entry("SLURM_SUBMIT_HOST", "vm"));
        return Stream.of(
                // sbatch -n 2 job.sh
                rows("sbatch -n 2", job(1, "job.sh", "debug", 2, NoVal.NO_VAL16, 2, NoVal.NO_VAL64), common,
                        "SLURM_CPUS_ON_NODE=2", "SLURM_JOBID=1", "SLURM_JOB_CPUS_PER_NODE=2", "SLURM_JOB_ID=1",
                        "SLURM_JOB_NAME=job.sh", "SLURM_JOB_PARTITION=debug", "SLURM_NPROCS=2", "SLURM_NTASKS=2",
                        "SLURM_TASKS_PER_NODE=2"),
                // sbatch -n 1 -c 2 -J named -p long -t 10 -N 1 --mem=100 job.sh
                rows("sbatch -n 1 -c 2 -J named -p long -t 10 -N 1 --mem=100", job(2, "named", "long", 1, 2, 2, 100), common,
                        "SLURM_CPUS_ON_NODE=2", "SLURM_CPUS_PER_TASK=2", "SLURM_JOBID=2", "SLURM_JOB_CPUS_PER_NODE=2",
                        "SLURM_JOB_ID=2", "SLURM_JOB_NAME=named", "SLURM_JOB_PARTITION=long", "SLURM_MEM_PER_NODE=100",
                        "SLURM_NPROCS=1", "SLURM_NTASKS=1", "SLURM_TASKS_PER_NODE=1"),
                // sbatch job.sh: no SLURM_NTASKS at all
                rows("sbatch", job(3, "job.sh", "debug", NoVal.NO_VAL, NoVal.NO_VAL16, 1, NoVal.NO_VAL64), common,
                        "SLURM_CPUS_ON_NODE=1", "SLURM_JOBID=3", "SLURM_JOB_CPUS_PER_NODE=1", "SLURM_JOB_ID=3",
                        "SLURM_JOB_NAME=job.sh", "SLURM_JOB_PARTITION=debug", "SLURM_TASKS_PER_NODE=1"))
                .flatMap(s -> s);
    }

    /** One case per table row: the variable's real value, or null when Slurm left it unset. */
    private static Stream<Arguments> rows(String submitted, JobInfo job, Map<String, String> common, String... own) {
        Map<String, String> real = new TreeMap<>(common);
        for (String kv : own) {
            real.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        return Stream.of(AllocationEnvironment.values()).map(v -> Arguments.of(submitted, v, job, real.get(v.name())));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("realBatchSteps")
    void eachBatchStepVariableHasRealSlurmsValue(String submitted, AllocationEnvironment variable, JobInfo job, String real) {
        assertThat(variable.value(facts(job))).isEqualTo(real);
        assertThat(AllocationEnvironment.batchStep(facts(job)).get(variable.name())).isEqualTo(real);
    }

    /** salloc -n 2 -J al on the same node: its command's SLURM_* variables, exactly (env_array_for_job). */
    @org.junit.jupiter.api.Test
    void sallocsCommandGetsTheAllocationsVariablesWithoutTheBatchStepsOwn() {
        JobInfo j = new JobInfo(6, "al", 0, 0, "debug", JobState.RUNNING, "", 0, 0, NoVal.NO_VAL, 0, 1, 0, 2, NoVal.NO_VAL16, 2,
                "localhost", NoVal.NO_VAL64, NoVal.NO_VAL64, DIR, null, null, "", false, null, null, null, null, 0, 0, JobRequest.DEFAULTS);
        assertThat(new TreeMap<>(AllocationEnvironment.allocation(facts(j)))).isEqualTo(new TreeMap<>(Map.ofEntries(
                Map.entry("SLURM_CLUSTER_NAME", "i16bench"), Map.entry("SLURM_JOBID", "6"), Map.entry("SLURM_JOB_CPUS_PER_NODE", "2"),
                Map.entry("SLURM_JOB_ID", "6"), Map.entry("SLURM_JOB_NAME", "al"), Map.entry("SLURM_JOB_NODELIST", "localhost"),
                Map.entry("SLURM_JOB_NUM_NODES", "1"), Map.entry("SLURM_JOB_PARTITION", "debug"), Map.entry("SLURM_NNODES", "1"),
                Map.entry("SLURM_NODELIST", "localhost"), Map.entry("SLURM_NPROCS", "2"), Map.entry("SLURM_NTASKS", "2"),
                Map.entry("SLURM_SUBMIT_DIR", DIR), Map.entry("SLURM_SUBMIT_HOST", "vm"), Map.entry("SLURM_TASKS_PER_NODE", "2"))));
    }
}
