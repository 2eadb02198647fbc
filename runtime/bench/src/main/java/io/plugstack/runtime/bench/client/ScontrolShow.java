package io.plugstack.runtime.bench.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.Reservation;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.runtime.bench.options.SlurmTime;
import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.JobInfo;
import io.plugstack.runtime.bench.controller.JobRequest;
import io.plugstack.runtime.bench.controller.JobState;
import io.plugstack.runtime.bench.controller.NodeInfo;
import io.plugstack.runtime.bench.controller.ReservationDefinition;
import io.plugstack.runtime.bench.controller.SlurmConfig;

/**
 * scontrol show job|partition|node|config|reservation in Slurm's key=value layout (slurm_sprint_job_info,
 * slurm_sprint_partition_info, slurm_sprint_node_table, slurm_sprint_reservation_info, scontrol's _print_config): the keys the
 * bench knows, in Slurm's order and lines, with Slurm's words for values ((null), UNLIMITED, Unknown).
 */
final class ScontrolShow {
    private ScontrolShow() {
    }

    /**
     * One job's record as 22.05's slurm_sprint_job_info lays it out: "JobId=7 JobName=job.sh", then indented
     * lines. What the bench does not model is left out (TRES, AllocNode:Sid), never made up; MCS_label, Reboot,
     * Deadline, Socks/Node, CoreSpec, DelayBoot and Power print the values Slurm prints without those features.
     */
    static String job(JobInfo j, long now, String unavailable) {
        JobRequest a = j.asked();
        boolean held = a.priority() == 0;
        long eligible = held ? 0 : Math.max(j.submitTime(), j.beginTime());
        List<String> l = new ArrayList<>();
        l.add("JobId=" + j.id() + " JobName=" + j.name());
        l.add("UserId=" + j.userName() + "(" + j.uid() + ") GroupId=" + j.groupName() + "(" + j.gid() + ") MCS_label=N/A");
        l.add("Priority=" + (a.priority() == NoVal.NO_VAL ? 0 : a.priority()) + " Nice=" + a.nice() + " Account="
                + FieldFormat.orNull(j.account()) + " QOS=" + FieldFormat.orNull(j.qos()));
        l.add("JobState=" + j.state() + " Reason=" + new Squeue.Row(j, now, unavailable).reason() + " Dependency="
                + FieldFormat.orNull(j.dependency()));
        l.add("Requeue=" + a.requeue() + " Restarts=" + j.restarts() + " BatchFlag=" + (j.batch() ? 1 : 0) + " Reboot=0 ExitCode="
                + j.exitCode() + ":0");
        l.add("RunTime=" + SlurmTime.secsToTimeStr(j.runSeconds(now)) + " TimeLimit=" + timeLimit(j.timeLimit()) + " TimeMin="
                + (a.timeMin() == 0 ? "N/A" : SlurmTime.minsToTimeStr(a.timeMin())));
        l.add("SubmitTime=" + FieldFormat.date(j.submitTime(), "Unknown") + " EligibleTime=" + FieldFormat.date(eligible, "Unknown"));
        l.add("AccrueTime=" + FieldFormat.date(eligible > now ? 0 : eligible, "Unknown"));
        l.add("StartTime=" + FieldFormat.date(j.state() == JobState.PENDING ? 0 : j.startTime(), "Unknown") + " EndTime="
                + FieldFormat.date(endTime(j), "Unknown") + " Deadline=N/A");
        l.add("Partition=" + FieldFormat.orNull(j.partition()));
        l.add("ReqNodeList=" + FieldFormat.orNull(a.reqNodes()) + " ExcNodeList=" + FieldFormat.orNull(a.excNodes()));
        l.add("NodeList=" + j.nodeList());
        if (j.batch() && !j.nodeList().isEmpty()) {
            l.add("BatchHost=" + j.nodeList());
        }
        l.add("NumNodes=" + numNodes(j) + " NumCPUs=" + j.cpus() + " NumTasks=" + j.tasks() + " CPUs/Task="
                + (j.cpusPerTask() == NoVal.NO_VAL16 ? 1 : j.cpusPerTask()) + " ReqB:S:C:T=0:0:*:*");
        l.add("Socks/Node=* NtasksPerN:B:S:C=" + a.ntasksPerNode() + ":0:*:* CoreSpec=*");
        l.add("MinCPUsNode=" + a.minCpusNode() + " " + (j.memPerCpu() != NoVal.NO_VAL64 ? "MinMemoryCPU=" + FieldFormat.megabytes(j.memPerCpu())
                : "MinMemoryNode=" + (j.memPerNode() == NoVal.NO_VAL64 ? "0" : FieldFormat.megabytes(j.memPerNode())))
                + " MinTmpDiskNode=" + FieldFormat.megabytes(a.minTmpDisk()));
        l.add("Features=" + FieldFormat.orNull(a.features()) + " DelayBoot=00:00:00");
        if (a.reservation() != null) {
            l.add("Reservation=" + a.reservation());
        }
        l.add("OverSubscribe=" + a.overSubscribe() + " Contiguous=" + (a.contiguous() ? 1 : 0) + " Licenses="
                + FieldFormat.orNull(a.licenses()) + " Network=" + FieldFormat.orNull(a.network()));
        l.add("Command=" + FieldFormat.orNull(j.command()));
        l.add("WorkDir=" + FieldFormat.orNull(j.workDir()));
        if (a.adminComment() != null) {
            l.add("AdminComment=" + a.adminComment() + " ");
        }
        if (j.comment() != null) {
            l.add("Comment=" + j.comment() + " ");
        }
        if (j.batch()) {
            l.add("StdErr=" + output(j, j.stdErr() != null ? j.stdErr() : j.stdOut()));
            l.add("StdIn=" + (a.stdIn() == null ? "/dev/null" : a.stdIn()));
            l.add("StdOut=" + output(j, j.stdOut()));
        }
        l.add("Power=");
        l.addAll(a.tres());
        if (a.mailType() != 0 && a.mailUser() != null) {
            l.add("MailUser=" + a.mailUser() + " MailType=" + io.plugstack.api.slurm.MailType.print(a.mailType()));
        }
        return record(l);
    }

    /** A running job ends at its start plus its limit; a finished one when it did. */
    private static long endTime(JobInfo j) {
        if (j.state().finished()) {
            return j.endTime();
        }
        boolean limited = j.timeLimit() != NoVal.INFINITE && j.timeLimit() != NoVal.NO_VAL;
        return j.state() == JobState.RUNNING && limited ? j.startTime() + j.timeLimit() * 60 : 0;
    }

    /** sbatch's output file as slurmd opens it: slurm-%j.out by default, relative to the job's directory. */
    private static String output(JobInfo j, String pattern) {
        String name = j.outputFile(pattern == null ? "slurm-%j.out" : pattern, j.nodeList());
        return j.workDir() == null ? name : java.nio.file.Path.of(j.workDir()).resolve(name).toString();
    }

    static String timeLimit(long minutes) {
        return minutes == NoVal.NO_VAL ? "NONE" : SlurmTime.minsToTimeStr(minutes);
    }

    static String partition(Partition p, int nodeCpus) {
        List<String> l = new ArrayList<>();
        l.add("PartitionName=" + p.name());
        l.add((p.allowedUids().isEmpty() ? "AllowGroups=ALL " : "") + (p.denyAccounts().isEmpty()
                ? "AllowAccounts=" + all(p.allowAccounts()) : "DenyAccounts=" + String.join(",", p.denyAccounts()))
                + " AllowQos=" + all(p.allowQos()));
        l.add("Default=" + yes(p.isDefault()) + " QoS=" + (p.qos() == null ? "N/A" : p.qos()));
        l.add("DefaultTime=" + timeLimit(p.defaultTime()));
        l.add("MaxNodes=" + (p.maxNodes() == NoVal.INFINITE ? "UNLIMITED" : p.maxNodes()) + " MaxTime=" + timeLimit(p.maxTime())
                + " MinNodes=" + p.minNodes());
        l.add("Nodes=" + p.nodes());
        l.add("PriorityJobFactor=" + p.priorityJobFactor() + " PriorityTier=" + p.priorityTier() + " RootOnly=" + yes(p.rootOnly()));
        l.add("State=" + p.state() + " TotalCPUs=" + nodeCpus + " TotalNodes=1");
        l.add(memory("Def", p.defMemPerCpu(), p.defMemPerNode()) + " " + memory("Max", p.maxMemPerCpu(), p.maxMemPerNode()));
        return record(l);
    }

    /** job_info.c: a pending job shows its node range (-N 1 is "1-1"), a started one the count it has. */
    private static String numNodes(JobInfo j) {
        long min = 1; // the bench's one node
        if (j.state() != JobState.PENDING || j.maxNodes() <= 0) {
            return String.valueOf(min);
        }
        return Math.min(min, j.maxNodes()) + "-" + j.maxNodes();
    }

    /** DefMemPerCPU=N or DefMemPerNode=N|UNLIMITED (Max... alike): the node value wins when both are set. */
    private static String memory(String kind, long perCpu, long perNode) {
        return perNode == 0 && perCpu > 0 ? kind + "MemPerCPU=" + perCpu
                : kind + "MemPerNode=" + (perNode > 0 ? String.valueOf(perNode) : "UNLIMITED");
    }

    static String node(NodeInfo n, List<Partition> partitions) {
        List<String> l = new ArrayList<>();
        l.add("NodeName=" + n.name());
        l.add("CPUAlloc=" + n.allocCpus() + " CPUTot=" + n.cpus());
        l.add("State=" + n.state());
        l.add("Partitions=" + String.join(",", partitions.stream().map(Partition::name).toList()));
        l.add("SlurmdStartTime=" + FieldFormat.date(n.slurmdStart(), "None"));
        if (n.drained()) {
            l.add("Reason=" + n.reason() + " [" + Usage.runtimeUser() + "@"
                    + FieldFormat.date(n.drainTime(), "Unknown") + "]");
        }
        return record(l);
    }

    /**
     * One reservation as slurm_sprint_reservation_info prints it (23.11 on: no Watts): the time line,
     * the nodes line, TRES, the access line and MaxStartDelay. State is ACTIVE between its start and end.
     */
    static String reservation(Reservation r, long now) {
        List<String> l = new ArrayList<>();
        l.add("ReservationName=" + r.name() + " StartTime=" + FieldFormat.date(r.startTime(), "Unknown") + " EndTime="
                + FieldFormat.date(r.endTime(), "Unknown") + " Duration=" + SlurmTime.secsToTimeStr(r.endTime() - r.startTime()));
        l.add("Nodes=" + FieldFormat.orNull(r.nodeList()) + " NodeCnt=" + r.nodeCnt() + " CoreCnt=" + r.coreCnt() + " Features="
                + FieldFormat.orNull(r.features()) + " PartitionName=" + FieldFormat.orNull(r.partition()) + " Flags="
                + ReservationDefinition.flagsString(r.flags()));
        l.add("TRES=cpu=" + r.coreCnt());
        l.add("Users=" + FieldFormat.orNull(String.join(",", r.users())) + " Groups=(null) Accounts="
                + FieldFormat.orNull(String.join(",", r.accounts())) + " Licenses=" + FieldFormat.orNull(r.licenses()) + " State="
                + (r.activeAt(now) ? "ACTIVE" : "INACTIVE") + " BurstBuffer=(null)");
        l.add("MaxStartDelay=(null)");
        return record(l);
    }

    /** "Configuration data as of ..." and the keys the bench knows, sorted as scontrol sorts them. */
    static String config(Controller c, String release) {
        SlurmConfig s = c.config();
        Map<String, String> keys = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        keys.put("ClusterName", s.clusterName());
        keys.put("CliFilterPlugins", FieldFormat.orNull(s.cliFilterPlugins()));
        keys.put("JobSubmitPlugins", FieldFormat.orNull(s.jobSubmitPlugins()));
        keys.put("MinJobAge", s.minJobAge() + " sec");
        keys.put("SLURM_VERSION", release);
        StringBuilder sb = new StringBuilder("Configuration data as of " + FieldFormat.date(System.currentTimeMillis() / 1000, "") + "\n");
        keys.forEach((k, v) -> sb.append(String.format("%-23s = %s%n", k, v)));
        return sb.toString();
    }

    private static String record(List<String> lines) {
        return lines.get(0) + "\n" + String.join("\n", lines.subList(1, lines.size()).stream().map(x -> "   " + x).toList()) + "\n";
    }

    private static String all(List<String> l) {
        return l.isEmpty() ? "ALL" : String.join(",", l);
    }

    private static String yes(boolean b) {
        return b ? "YES" : "NO";
    }
}
