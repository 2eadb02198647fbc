package io.plugstack.runtime.bench.controller;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;

import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.user.UnixUsers;
import io.plugstack.api.jobsubmit.PartitionState;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.bench.options.SlurmTime;

/**
 * One partition, from a ConfigAdmin factory configuration "plugstack.partition" whose keys are
 * slurm.conf's (PartitionName, State, Default, PriorityTier, RootOnly, AllowGroups, AllowAccounts,
 * DenyAccounts, AllowQos, QOS, MaxMemPerCPU, MaxMemPerNode, DefMemPerCPU, DefMemPerNode, MaxTime,
 * DefaultTime, MaxNodes, MinNodes, MaxCPUsPerNode, PriorityJobFactor, Nodes) plus Order (its place in the partition list). E.g. deploy/plugstack.partition-batch.cfg.
 *
 * <p>A value the partition cannot take (PriorityTier=high) is one error line naming the file, the
 * key and the value. The partition keeps its last good definition and the line says so; a partition
 * that never had a good one is not defined until its file is fixed. That is why the SCR component is
 * {@link Configured}, which publishes a definition as a service only once it has a good one and
 * changes it in place afterwards: a component whose activation throws would vanish, and SCR would
 * report a stack trace naming neither file nor key.
 */
public final class PartitionDefinition {

    static final String PID = "plugstack.partition";

    /** What one good configuration gives: the partition and its place in the list. */
    record Defined(Partition partition, int order) {
    }

    private volatile Defined defined;

    PartitionDefinition(Defined defined) {
        this.defined = defined;
    }

    public Partition partition() {
        return defined.partition();
    }

    public int order() {
        return defined.order();
    }

    /** The component behind one "plugstack.partition" configuration; it publishes the good definitions. */
    @Component(configurationPid = PID, configurationPolicy = ConfigurationPolicy.REQUIRE)
    public static final class Configured extends ConfiguredDefinition<PartitionDefinition, Defined> {

        @Activate
        public Configured(BundleContext context, Map<String, Object> config) {
            this(config, registering(context, PartitionDefinition.class), SlurmConfig.LOG);
        }

        Configured(Map<String, ?> config, Publisher<PartitionDefinition> publisher, SlurmLog log) {
            super(publisher, PID, "partition", log);
            modified(config);
        }

        @Override
        @Modified
        synchronized void modified(Map<String, ?> config) {
            super.modified(config);
        }

        @Override
        @Deactivate
        synchronized void deactivate() {
            super.deactivate();
        }

        @Override
        Defined parse(Map<String, ?> config) {
            return new Defined(PartitionDefinition.parse(config), new Keys(config, "PartitionName").value("Order", "0",
                    "a whole number", Integer::parseInt));
        }

        @Override
        PartitionDefinition create(Defined defined) {
            return new PartitionDefinition(defined);
        }

        @Override
        Defined defined(PartitionDefinition service) {
            return service.defined;
        }

        @Override
        void redefine(PartitionDefinition service, Defined defined) {
            service.defined = defined;
        }

        @Override
        String name(Defined defined) {
            return defined.partition().name();
        }
    }

    static Partition parse(Map<String, ?> c) {
        ConfiguredDefinition.Keys k = new ConfiguredDefinition.Keys(c, "PartitionName");
        String name = k.text("PartitionName", "");
        if (name.isEmpty()) {
            throw new ConfiguredDefinition.BadValue("", "PartitionName is missing");
        }
        List<String> groups = k.list("AllowGroups");
        Optional<java.util.Set<Long>> uids = groups.isEmpty() || groups.contains("ALL") ? Optional.empty()
                : Optional.of(UnixUsers.uidsInGroups(groups));
        return Partition.named(name)
                .state(k.value("State", "UP", "one of " + Arrays.stream(PartitionState.values()).map(Enum::name).collect(java.util.stream.Collectors.joining(", ")),
                        v -> PartitionState.valueOf(v.toUpperCase())))
                .isDefault(k.yes("Default"))
                .priorityTier(k.value("PriorityTier", "1", "a whole number", Integer::parseInt))
                .rootOnly(k.yes("RootOnly")).allowedUids(uids)
                .accounts(all(k.list("AllowAccounts")), k.list("DenyAccounts")).allowQos(all(k.list("AllowQos")))
                .memoryLimits(megabytes(k, "MaxMemPerCPU"), megabytes(k, "MaxMemPerNode"))
                .defaultMemory(megabytes(k, "DefMemPerCPU"), megabytes(k, "DefMemPerNode"))
                .priorityJobFactor(k.value("PriorityJobFactor", "1", "a whole number", Integer::parseInt))
                .qos(k.textOrNull("QOS"))
                .times(minutes(k, "MaxTime", "UNLIMITED"), k.has("DefaultTime") ? minutes(k, "DefaultTime", "") : NoVal.NO_VAL)
                .jobNodes(k.value("MaxNodes", "UNLIMITED", "a node count or UNLIMITED", PartitionDefinition::countOrUnlimited),
                        k.value("MinNodes", "0", "a node count", Long::parseLong))
                .maxCpusPerNode(k.value("MaxCPUsPerNode", "UNLIMITED", "a CPU count or UNLIMITED", PartitionDefinition::countOrUnlimited))
                .nodes(1, Runtime.getRuntime().availableProcessors(), k.text("Nodes", "node1")).build();
    }

    private static long megabytes(ConfiguredDefinition.Keys k, String key) {
        return k.value(key, "0", "a size in megabytes", Long::parseLong);
    }

    static long minutes(ConfiguredDefinition.Keys k, String key, String def) {
        return k.value(key, def, "a time limit (minutes, [days-]hours:minutes[:seconds] or UNLIMITED)", SlurmTime::minutes);
    }

    /** ALL means no restriction: an empty list. */
    private static List<String> all(List<String> l) {
        return l.contains("ALL") ? List.of() : l;
    }

    /** A count or UNLIMITED/INFINITE (MaxNodes, MaxCPUsPerNode). */
    private static long countOrUnlimited(String v) {
        return v.equalsIgnoreCase("UNLIMITED") || v.equalsIgnoreCase("INFINITE") ? NoVal.INFINITE : Long.parseLong(v);
    }

    /**
     * slurmctld keeps one default partition: of several with Default=YES the last in the partition list wins
     * (read_config.c: "changing default partition from X to Y"), the others lose the flag.
     */
    public static List<Partition> oneDefault(List<Partition> ordered) {
        int last = -1;
        for (int i = 0; i < ordered.size(); i++) {
            if (ordered.get(i).isDefault()) {
                last = i;
            }
        }
        List<Partition> out = new java.util.ArrayList<>(ordered.size());
        for (int i = 0; i < ordered.size(); i++) {
            Partition p = ordered.get(i);
            out.add(i == last || !p.isDefault() ? p : new Partition(p.name(), p.state(), false, p.priorityTier(), p.rootOnly(),
                    p.allowedUids(), p.allowAccounts(), p.denyAccounts(), p.allowQos(), p.maxMemPerCpu(), p.maxMemPerNode(), p.maxTime(),
                    p.defaultTime(), p.maxNodes(), p.minNodes(), p.totalNodes(), p.totalCpus(), p.nodes(), p.defMemPerCpu(),
                    p.defMemPerNode(), p.priorityJobFactor(), p.qos(), p.maxCpusPerNode()));
        }
        return List.copyOf(out);
    }

    /** The partition a cluster without partition configuration has: debug, Default=YES, unlimited. */
    public static final Partition DEBUG_DEFAULT = parse(Map.of("PartitionName", "debug", "Default", "YES"));
}
