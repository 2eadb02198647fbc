package io.plugstack.job_submit.pbs;

import static io.plugstack.api.plugin.PluginLog.u32;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.Slurmctld;
import io.plugstack.api.plugin.PluginLog;
import io.plugstack.api.slurm.NoVal;

/**
 * Slurm's _xlate_dependency and _xlate_before: PBS dependency options to Slurm ones.
 * <ul>
 * <li>after*, expand*, singleton* are kept as written;</li>
 * <li>on:N holds the job (priority 0) and records "on:N" in its comment;</li>
 * <li>before*:id[:id...] is turned round: each named pending job of the same user (or any job, for
 * root) gets after*:&lt;this job&gt;;</li>
 * <li>anything else is dropped with an info line.</li>
 * </ul>
 */
final class Dependencies {

    private static final Map<String, String> BEFORE_TO_AFTER = Map.of(
            "before", "after", "beforeany", "afterany", "beforenotok", "afternotok", "beforeok", "afterok");
    /** JOB_PENDING in the low byte of job_state (IS_JOB_PENDING). */
    private static final long JOB_STATE_BASE = 0xff;
    private static final long JOB_PENDING = 0;

    private final Slurmctld slurmctld;
    private final PluginLog log;

    Dependencies(Slurmctld slurmctld, PluginLog log) {
        this.slurmctld = slurmctld;
        this.log = log;
    }

    /** Rewrites the request's dependency; {@code myJobId} is NO_VAL when the new job's id is not known. */
    void translate(JobDescriptor job, long submitUid, long myJobId) {
        String dependency = job.dependency();
        if (dependency == null) {
            return;
        }
        StringBuilder result = new StringBuilder();
        for (String tok : dependency.split(",")) {
            if (tok.isEmpty()) {
                continue; // strtok skips empty fields
            }
            if (tok.startsWith("after") || tok.startsWith("expand") || tok.startsWith("singleton")) {
                result.append(result.length() > 0 ? "," : "").append(tok);
            } else if (tok.startsWith("on:")) {
                job.setPriority(0);
                job.setComment(job.comment() == null ? tok : job.comment() + "," + tok);
            } else if (tok.startsWith("before")) {
                translateBefore(tok, submitUid, myJobId);
            } else {
                log.info("_xlate_dependency", log.pluginType() + ": discarding unknown job dependency option " + tok);
            }
        }
        job.setDependency(result.length() > 0 ? result.toString() : null);
    }

    /**
     * Slurm appends the new after* to the other job's dependency, counts down the "on:N" in its comment
     * and releases it at 0. The API can only replace that job's dependency, so the other two steps are
     * left to the host (see the module's report).
     */
    private synchronized void translateBefore(String depend, long submitUid, long myJobId) {
        String[] toks = Arrays.stream(depend.split(":")).filter(t -> !t.isEmpty()).toArray(String[]::new);
        String type = BEFORE_TO_AFTER.get(toks[0]);
        if (type == null) {
            log.info("_xlate_before", log.pluginType() + ": discarding invalid job dependency option " + toks[0]);
            return;
        }
        for (int i = 1; i < toks.length; i++) {
            long jobId = atoi(toks[i]);
            Optional<JobRecord> other = slurmctld.job(jobId);
            if (other.isEmpty()) {
                log.info("_xlate_before", log.pluginType() + ": discarding invalid job dependency before " + toks[i]);
            } else if (submitUid != other.get().userId() && submitUid != 0) {
                log.error("_xlate_before", log.pluginType() + ": Security violation: uid " + u32(submitUid)
                        + " trying to alter job " + u32(jobId) + " belonging to uid " + u32(other.get().userId()));
            } else if ((other.get().jobState() & JOB_STATE_BASE) != JOB_PENDING) {
                log.info("_xlate_before", log.pluginType() + ": discarding job before dependency on non-pending job "
                        + u32(jobId));
            } else if (myJobId == NoVal.NO_VAL) {
                log.info("_xlate_before", log.pluginType() + ": discarding job before dependency on job " + u32(jobId)
                        + ": the new job's id is not known yet");
            } else {
                slurmctld.setDependency(jobId, type + ":" + u32(myJobId));
                String comment = other.get().comment();
                if (comment == null || !comment.contains("on:")) {
                    log.info("_decr_depend_cnt", log.pluginType() + ": invalid job depend before option on job "
                            + u32(jobId));
                }
            }
        }
    }

    /** C atoi into a uint32_t: optional blanks and sign, then digits up to the first non-digit; else 0. */
    static long atoi(String s) {
        int i = 0;
        int n = s.length();
        while (i < n && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        long v = 0;
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            v = v * 10 + (s.charAt(i) - '0');
            i++;
        }
        return (negative ? -v : v) & 0xffffffffL;
    }
}
