package io.plugstack.runtime.bench.controller;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
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
 * DefaultTime, MaxNodes, MinNodes, PriorityJobFactor, Nodes) plus Order (its place in the partition list). E.g. deploy/plugstack.partition-batch.cfg.
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
    public static final class Configured {

        /** Registers a definition as a service; returns what unregisters it. */
        interface Publisher {
            Runnable publish(PartitionDefinition definition);
        }

        private final Publisher publisher;
        private final SlurmLog log;
        private PartitionDefinition published;
        private Runnable unpublish = () -> { };

        @Activate
        public Configured(BundleContext context, Map<String, Object> config) {
            this(config, definition -> register(context, definition), SlurmConfig.LOG);
        }

        Configured(Map<String, ?> config, Publisher publisher, SlurmLog log) {
            this.publisher = publisher;
            this.log = log;
            modified(config);
        }

        /** A changed file: a good definition replaces the partition's, a bad one is reported and kept out. */
        @Modified
        synchronized void modified(Map<String, ?> config) {
            Optional<Defined> next = read(config, Optional.ofNullable(published).map(p -> p.defined), log);
            if (next.isEmpty()) {
                return;
            }
            if (published == null) {
                published = new PartitionDefinition(next.get());
                unpublish = publisher.publish(published);
            } else {
                published.defined = next.get();
            }
        }

        @Deactivate
        synchronized void deactivate() {
            unpublish.run();
        }

        /** The partition currently published, if any (tests). */
        synchronized Optional<PartitionDefinition> published() {
            return Optional.ofNullable(published);
        }

        private static Runnable register(BundleContext context, PartitionDefinition definition) {
            ServiceRegistration<PartitionDefinition> registration =
                    context.registerService(PartitionDefinition.class, definition, null);
            return () -> {
                try {
                    registration.unregister();
                } catch (IllegalStateException alreadyGone) {
                    // the bundle is stopping and the framework took it first
                }
            };
        }
    }

    /**
     * The definition {@code config} gives, or empty after one error line naming its file (or PID), the
     * key and the bad value, and saying what holds instead: {@code lastGood}, or no partition at all.
     */
    static Optional<Defined> read(Map<String, ?> config, Optional<Defined> lastGood, SlurmLog log) {
        try {
            return Optional.of(new Defined(parse(config), value(config, "Order", "0", "a whole number", Integer::parseInt)));
        } catch (BadValue e) {
            String outcome = lastGood.map(d -> "keeping the last good definition of partition " + d.partition().name())
                    .orElse(e.partition.isEmpty() ? "no partition is defined from it"
                            : "partition " + e.partition + " is not defined");
            log.error(SlurmConfig.source(config, PID) + ": " + e.getMessage() + "; " + outcome);
            return Optional.empty();
        }
    }

    static Partition parse(Map<String, ?> c) {
        String name = text(c, "PartitionName", "");
        if (name.isEmpty()) {
            throw new BadValue("", "PartitionName is missing");
        }
        List<String> groups = list(c, "AllowGroups");
        Optional<java.util.Set<Long>> uids = groups.isEmpty() || groups.contains("ALL") ? Optional.empty()
                : Optional.of(UnixUsers.uidsInGroups(groups));
        return Partition.named(name)
                .state(value(c, "State", "UP", "one of " + Arrays.stream(PartitionState.values()).map(Enum::name).collect(java.util.stream.Collectors.joining(", ")),
                        v -> PartitionState.valueOf(v.toUpperCase())))
                .isDefault(yes(c, "Default"))
                .priorityTier(value(c, "PriorityTier", "1", "a whole number", Integer::parseInt))
                .rootOnly(yes(c, "RootOnly")).allowedUids(uids)
                .accounts(all(list(c, "AllowAccounts")), list(c, "DenyAccounts")).allowQos(all(list(c, "AllowQos")))
                .memoryLimits(megabytes(c, "MaxMemPerCPU"), megabytes(c, "MaxMemPerNode"))
                .defaultMemory(megabytes(c, "DefMemPerCPU"), megabytes(c, "DefMemPerNode"))
                .priorityJobFactor(value(c, "PriorityJobFactor", "1", "a whole number", Integer::parseInt))
                .qos(text(c, "QOS", "").isEmpty() ? null : text(c, "QOS", ""))
                .times(minutes(c, "MaxTime", "UNLIMITED"), c.containsKey("DefaultTime") ? minutes(c, "DefaultTime", "") : NoVal.NO_VAL)
                .jobNodes(value(c, "MaxNodes", "UNLIMITED", "a node count or UNLIMITED", PartitionDefinition::maxNodes),
                        value(c, "MinNodes", "0", "a node count", Long::parseLong))
                .nodes(1, Runtime.getRuntime().availableProcessors(), text(c, "Nodes", "node1")).build();
    }

    /** A key whose value the partition cannot take; the message names both. */
    private static final class BadValue extends IllegalArgumentException {
        /** The partition's name as far as it is known ("" when PartitionName itself is at fault). */
        final String partition;

        BadValue(String partition, String message) {
            super(message);
            this.partition = partition;
        }
    }

    /** {@code key}'s value (or {@code def}) through {@code parse}; what parse refuses names key, value and {@code expected}. */
    private static <T> T value(Map<String, ?> c, String key, String def, String expected, Function<String, T> parse) {
        String v = text(c, key, def);
        try {
            return parse.apply(v);
        } catch (RuntimeException e) {
            throw new BadValue(text(c, "PartitionName", ""), key + "=" + v + " is not " + expected);
        }
    }

    private static long megabytes(Map<String, ?> c, String key) {
        return value(c, key, "0", "a size in megabytes", Long::parseLong);
    }

    private static long minutes(Map<String, ?> c, String key, String def) {
        return value(c, key, def, "a time limit (minutes, [days-]hours:minutes[:seconds] or UNLIMITED)", SlurmTime::minutes);
    }

    private static String text(Map<String, ?> c, String key, String def) {
        return SlurmConfig.text(c, key, def);
    }

    private static boolean yes(Map<String, ?> c, String key) {
        return text(c, key, "NO").equalsIgnoreCase("YES");
    }

    private static List<String> list(Map<String, ?> c, String key) {
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
