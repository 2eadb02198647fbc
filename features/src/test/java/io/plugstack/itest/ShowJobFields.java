package io.plugstack.itest;

import java.util.List;

/**
 * What `scontrol show job` prints for held jobs of these sbatch options, the same for the bench (JobLaunchIT) and a
 * real Slurm 22.05 (RealSlurmClusterIT): the node range of a pending job, memory as scontrol converts it, and the
 * request fields 22.05's slurm_sprint_job_info prints (a held job's priority is 0).
 */
public final class ShowJobFields {

    private ShowJobFields() {
    }

    /** sbatch options (besides --parsable -H -t 10 -o /dev/null --wrap true) and what the record must contain. */
    public record Case(List<String> options, List<String> shown) {
    }

    public static final List<Case> CASES = List.of(
            new Case(List.of("--mem=1024"), List.of(" NumNodes=1 ", " MinMemoryNode=1G ")),
            new Case(List.of("-N", "1", "--mem-per-cpu=1500"), List.of(" NumNodes=1-1 ", " MinMemoryCPU=1500M ")),
            new Case(List.of("--mem=2048"), List.of(" MinMemoryNode=2G ")),
            new Case(List.of(), List.of(" MCS_label=N/A ", " Priority=0 Nice=0 ", " Requeue=1 ", " Reboot=0 ", " TimeMin=N/A ",
                    " EligibleTime=Unknown ", " AccrueTime=Unknown ", " Deadline=N/A ", " ReqNodeList=(null) ExcNodeList=(null) ",
                    " ReqB:S:C:T=0:0:*:* ", " Socks/Node=* NtasksPerN:B:S:C=0:0:*:* CoreSpec=* ",
                    " MinCPUsNode=1 MinMemoryNode=0 MinTmpDiskNode=0 ", " Features=(null) DelayBoot=00:00:00 ",
                    " OverSubscribe=OK Contiguous=0 Licenses=(null) Network=(null) ", " Command=(null) ", " StdIn=/dev/null ",
                    " Power= ")),
            new Case(List.of("--nice=5", "--oversubscribe", "--contiguous", "--comment=hi"),
                    List.of(" Nice=5 ", " OverSubscribe=YES Contiguous=1 ", " Comment=hi ")),
            new Case(List.of("--tmp=2048", "-i", "/dev/zero"), List.of(" MinTmpDiskNode=2G ", " StdIn=/dev/zero ")),
            new Case(List.of("-c", "2", "--mincpus=3"), List.of(" MinCPUsNode=3 ")),
            new Case(List.of("--mail-type=END,FAIL", "--mail-user=ann"), List.of(" Power= MailUser=ann MailType=END,FAIL ")),
            new Case(List.of("--mail-type=END"), List.of(" MailUser=root MailType=END ")),
            new Case(List.of("--exclusive", "--no-requeue", "--time-min=5"), List.of(" OverSubscribe=NO ", " Requeue=0 ", " TimeMin=00:05:00 ")),
            new Case(List.of("-c", "2", "-e", "/tmp/e.txt"), List.of(" CPUs/Task=2 ", " MinCPUsNode=2 ", " StdErr=/tmp/e.txt ")),
            new Case(List.of("--ntasks-per-node=2"), List.of(" NtasksPerN:B:S:C=2:0:*:* ", " MinCPUsNode=2 ")));

    /** The record on one line, blanks around every field, so " NumNodes=1 " matches that field alone. */
    public static String oneLine(String record) {
        return " " + String.join(" ", record.lines().map(String::strip).toList()) + " ";
    }
}
