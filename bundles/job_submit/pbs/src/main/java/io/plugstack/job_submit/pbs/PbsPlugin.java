package io.plugstack.job_submit.pbs;

import static io.plugstack.api.plugin.PluginLog.u32;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.Slurmctld;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginLog;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * job_submit/pbs (JS-16): lets jobs written for PBS/Torque run: translates their dependencies
 * ({@link Dependencies}), gives batch jobs PBS_ACCOUNT and PBS_QUEUE, and records where stdout goes
 * ("stdout=&lt;path&gt;", %j expanded) in the comment, where PBS tools look for it.
 */
@Component(service = JobSubmitPlugin.class)
public class PbsPlugin implements JobSubmitPlugin {

    static final String PLUGIN_TYPE = "job_submit/pbs";

    private static final int SUCCESS = SlurmErrno.SLURM_SUCCESS.code();

    private final Dependencies dependencies;
    /** The id the next job will get (Slurm's get_next_job_id(true)); NO_VAL when unknown. */
    private final LongSupplier nextJobId;

    /** The API cannot tell the next job id yet, so %j stays as written and before* is dropped. */
    @Activate
    public PbsPlugin(@Reference(name = "slurmctld") Slurmctld slurmctld) {
        this(slurmctld, () -> NoVal.NO_VAL, PluginLog.of(PLUGIN_TYPE));
    }

    PbsPlugin(Slurmctld slurmctld, LongSupplier nextJobId, PluginLog log) {
        this.dependencies = new Dependencies(slurmctld, log);
        this.nextJobId = nextJobId;
    }

    @Override
    public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
        long myJobId = nextJobId.getAsLong();
        dependencies.translate(job, submitUid, myJobId);
        if (job.account() != null) {
            appendEnv(job, "PBS_ACCOUNT=" + job.account());
        }
        if (job.partition() != null) {
            appendEnv(job, "PBS_QUEUE=" + job.partition());
        }
        String stdOut = job.stdOut() != null ? job.stdOut() : "slurm-%j.out";
        job.setComment(append(job.comment(), stdoutEntry(stdOut, job.workDir(), myJobId)));
        return SUCCESS;
    }

    /**
     * Slurm appends the stdout entry to the job's own comment and drops the request's std_out. The job
     * record is read-only here, so the same end state is reached through the request: its comment becomes
     * the job's comment plus the entry, unless the request sets a comment itself (which would replace
     * the job's comment in Slurm too).
     */
    @Override
    public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
        dependencies.translate(job, modifyUid, current.jobId());
        if (job.stdOut() != null) {
            if (job.comment() == null) {
                job.setComment(append(current.comment(), stdoutEntry(job.stdOut(), current.workDir(), current.jobId())));
            }
            job.clear(JobDescField.STD_OUT);
        }
        return SUCCESS;
    }

    /** "stdout=" + path, relative paths under the work dir, the first %j replaced by the job id. */
    static String stdoutEntry(String stdOut, String workDir, long jobId) {
        StringBuilder entry = new StringBuilder("stdout=");
        if (!stdOut.startsWith("/") && workDir != null) {
            entry.append(workDir).append('/');
        }
        int j = stdOut.indexOf("%j");
        if (j >= 0 && jobId != NoVal.NO_VAL) {
            entry.append(stdOut, 0, j).append(u32(jobId)).append(stdOut, j + 2, stdOut.length());
        } else {
            entry.append(stdOut);
        }
        return entry.toString();
    }

    private static String append(String comment, String entry) {
        return comment == null ? entry : comment + "," + entry;
    }

    /** Slurm's _add_env: appended at the end, only when the request has an environment (batch jobs). */
    private static void appendEnv(JobDescriptor job, String entry) {
        List<String> env = job.getList(JobDescField.ENVIRONMENT);
        if (env == null) {
            return;
        }
        List<String> next = new ArrayList<>(env);
        next.add(entry);
        job.setList(JobDescField.ENVIRONMENT, next);
    }
}
