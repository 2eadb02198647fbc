package io.plugstack.runtime.bench.controller;

import java.util.Map;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/**
 * A job in the simulated controller. What never changes is public; what does (state, restarts,
 * the request as updates leave it) is read through accessors and changed only by the {@link
 * Controller}, under its lock: clients and the node ask it to.
 */
public final class Job {
    public final long id;
    public final String command;
    public final long uid;
    public final long gid;
    /** The user's name as squeue shows it: the submitted user_name (looked up once), else the uid. */
    public final String userName;
    /** The job control environment sent with the job (spank_job_control_setenv, SPANK-50), as submitted. */
    public final Map<String, String> jobControlEnv;
    /** A heterogeneous job's leader id (0 for any other job) and this component's offset. */
    public final long hetJobId;
    public final int hetOffset;
    final long submitTime = System.currentTimeMillis() / 1000;

    /** The request as the job_submit chain (and updates) left it: what JobRecord answers. */
    final JobDescriptor desc;
    /**
     * The plugstack.conf this run of the job was launched with: its steps, prolog and epilog use
     * it, whatever edits follow. A requeued job is launched anew and reads the file again.
     */
    volatile PlugstackConf.Result plugstack;
    volatile JobState state = JobState.PENDING;
    volatile int exitCode = -1;
    volatile int restarts;
    volatile String reason = "";
    /** The job's name: -J, else the command; scontrol update Name= changes it. */
    volatile String name;
    long nextStepId;
    volatile boolean prologDone;
    volatile long startTime;
    volatile long endTime;

    Job(long id, JobDescriptor desc, String command, PlugstackConf.Result plugstack, Map<String, String> jobControlEnv,
            long hetJobId, int hetOffset) {
        this.id = id;
        this.desc = desc;
        this.name = desc.name() == null ? command : desc.name();
        this.command = command;
        this.uid = desc.userId();
        this.gid = desc.groupId();
        String user = desc.getString(io.plugstack.api.jobsubmit.JobDescField.USER_NAME);
        this.userName = user == null || user.isEmpty() ? String.valueOf(uid) : user;
        this.plugstack = plugstack;
        this.jobControlEnv = Map.copyOf(jobControlEnv);
        this.hetJobId = hetJobId;
        this.hetOffset = hetOffset;
    }

    public String name() {
        return name;
    }

    /** Held (priority 0, -H or scontrol hold): the scheduler does not start it until it is released. */
    public boolean held() {
        return desc.priority() == 0;
    }

    public PlugstackConf.Result plugstack() {
        return plugstack;
    }

    public JobState state() {
        return state;
    }

    public int exitCode() {
        return exitCode;
    }

    public String reason() {
        return reason;
    }

    public int restarts() {
        return restarts;
    }

    /** work_dir as job_submit left it: where the batch step starts; null when the request had none. */
    public java.nio.file.Path workDir() {
        String dir = desc.workDir();
        return dir == null || dir.isEmpty() ? null : java.nio.file.Path.of(dir);
    }

    public boolean prologDone() {
        return prologDone;
    }

}
