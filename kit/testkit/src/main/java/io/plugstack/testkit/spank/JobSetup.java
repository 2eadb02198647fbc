package io.plugstack.testkit.spank;

import io.plugstack.runtime.spank.SpankSequence;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.runtime.spank.JobFacts;
import io.plugstack.runtime.spank.TaskFacts;

/**
 * The job, step and tasks a run plays on its one node, and what each process knows of them: the facts its
 * stack reports as S_JOB_* and S_TASK_* items, and the variables slurmstepd puts in the step's and each
 * task's environment.
 */
final class JobSetup {

    /** The node the step runs on (SLURMD_NODENAME, SLURM_JOB_NODELIST). */
    static final String NODE = "node1";
    /** Task {@code i} runs as pid {@code FIRST_PID + i}: made up, no process is started. */
    static final long FIRST_PID = 100_000;

    long uid = OnBehalfOf.thisProcess().uid();
    long gid = OnBehalfOf.thisProcess().gid();
    long jobId = 1;
    long stepId = 0;
    int tasks = 1;
    List<String> argv = List.of("true");

    /** A copy, for one run (the runner's settings may change afterwards). */
    JobSetup copy() {
        JobSetup j = new JobSetup();
        j.uid = uid;
        j.gid = gid;
        j.jobId = jobId;
        j.stepId = stepId;
        j.tasks = tasks;
        j.argv = argv;
        return j;
    }

    /** What {@code process} reports as S_JOB_* items once it knows the job. */
    JobFacts factsFor(SpankSequence.Process process) {
        return switch (process) {
            case SRUN -> srunFacts();
            case SLURMSTEPD -> stepFacts();
            case PROLOG, EPILOG -> jobScriptFacts();
            default -> throw new IllegalArgumentException(process + " knows no job");
        };
    }

    /** srun's, from local_user_init on: the step exists, its layout is known (src/srun: the step is created first). */
    private JobFacts srunFacts() {
        return JobFacts.job(uid, gid, jobId).step(stepId).tasks(tasks, tasks).layoutKnown(true).argv(argv).cpusPerTask(1).build();
    }

    /** slurmstepd's: the step on this node, every task of it here. */
    private JobFacts stepFacts() {
        int cpus = Runtime.getRuntime().availableProcessors();
        return JobFacts.job(uid, gid, jobId).step(stepId).tasks(tasks, tasks).layoutKnown(true).ncpus(cpus).argv(argv)
                .cpusPerTask(1).cores("0-" + (cpus - 1), "0-" + (cpus - 1)).globalTaskIdsHere(globalIds()).build();
    }

    /** The prolog/epilog helper's: the job, no step. */
    private JobFacts jobScriptFacts() {
        return JobFacts.job(uid, gid, jobId).build();
    }

    /** The step's tasks before they are forked. */
    List<TaskFacts> taskFacts() {
        List<TaskFacts> out = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            out.add(new TaskFacts(i, i, 0, null, argv));
        }
        return out;
    }

    long pid(int localId) {
        return FIRST_PID + localId;
    }

    /** What slurmstepd adds to the environment srun sent: the step's own variables. */
    Map<String, String> stepVariables() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("SLURM_JOB_ID", String.valueOf(jobId));
        v.put("SLURM_JOBID", String.valueOf(jobId));
        v.put("SLURM_STEP_ID", String.valueOf(stepId));
        v.put("SLURM_NTASKS", String.valueOf(tasks));
        v.put("SLURM_NNODES", "1");
        v.put("SLURM_NODEID", "0");
        v.put("SLURM_JOB_NODELIST", NODE);
        v.put("SLURMD_NODENAME", NODE);
        return v;
    }

    /** What the task's child adds before task_init (mgr.c {@code _exec_task}: setup_env), and execs with. */
    Map<String, String> taskVariables(int localId) {
        return Map.of("SLURM_PROCID", String.valueOf(localId), "SLURM_LOCALID", String.valueOf(localId));
    }

    /** The prolog/epilog's own variables besides the job control environment. */
    Map<String, String> jobScriptVariables() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("SLURM_JOB_ID", String.valueOf(jobId));
        v.put("SLURM_JOB_UID", String.valueOf(uid));
        v.put("SLURM_JOB_GID", String.valueOf(gid));
        return v;
    }

    private List<Long> globalIds() {
        List<Long> ids = new ArrayList<>();
        for (long i = 0; i < tasks; i++) {
            ids.add(i);
        }
        return ids;
    }
}
