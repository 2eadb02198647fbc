package io.plugstack.runtime.bench.controller;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;

/**
 * What a job asked for that {@code scontrol show job} prints besides its state (slurm_job_info_t's request
 * fields), as slurmctld keeps them: a snapshot taken with its {@link JobInfo}.
 *
 * @param priority      the job's priority (0 while held; priority/basic's otherwise, {@link BasicPriority})
 * @param nice          --nice's value (0 when not given)
 * @param requeue       --requeue/--no-requeue, else slurm.conf's JobRequeue (1)
 * @param reqNodes      -w, null when not given
 * @param excNodes      -x, null when not given
 * @param features      -C, null when not given
 * @param licenses      -L, null when not given
 * @param network       --network, null when not given
 * @param shared        --oversubscribe (1), --exclusive (0), --exclusive=user (2), --exclusive=mcs (3); NO_VAL16 when none
 * @param contiguous    --contiguous
 * @param minCpusNode   pn_min_cpus: --mincpus, or -c times --ntasks-per-node when more, at least 1
 * @param minTmpDisk    --tmp in MB, 0 when not given
 * @param timeMin       --time-min in minutes, 0 when not given
 * @param ntasksPerNode --ntasks-per-node, 0 when not given
 * @param stdIn         -i, null when not given (a batch job's is /dev/null)
 * @param reservation   --reservation, null when not given
 * @param adminComment  the admin comment (scontrol update, job_submit plugins), null when none
 * @param tres          the optional TRES lines, in slurm_sprint_job_info's order ("TresPerNode=gres:gpu:1"), set ones only
 * @param mailType      --mail-type's bits, 0 when none
 * @param mailUser      --mail-user, else (with a mail type) the job's user, as slurmctld fills it
 */
public record JobRequest(long priority, long nice, int requeue, String reqNodes, String excNodes, String features, String licenses,
        String network, int shared, boolean contiguous, long minCpusNode, long minTmpDisk, long timeMin, long ntasksPerNode,
        String stdIn, String reservation, String adminComment, List<String> tres, long mailType, String mailUser) {

    /** A job that asked for nothing besides the defaults. */
    public static final JobRequest DEFAULTS = new JobRequest(NoVal.NO_VAL, 0, 1, null, null, null, null, null, NoVal.NO_VAL16, false, 1,
            0, 0, 0, null, null, null, List.of(), 0, null);

    /** The optional TRES lines' keys and the job_desc fields they show, in job_info.c's order. */
    private static final Map<String, JobDescField> TRES_LINES = tresLines();

    private static Map<String, JobDescField> tresLines() {
        Map<String, JobDescField> m = new LinkedHashMap<>();
        m.put("CpusPerTres", JobDescField.CPUS_PER_TRES);
        m.put("MemPerTres", JobDescField.MEM_PER_TRES);
        m.put("TresPerJob", JobDescField.TRES_PER_JOB);
        m.put("TresPerNode", JobDescField.TRES_PER_NODE);
        m.put("TresPerTask", JobDescField.TRES_PER_TASK);
        return Collections.unmodifiableMap(m);
    }

    static JobRequest of(JobDescriptor d, String userName) {
        long nice = d.nice() == NoVal.NO_VAL ? 0 : d.nice() - NoVal.NICE_OFFSET;
        long requeue = d.getNumber(JobDescField.REQUEUE);
        long cpt = d.cpusPerTask() > 0 && d.cpusPerTask() != NoVal.NO_VAL16 ? d.cpusPerTask() : 1;
        long pnMin = d.getNumber(JobDescField.PN_MIN_CPUS);
        long tmp = d.getNumber(JobDescField.PN_MIN_TMP_DISK);
        long timeMin = d.getNumber(JobDescField.TIME_MIN);
        long perNode = perNode(d.getNumber(JobDescField.NTASKS_PER_NODE));
        List<String> tres = new ArrayList<>();
        TRES_LINES.forEach((key, field) -> {
            String v = d.getString(field);
            if (v != null && !v.isEmpty()) {
                tres.add(key + "=" + v);
            }
        });
        long mail = d.getNumber(JobDescField.MAIL_TYPE);
        mail = mail == NoVal.NO_VAL16 || mail == NoVal.NO_VAL ? 0 : mail;
        String mailUser = d.getString(JobDescField.MAIL_USER);
        return new JobRequest(d.priority(), nice, requeue == NoVal.NO_VAL16 ? 1 : (int) requeue, d.getString(JobDescField.REQ_NODES),
                d.getString(JobDescField.EXC_NODES), d.getString(JobDescField.FEATURES), d.getString(JobDescField.LICENSES),
                d.getString(JobDescField.NETWORK), (int) d.getNumber(JobDescField.SHARED), d.getNumber(JobDescField.CONTIGUOUS) == 1,
                Math.max(cpt * Math.max(1, perNode), pnMin == NoVal.NO_VAL16 ? 1 : pnMin), tmp == NoVal.NO_VAL ? 0 : tmp,
                timeMin == NoVal.NO_VAL ? 0 : timeMin, perNode,
                d.getString(JobDescField.STD_IN), d.getString(JobDescField.RESERVATION), d.getString(JobDescField.ADMIN_COMMENT),
                List.copyOf(tres), mail, mail != 0 && mailUser == null ? userName : mailUser);
    }

    private static long perNode(long raw) {
        return raw == NoVal.NO_VAL16 || raw == NoVal.NO_VAL ? 0 : raw;
    }

    /** job_share_string: OverSubscribe's word. */
    public String overSubscribe() {
        return switch (shared) {
            case 0 -> "NO";
            case 1 -> "YES";
            case 2 -> "USER";
            case 3 -> "MCS";
            default -> "OK";
        };
    }
}
