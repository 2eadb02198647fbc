package io.plugstack.runtime.bench.client;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.controller.UpdateRequest;
import io.plugstack.runtime.bench.options.SlurmTime;

/**
 * scontrol update jobid=N, hold, uhold and release (update_job.c): the request carries only the
 * fields being changed (everything else unset, as slurm_init_job_desc_msg leaves it), job_modify sees
 * it with the current job record and the modifying uid (JS-2), and only if the chain and slurmctld's
 * own checks accept is the job changed. A refusal prints as scontrol_update_job and scontrol_hold print
 * it, "&lt;slurm_strerror&gt; for job &lt;id&gt;", and scontrol exits 1.
 */
public final class JobUpdate {
    private JobUpdate() {
    }

    /** scontrol update JobId=N Key=Value...: the keys Slurm's scontrol takes that the bench's job carries. */
    public static int run(Cluster c, long jobId, Map<String, String> fields, CommandIO io) {
        JobDescriptor req = new JobDescriptor();
        for (Map.Entry<String, String> f : fields.entrySet()) {
            try {
                set(req, f.getKey(), f.getValue());
            } catch (IllegalArgumentException e) {
                io.err().println("scontrol: error: " + e.getMessage()); // scontrol's parse errors, then "Request aborted"
                io.err().println("scontrol: error: Request aborted");
                return 1;
            }
        }
        return send(c, jobId, req, false, io);
    }

    /**
     * scontrol hold|holdu|uhold|release &lt;job_list&gt;: priority 0 (uhold: a user hold) or INFINITE for each
     * job id of the comma list; rc 1 if any was refused.
     */
    public static int hold(Cluster c, String op, List<String> jobLists, CommandIO io) {
        String o = op.toLowerCase(Locale.ROOT);
        boolean userHold = o.startsWith("holdu") || o.startsWith("uhold");
        long priority = userHold || o.startsWith("hold") ? 0 : NoVal.INFINITE;
        int rc = 0;
        for (String list : jobLists) {
            String ids = list.replaceFirst("(?i)^(jobid=|job=)", "");
            for (String id : ids.split("[, ]")) {
                if (!id.matches("\\d+")) {
                    io.err().println(SlurmErrno.ESLURM_INVALID_JOB_ID.message() + " for job " + id);
                    rc = 1;
                    continue;
                }
                JobDescriptor req = new JobDescriptor();
                req.setPriority(priority);
                rc |= send(c, Long.parseLong(id), req, userHold, io);
            }
        }
        return rc;
    }

    private static int send(Cluster c, long jobId, JobDescriptor req, boolean userHold, CommandIO io) {
        long uid = io.user().uid(); // the RPC's sender; scontrol leaves the request's user_id unset (slurmctld fills the owner)
        UpdateRequest.Answer r = c.controller().update(new UpdateRequest(jobId, req, uid, userHold));
        if (!r.ok()) {
            r.message().ifPresent(m -> m.lines().forEach(l -> io.err().println("scontrol: error: " + l)));
            io.err().println(SlurmErrno.strerror(r.rc()) + " for job " + jobId);
            return 1;
        }
        r.message().ifPresent(m -> m.lines().forEach(io.out()::println));
        return 0;
    }

    /** One Key=Value of scontrol update, with scontrol's words for a value it cannot parse. */
    private static void set(JobDescriptor d, String key, String value) {
        switch (key.toLowerCase(Locale.ROOT)) {
            case "timelimit" -> d.setTimeLimit(time(value));
            case "partition" -> d.setPartition(value);
            case "comment" -> d.setComment(value);
            case "admincomment" -> d.setString(JobDescField.ADMIN_COMMENT, value);
            case "name", "jobname" -> d.setName(value);
            case "account" -> d.setAccount(value);
            case "qos" -> d.setQos(value);
            case "dependency" -> d.setDependency(value);
            case "reservation", "reservationname" -> d.setString(JobDescField.RESERVATION, value);
            case "licenses" -> d.setString(JobDescField.LICENSES, value);
            case "priority" -> d.setPriority(number(key, value));
            case "nice" -> d.setNumber(JobDescField.NICE, NoVal.NICE_OFFSET + number(key, value));
            default -> throw new IllegalArgumentException("Update of this parameter is not supported: " + key + "=" + value);
        }
    }

    private static long time(String value) {
        try {
            return SlurmTime.minutes(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid TimeLimit value");
        }
    }

    private static long number(String key, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Invalid " + key + " value: " + value);
        }
    }
}
