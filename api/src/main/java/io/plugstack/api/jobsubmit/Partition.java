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
 * @param defMemPerCpu   DefMemPerCPU, 0 when unset (DefMemPerNode, when set, wins as in slurm.conf)
 * @param defMemPerNode  DefMemPerNode, 0 when unset
 * @param priorityJobFactor PriorityJobFactor (1 by default)
 * @param qos            QOS= (the partition's QOS), null when unset
 * @param maxCpusPerNode MaxCPUsPerNode (INFINITE when unlimited)
 */
public record Partition(String name, PartitionState state, boolean isDefault, int priorityTier, boolean rootOnly,
        Optional<Set<Long>> allowedUids, List<String> allowAccounts, List<String> denyAccounts, List<String> allowQos,
        long maxMemPerCpu, long maxMemPerNode, long maxTime, long defaultTime, long maxNodes, long minNodes,
        long totalNodes, long totalCpus, String nodes, long defMemPerCpu, long defMemPerNode, int priorityJobFactor,
        String qos, long maxCpusPerNode) {

    /**
     * A partition; the lists and the uid set are copied. See the record's fields for each parameter.
     *
     * @param name              PartitionName
     * @param state             State
     * @param isDefault         Default=YES
     * @param priorityTier      PriorityTier
     * @param rootOnly          RootOnly=YES
     * @param allowedUids       the uids AllowGroups resolves to; empty for ALL
     * @param allowAccounts     AllowAccounts
     * @param denyAccounts      DenyAccounts
     * @param allowQos          AllowQos
     * @param maxMemPerCpu      MaxMemPerCPU
     * @param maxMemPerNode     MaxMemPerNode
     * @param maxTime           MaxTime
     * @param defaultTime       DefaultTime
     * @param maxNodes          MaxNodes
     * @param minNodes          MinNodes
     * @param totalNodes        nodes in the partition
     * @param totalCpus         CPUs in the partition
     * @param nodes             Nodes=
     * @param defMemPerCpu      DefMemPerCPU
     * @param defMemPerNode     DefMemPerNode
     * @param priorityJobFactor PriorityJobFactor
     * @param qos               QOS=
     * @param maxCpusPerNode    MaxCPUsPerNode
     */
    public Partition {
        allowAccounts = List.copyOf(allowAccounts);
        denyAccounts = List.copyOf(denyAccounts);
        allowQos = List.copyOf(allowQos);
        allowedUids = allowedUids.map(Set::copyOf);
    }

    /**
     * Whether {@code uid} may use it by AllowGroups and RootOnly (root always may).
     *
     * @param uid the submitting user
     * @return true when the partition admits the user
     */
    public boolean allowsUser(long uid) {
        if (rootOnly && uid != 0) {
            return false;
        }
        return uid == 0 || allowedUids.map(s -> s.contains(uid)).orElse(true);
    }

    /**
     * A partition named {@code name}; every other field as slurm.conf leaves it when the line says nothing.
     *
     * @param name PartitionName
     * @return a builder starting from slurm.conf's defaults
     */
    public static Builder named(String name) {
        return new Builder(name);
    }

    /**
     * Names each field (the record has 23), starting from slurm.conf's defaults: UP, not the default
     * partition, PriorityTier and PriorityJobFactor 1, everyone allowed, no memory limits or defaults,
     * MaxTime UNLIMITED, no DefaultTime, MaxNodes UNLIMITED, MinNodes 0, one node of one CPU, no QOS,
     * MaxCPUsPerNode UNLIMITED.
     */
    public static final class Builder {
        private final String name;
        private PartitionState state = PartitionState.UP;
        private boolean isDefault;
        private int priorityTier = 1;
        private boolean rootOnly;
        private Optional<Set<Long>> allowedUids = Optional.empty();
        private List<String> allowAccounts = List.of();
        private List<String> denyAccounts = List.of();
        private List<String> allowQos = List.of();
        private long maxMemPerCpu;
        private long maxMemPerNode;
        private long maxTime = io.plugstack.api.slurm.NoVal.INFINITE;
        private long defaultTime = io.plugstack.api.slurm.NoVal.NO_VAL;
        private long maxNodes = io.plugstack.api.slurm.NoVal.INFINITE;
        private long maxCpusPerNode = io.plugstack.api.slurm.NoVal.INFINITE;
        private long minNodes;
        private long totalNodes = 1;
        private long totalCpus = 1;
        private String nodes = "";
        private long defMemPerCpu;
        private long defMemPerNode;
        private int priorityJobFactor = 1;
        private String qos;

        private Builder(String name) {
            this.name = name;
        }

        /**
         * State=.
         *
         * @param s the state
         * @return this builder
         */
        public Builder state(PartitionState s) {
            this.state = s;
            return this;
        }

        /**
         * Default=.
         *
         * @param d whether it is the default partition
         * @return this builder
         */
        public Builder isDefault(boolean d) {
            this.isDefault = d;
            return this;
        }

        /**
         * PriorityTier=.
         *
         * @param tier the tier
         * @return this builder
         */
        public Builder priorityTier(int tier) {
            this.priorityTier = tier;
            return this;
        }

        /**
         * RootOnly=.
         *
         * @param only whether only uid 0 may submit
         * @return this builder
         */
        public Builder rootOnly(boolean only) {
            this.rootOnly = only;
            return this;
        }

        /**
         * AllowGroups as the uids it admits.
         *
         * @param uids the uids; empty for ALL
         * @return this builder
         */
        public Builder allowedUids(Optional<Set<Long>> uids) {
            this.allowedUids = uids;
            return this;
        }

        /**
         * AllowAccounts= and DenyAccounts=.
         *
         * @param allow the accounts allowed (empty: all)
         * @param deny  the accounts denied
         * @return this builder
         */
        public Builder accounts(List<String> allow, List<String> deny) {
            this.allowAccounts = allow;
            this.denyAccounts = deny;
            return this;
        }

        /**
         * AllowQos=.
         *
         * @param qos the QOS names allowed (empty: all)
         * @return this builder
         */
        public Builder allowQos(List<String> qos) {
            this.allowQos = qos;
            return this;
        }

        /**
         * MaxMemPerCPU and MaxMemPerNode.
         *
         * @param perCpu  MaxMemPerCPU in MB (0: no limit)
         * @param perNode MaxMemPerNode in MB (0: no limit)
         * @return this builder
         */
        public Builder memoryLimits(long perCpu, long perNode) {
            this.maxMemPerCpu = perCpu;
            this.maxMemPerNode = perNode;
            return this;
        }

        /**
         * MaxTime and DefaultTime.
         *
         * @param max  MaxTime in minutes (INFINITE for UNLIMITED)
         * @param dflt DefaultTime in minutes (NO_VAL for none)
         * @return this builder
         */
        public Builder times(long max, long dflt) {
            this.maxTime = max;
            this.defaultTime = dflt;
            return this;
        }

        /**
         * MaxNodes and MinNodes of a job.
         *
         * @param max MaxNodes (INFINITE for UNLIMITED)
         * @param min MinNodes
         * @return this builder
         */
        public Builder jobNodes(long max, long min) {
            this.maxNodes = max;
            this.minNodes = min;
            return this;
        }

        /**
         * Its nodes.
         *
         * @param count    how many nodes
         * @param cpus     their CPUs in all
         * @param hostlist the Nodes= expression
         * @return this builder
         */
        public Builder nodes(long count, long cpus, String hostlist) {
            this.totalNodes = count;
            this.totalCpus = cpus;
            this.nodes = hostlist;
            return this;
        }

        /**
         * DefMemPerCPU and DefMemPerNode.
         *
         * @param perCpu  DefMemPerCPU in MB (0: none)
         * @param perNode DefMemPerNode in MB (0: none)
         * @return this builder
         */
        public Builder defaultMemory(long perCpu, long perNode) {
            this.defMemPerCpu = perCpu;
            this.defMemPerNode = perNode;
            return this;
        }

        /**
         * PriorityJobFactor=.
         *
         * @param factor the factor
         * @return this builder
         */
        public Builder priorityJobFactor(int factor) {
            this.priorityJobFactor = factor;
            return this;
        }

        /**
         * The partition's QOS (QOS=).
         *
         * @param partitionQos the QOS name, null for none
         * @return this builder
         */
        public Builder qos(String partitionQos) {
            this.qos = partitionQos;
            return this;
        }

        /**
         * MaxCPUsPerNode=.
         *
         * @param max the CPUs a job may use on each node of the partition, INFINITE for no limit
         * @return this builder
         */
        public Builder maxCpusPerNode(long max) {
            this.maxCpusPerNode = max;
            return this;
        }

        /** {@return the partition} */
        public Partition build() {
            return new Partition(name, state, isDefault, priorityTier, rootOnly, allowedUids, allowAccounts, denyAccounts,
                    allowQos, maxMemPerCpu, maxMemPerNode, maxTime, defaultTime, maxNodes, minNodes, totalNodes, totalCpus,
                    nodes, defMemPerCpu, defMemPerNode, priorityJobFactor, qos, maxCpusPerNode);
        }
    }
}
