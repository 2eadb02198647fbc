package io.plugstack.api.jobsubmit;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A partition as slurmctld's part_record gives it to job_submit plugins. Limits use Slurm's
 * sentinels: INFINITE / NO_VAL (io.plugstack.api.slurm.NoVal) where unset; memory in MB.
 *
 * @param name           PartitionName
 * @param state          State
 * @param isDefault      Default=YES
 * @param priorityTier   PriorityTier
 * @param rootOnly       RootOnly=YES: only uid 0 may submit
 * @param allowedUids    the uids AllowGroups resolves to; empty when AllowGroups=ALL (anyone)
 * @param allowAccounts  AllowAccounts (empty = all)
 * @param denyAccounts   DenyAccounts
 * @param allowQos       AllowQos (empty = all)
 * @param maxMemPerCpu   MaxMemPerCPU, 0 when unset
 * @param maxMemPerNode  MaxMemPerNode, 0 when unset
 * @param maxTime        MaxTime in minutes (INFINITE when unlimited)
 * @param defaultTime    DefaultTime in minutes (NO_VAL when unset)
 * @param maxNodes       MaxNodes (INFINITE when unlimited)
 * @param minNodes       MinNodes
 * @param totalNodes     nodes in the partition
 * @param totalCpus      CPUs in the partition
 * @param nodes          Nodes= expression
 */
public record Partition(String name, PartitionState state, boolean isDefault, int priorityTier, boolean rootOnly,
        Optional<Set<Long>> allowedUids, List<String> allowAccounts, List<String> denyAccounts, List<String> allowQos,
        long maxMemPerCpu, long maxMemPerNode, long maxTime, long defaultTime, long maxNodes, long minNodes,
        long totalNodes, long totalCpus, String nodes) {

    public Partition {
        allowAccounts = List.copyOf(allowAccounts);
        denyAccounts = List.copyOf(denyAccounts);
        allowQos = List.copyOf(allowQos);
        allowedUids = allowedUids.map(Set::copyOf);
    }

    /** Whether {@code uid} may use it by AllowGroups and RootOnly (root always may). */
    public boolean allowsUser(long uid) {
        if (rootOnly && uid != 0) {
            return false;
        }
        return uid == 0 || allowedUids.map(s -> s.contains(uid)).orElse(true);
    }
}
