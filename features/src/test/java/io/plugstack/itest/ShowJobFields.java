package io.plugstack.itest;

import java.util.List;

/**
 * What `scontrol show job` prints for held jobs of these sbatch options, the same for the bench (JobLaunchIT) and a
 * real Slurm 22.05 (RealSlurmClusterIT): the node range of a pending job and memory as scontrol converts it.
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
            new Case(List.of("--mem=2048"), List.of(" MinMemoryNode=2G ")));

    /** The record on one line, blanks around every field, so " NumNodes=1 " matches that field alone. */
    public static String oneLine(String record) {
        return " " + String.join(" ", record.lines().map(String::strip).toList()) + " ";
    }
}
