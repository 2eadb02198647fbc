package io.plugstack.runtime.bench.controller;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;

import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.user.UnixUsers;
import io.plugstack.api.jobsubmit.PartitionState;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.runtime.bench.options.SlurmTime;

/**
 * One partition, from a ConfigAdmin factory configuration "plugstack.partition" whose keys are
 * slurm.conf's (PartitionName, State, Default, PriorityTier, RootOnly, AllowGroups, AllowAccounts,
 * DenyAccounts, AllowQos, MaxMemPerCPU, MaxMemPerNode, MaxTime, DefaultTime, MaxNodes, MinNodes,
 * Nodes) plus Order (its place in the partition list). E.g. deploy/plugstack.partition-batch.cfg.
 */
@Component(service = PartitionDefinition.class, configurationPid = "plugstack.partition",
        configurationPolicy = ConfigurationPolicy.REQUIRE)
public final class PartitionDefinition {

    private final Partition partition;
    private final int order;

    @Activate
    public PartitionDefinition(Map<String, Object> config) {
        this.partition = parse(config);
        this.order = Integer.parseInt(text(config, "Order", "0"));
    }

    public Partition partition() {
        return partition;
    }

    public int order() {
        return order;
    }

    static Partition parse(Map<String, Object> c) {
        String name = text(c, "PartitionName", null);
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("plugstack.partition configuration without PartitionName");
        }
        List<String> groups = list(c, "AllowGroups");
        Optional<java.util.Set<Long>> uids = groups.isEmpty() || groups.contains("ALL") ? Optional.empty()
                : Optional.of(UnixUsers.uidsInGroups(groups));
        return Partition.named(name).state(PartitionState.valueOf(text(c, "State", "UP").toUpperCase()))
                .isDefault(yes(c, "Default")).priorityTier(Integer.parseInt(text(c, "PriorityTier", "1")))
                .rootOnly(yes(c, "RootOnly")).allowedUids(uids)
                .accounts(all(list(c, "AllowAccounts")), list(c, "DenyAccounts")).allowQos(all(list(c, "AllowQos")))
                .memoryLimits(Long.parseLong(text(c, "MaxMemPerCPU", "0")), Long.parseLong(text(c, "MaxMemPerNode", "0")))
                .times(SlurmTime.minutes(text(c, "MaxTime", "UNLIMITED")),
                        c.containsKey("DefaultTime") ? SlurmTime.minutes(text(c, "DefaultTime", "")) : NoVal.NO_VAL)
                .jobNodes(maxNodes(text(c, "MaxNodes", "UNLIMITED")), Long.parseLong(text(c, "MinNodes", "0")))
                .nodes(1, Runtime.getRuntime().availableProcessors(), text(c, "Nodes", "node1")).build();
    }

    private static String text(Map<String, Object> c, String key, String def) {
        Object v = c.get(key);
        return v == null ? def : String.valueOf(v).trim();
    }

    private static boolean yes(Map<String, Object> c, String key) {
        return text(c, key, "NO").equalsIgnoreCase("YES");
    }

    private static List<String> list(Map<String, Object> c, String key) {
        String v = text(c, key, "");
        return v.isEmpty() ? List.of() : Arrays.stream(v.split(",")).map(String::trim).toList();
    }

    /** ALL means no restriction: an empty list. */
    private static List<String> all(List<String> l) {
        return l.contains("ALL") ? List.of() : l;
    }

    private static long maxNodes(String v) {
        return v.equalsIgnoreCase("UNLIMITED") || v.equalsIgnoreCase("INFINITE") ? NoVal.INFINITE : Long.parseLong(v);
    }

    /** The partition a cluster without partition configuration has: debug, Default=YES, unlimited. */
    public static final Partition DEBUG_DEFAULT = parse(Map.of("PartitionName", "debug", "Default", "YES"));
}
