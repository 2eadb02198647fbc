package io.plugstack.runtime.bench.client;

import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.UpdateRequest;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.options.SlurmTime;

/**
 * scontrol update jobid=N: the request carries only the fields being changed (everything else
 * unset, as slurm_init_job_desc_msg leaves it), job_modify sees it with the current job record and
 * the modifying uid (JS-2), and only if the chain accepts is the job changed.
 */
public final class JobUpdate {
    private JobUpdate() {
    }

    public static int run(Cluster c, long jobId, Map<String, String> fields, CommandIO io) {
        Optional<Job> job = c.controller().job(jobId);
        if (job.isEmpty()) {
            io.err().println("slurm_update error: Invalid job id specified");
            return 1;
        }
        JobDescriptor req = new JobDescriptor();
        try {
            fields.forEach((k, v) -> set(req, k, v));
        } catch (IllegalArgumentException e) {
            io.err().println("scontrol: error: " + e.getMessage());
            return 1;
        }
        long uid = io.user().uid();
        req.setNumber(JobDescField.USER_ID, uid);
        UpdateRequest.Answer r = c.controller().update(new UpdateRequest(jobId, req, uid));
        if (!r.ok()) {
            r.message().ifPresent(m -> m.lines().forEach(l -> io.err().println("scontrol: error: " + l)));
            io.err().println("slurm_update error: " + SlurmErrno.strerror(r.rc()));
            return 1;
        }
        r.message().ifPresent(m -> m.lines().forEach(io.out()::println));
        return 0;
    }

    private static void set(JobDescriptor d, String key, String value) {
        switch (key.toLowerCase()) {
            case "timelimit" -> d.setTimeLimit(SlurmTime.minutes(value));
            case "partition" -> d.setPartition(value);
            case "comment" -> d.setComment(value);
            case "name", "jobname" -> d.setName(value);
            case "account" -> d.setAccount(value);
            case "qos" -> d.setQos(value);
            case "dependency" -> d.setDependency(value);
            default -> throw new IllegalArgumentException("Update of " + key + " is not supported by the bench");
        }
    }
}
