package io.plugstack.runtime.bench.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.runtime.bench.api.JobView;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/** A job in the simulated controller. Mutated only under the controller's lock. */
final class Job {
    final long id;
    final String name;
    final String command;
    final long uid;
    final long gid;
    /** The job control environment sent with the job (spank_job_control_setenv, SPANK-50). */
    final Map<String, String> jobControlEnv = new LinkedHashMap<>();
    /**
     * The plugstack.conf this run of the job was launched with: its steps, prolog and epilog use
     * it, whatever edits follow. A requeued job is launched anew and reads the file again.
     */
    PlugstackConf.Result plugstack;
    JobState state = JobState.PENDING;
    int exitCode = -1;
    int restarts;
    String reason = "";
    long nextStepId;
    boolean prologDone;

    /** The request as the job_submit chain left it: what JobRecord answers. */
    final JobDescriptor desc;
    final long submitTime = System.currentTimeMillis() / 1000;
    volatile long startTime;
    /** A heterogeneous job's leader id (0 for any other job) and this component's offset. */
    long hetJobId;
    int hetOffset;
    volatile long endTime;

    Job(long id, JobDescriptor desc, String command, PlugstackConf.Result plugstack) {
        this(id, desc.name() == null ? command : desc.name(), command, desc.userId(), desc.groupId(), plugstack, desc);
    }

    private Job(long id, String name, String command, long uid, long gid, PlugstackConf.Result plugstack, JobDescriptor desc) {
        this.desc = desc;
        this.plugstack = plugstack;
        this.id = id;
        this.name = name;
        this.command = command;
        this.uid = uid;
        this.gid = gid;
    }

    JobView view() {
        long limit = desc.timeLimit();
        String time = limit == NoVal.INFINITE ? "UNLIMITED" : limit == NoVal.NO_VAL ? "NOT_SET" : String.valueOf(limit);
        return new JobView(id, name, command, state.name(), exitCode, restarts, reason, desc.partition(), time);
    }
}
