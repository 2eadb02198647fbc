package io.plugstack.runtime.bench.controller;

import java.nio.file.Path;
import java.util.List;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.user.UnixUsers;

/**
 * A job as slurmctld describes it to squeue, scontrol show job and the node that runs it (slurm_job_info_t,
 * the batch launch message): a snapshot taken under the controller's lock.
 *
 * @param ntasks      the -n the job asked for, NO_VAL when it asked none (then SLURM_NTASKS is unset)
 * @param cpusPerTask the -c it asked for, NO_VAL16 when none
 * @param cpus        the CPUs allocated (or to be) on the node: ntasks x cpus-per-task, at least 1
 * @param timeLimit   minutes or INFINITE: the job's, or while it has none (no -t, no DefaultTime) its partition's
 *                    MaxTime, as slurmctld's pack_job reports it; NO_VAL only when its partition is gone
 * @param memPerNode  --mem in MB, NO_VAL64 when not asked
 * @param memPerCpu   --mem-per-cpu in MB, NO_VAL64 when not asked
 * @param nodeList    the node it runs (ran) on, "" while it has none
 * @param command     the batch script (absolute) or the command run, "" for sbatch --wrap
 * @param maxNodes    -N's maximum (-N 1 asks 1 to 1), 0 when not asked
 * @param beginTime   --begin (epoch seconds), 0 when not asked
 * @param asked       the rest of what it asked for, as scontrol show job prints it
 */
public record JobInfo(long id, String name, long uid, long gid, String partition, JobState state, String reason, int exitCode,
        int restarts, long timeLimit, long submitTime, long startTime, long endTime, long ntasks, int cpusPerTask, long cpus,
        String nodeList, long memPerNode, long memPerCpu, String workDir, String stdOut, String stdErr, String command,
        boolean batch, String account, String qos, String comment, String dependency, long maxNodes, long beginTime, JobRequest asked) {

    /** The user's name, or the uid when it has none (as Slurm prints an unknown uid). */
    public String userName() {
        return user(uid);
    }

    /** The group's name, or the gid when it has none. */
    public String groupName() {
        return UnixUsers.groupNameOrGid(gid);
    }

    /** Tasks in the allocation: what -n asked, else 1. */
    public long tasks() {
        return ntasks == NoVal.NO_VAL ? 1 : ntasks;
    }

    /** Seconds it has run: until now while it runs, until its end once ended, 0 while pending. */
    public long runSeconds(long now) {
        if (state == JobState.PENDING || startTime <= 0) {
            return 0;
        }
        return Math.max(0, (state.finished() && endTime > 0 ? endTime : now) - startTime);
    }

    /** sbatch's -o/-e file name: %j the job id, %x its name, %u its user, %N the node, %% a '%' (filename patterns). */
    public String outputFile(String pattern, String node) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            char next = i + 1 < pattern.length() ? pattern.charAt(i + 1) : 0;
            String v = c != '%' ? null : switch (next) {
                case 'j' -> String.valueOf(id);
                case 'x' -> name;
                case 'u' -> userName();
                case 'N' -> node;
                case '%' -> "%";
                default -> null;
            };
            sb.append(v == null ? String.valueOf(c) : v);
            i += v == null ? 0 : 1;
        }
        return sb.toString();
    }

    static String user(long uid) {
        return UnixUsers.nameOrUid(uid);
    }

    /**
     * @param maxTime    the MaxTime of a partition by name (NO_VAL for one not configured)
     * @param dependency its dependency now: what scontrol and squeue show of it, and a pending job's reason
     */
    static JobInfo of(Job j, String node, java.util.function.ToLongFunction<String> maxTime, JobDependency.Status dependency) {
        JobDescriptor d = j.desc;
        long ntasks = set(d.numTasks()) ? d.numTasks() : NoVal.NO_VAL;
        int cpt = d.cpusPerTask() > 0 && d.cpusPerTask() != NoVal.NO_VAL16 ? d.cpusPerTask() : NoVal.NO_VAL16;
        long cpus = NodeFit.cpusAsked(d);
        boolean started = j.startTime > 0;
        List<String> argv = d.argv() == null ? List.of() : d.argv();
        boolean batch = "sbatch".equals(j.command);
        String command = argv.isEmpty() ? "" : batch && d.workDir() != null
                ? Path.of(d.workDir()).resolve(argv.get(0)).toString() : String.join(" ", argv);
        long timeLimit = d.timeLimit() == NoVal.NO_VAL && d.partition() != null ? maxTime.applyAsLong(d.partition()) : d.timeLimit();
        String reason = !j.reason.isEmpty() || j.state != JobState.PENDING ? j.reason
                : dependency.state() == JobDependency.State.FAILED ? "DependencyNeverSatisfied"
                : dependency.state() == JobDependency.State.UNFULFILLED ? "Dependency" : "";
        return new JobInfo(j.id, j.name, j.uid, j.gid, d.partition(), j.state, reason, Math.max(j.exitCode, 0), j.restarts,
                timeLimit, j.submitTime, j.startTime, j.endTime, ntasks, cpt, cpus, started ? node : "",
                d.minMemPerNode().orElse(NoVal.NO_VAL64), d.minMemPerCpu().orElse(NoVal.NO_VAL64), d.workDir(), d.stdOut(),
                d.stdErr(), command, batch, d.account(), d.qos(), d.comment(), j.state.finished() ? null : dependency.shown(),
                d.isSet(io.plugstack.api.jobsubmit.JobDescField.MAX_NODES) ? d.maxNodes() : 0, d.beginTime(), JobRequest.of(d, user(j.uid)));
    }

    private static boolean set(long v) {
        return v != NoVal.NO_VAL && v != 0;
    }
}
