package io.plugstack.runtime.bench.controller;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;

/** slurmctld's partition rules for a job: which partition it runs in, and the time limit the partition gives it. */
final class JobPartitions {

    private final Supplier<List<Partition>> partitions;

    JobPartitions(Supplier<List<Partition>> partitions) {
        this.partitions = partitions;
    }

    /** The partition the job runs in: the first existing of its list, or the default one (Slurm's _get_part_ptr_list). */
    int choose(JobDescriptor d) {
        List<Partition> parts = partitions.get();
        if (d.partition() == null) {
            Optional<Partition> def = parts.stream().filter(Partition::isDefault).findFirst();
            if (def.isEmpty()) {
                return SlurmErrno.ESLURM_DEFAULT_PARTITION_NOT_SET.code();
            }
            d.setPartition(def.get().name());
            defaultTimeLimit(d, def.get());
            return 0;
        }
        for (String name : d.partition().split(",")) {
            Optional<Partition> p = parts.stream().filter(x -> x.name().equals(name.trim())).findFirst();
            if (p.isPresent()) {
                defaultTimeLimit(d, p.get());
                return 0;
            }
        }
        return SlurmErrno.ESLURM_INVALID_PARTITION_NAME.code();
    }

    /**
     * A job without --time gets its partition's DefaultTime at submission (_valid_job_part); without one
     * it keeps none (job_rec.time_limit NO_VAL) until it starts, while squeue and scontrol show the
     * partition's MaxTime ({@link JobInfo}).
     */
    private static void defaultTimeLimit(JobDescriptor d, Partition p) {
        if (d.timeLimit() == NoVal.NO_VAL && p.defaultTime() != NoVal.NO_VAL) {
            d.setTimeLimit(p.defaultTime());
        }
    }

    /** select_nodes: a job starting without a limit takes its partition's DefaultTime, else its MaxTime. */
    void startTimeLimit(JobDescriptor d) {
        if (d.timeLimit() == NoVal.NO_VAL) {
            partitions.get().stream().filter(p -> p.name().equals(d.partition())).findFirst()
                    .ifPresent(p -> d.setTimeLimit(p.defaultTime() != NoVal.NO_VAL ? p.defaultTime() : p.maxTime()));
        }
    }

    /** A partition's MaxTime by name, NO_VAL for one no longer configured (what pack_job shows for a job without a limit). */
    long maxTime(String partition) {
        return partitions.get().stream().filter(p -> p.name().equals(partition)).mapToLong(Partition::maxTime).findFirst()
                .orElse(NoVal.NO_VAL);
    }
}
