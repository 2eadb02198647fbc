package io.plugstack.runtime.bench.controller;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;

import io.plugstack.api.jobsubmit.Reservation;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.bench.options.SlurmTime;

/**
 * One advanced reservation, from a ConfigAdmin factory configuration "plugstack.reservation" whose
 * keys are those of {@code scontrol create reservation} (ReservationName, StartTime, EndTime or
 * Duration, Users, Accounts, Nodes, PartitionName, Features, Licenses, Flags), e.g.
 * deploy/plugstack.reservation-maint.cfg. A Slurm site creates reservations with scontrol; the bench
 * reads them as it reads partitions, with the same error line for a bad value ({@link ConfiguredDefinition}).
 *
 * <p>StartTime (default now) and EndTime take scontrol's forms (now, now+1hours, 2026-01-01T08:00);
 * Duration is minutes or [days-]hours:minutes[:seconds]; UNLIMITED lasts a year, as slurmctld makes it.
 * Nodes= sets SPEC_NODES, as slurmctld does for a reservation of named nodes; without Nodes the
 * reservation holds the bench's one node. Flags: the flags whose bits are the same in every supported
 * release (RESERVE_FLAG_* in slurm.h).
 */
public final class ReservationDefinition {

    static final String PID = "plugstack.reservation";

    /** RESERVE_FLAG_* bits by scontrol's name, in reservation_flags_string's order. */
    static final Map<String, Long> FLAGS = flags();

    private volatile Reservation reservation;

    ReservationDefinition(Reservation reservation) {
        this.reservation = reservation;
    }

    public Reservation reservation() {
        return reservation;
    }

    private static Map<String, Long> flags() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("MAINT", 0x1L);
        m.put("OVERLAP", 0x4000L);
        m.put("IGNORE_JOBS", 0x40L);
        m.put("DAILY", 0x4L);
        m.put("WEEKLY", 0x10L);
        m.put("ANY_NODES", 0x100L);
        m.put("SPEC_NODES", 0x8000L);
        return m;
    }

    /** scontrol's Flags= text: the names of the bits set, comma-separated. */
    public static String flagsString(long flags) {
        return FLAGS.entrySet().stream().filter(e -> (flags & e.getValue()) != 0).map(Map.Entry::getKey)
                .collect(Collectors.joining(","));
    }

    /** The component behind one "plugstack.reservation" configuration; it publishes the good definitions. */
    @Component(configurationPid = PID, configurationPolicy = ConfigurationPolicy.REQUIRE)
    public static final class Configured extends ConfiguredDefinition<ReservationDefinition, Reservation> {

        private final String nodeName;
        private final int nodeCpus;
        private final LongSupplier now;

        @Activate
        public Configured(BundleContext context, Map<String, Object> config) {
            this(config, registering(context, ReservationDefinition.class), SlurmConfig.LOG, NodeConfig.name(context),
                    NodeConfig.cpus(context), () -> System.currentTimeMillis() / 1000);
        }

        Configured(Map<String, ?> config, Publisher<ReservationDefinition> publisher, SlurmLog log, String nodeName,
                int nodeCpus, LongSupplier now) {
            super(publisher, PID, "reservation", log);
            this.nodeName = nodeName;
            this.nodeCpus = nodeCpus;
            this.now = now;
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
        Reservation parse(Map<String, ?> config) {
            return ReservationDefinition.parse(config, nodeName, nodeCpus, now.getAsLong());
        }

        @Override
        ReservationDefinition create(Reservation defined) {
            return new ReservationDefinition(defined);
        }

        @Override
        Reservation defined(ReservationDefinition service) {
            return service.reservation;
        }

        @Override
        void redefine(ReservationDefinition service, Reservation defined) {
            service.reservation = defined;
        }

        @Override
        String name(Reservation defined) {
            return defined.name();
        }
    }

    static Reservation parse(Map<String, ?> c, String nodeName, int nodeCpus, long now) {
        ConfiguredDefinition.Keys k = new ConfiguredDefinition.Keys(c, "ReservationName");
        String name = k.text("ReservationName", "");
        if (name.isEmpty()) {
            throw new ConfiguredDefinition.BadValue("", "ReservationName is missing");
        }
        String times = "a time (now, now+N[minutes|hours|days] or YYYY-MM-DD[THH:MM[:SS]])";
        long start = k.value("StartTime", "now", times, v -> SlurmTime.epochSeconds(v, now));
        long duration = k.has("EndTime") ? NoVal.NO_VAL : k.value("Duration", "", "a duration (minutes, [days-]hours:minutes[:seconds] or UNLIMITED)",
                ReservationDefinition::durationMinutes);
        long end = k.has("EndTime") ? k.value("EndTime", "", times, v -> SlurmTime.epochSeconds(v, now))
                : start + (duration == NoVal.INFINITE ? UNLIMITED_SECONDS : duration * 60);
        if (end <= start) {
            throw new ConfiguredDefinition.BadValue(name, "EndTime=" + k.text("EndTime", "") + " is not after StartTime");
        }
        List<String> nodes = k.list("Nodes");
        if (nodes.stream().anyMatch(n -> !n.equals(nodeName) && !n.equalsIgnoreCase("ALL"))) {
            throw new ConfiguredDefinition.BadValue(name, "Nodes=" + k.text("Nodes", "") + " is not the node " + nodeName);
        }
        long flags = k.value("Flags", "", "a list of " + String.join(",", FLAGS.keySet()), ReservationDefinition::flagBits);
        if (!nodes.isEmpty()) {
            flags |= FLAGS.get("SPEC_NODES");
        }
        if (k.list("Users").isEmpty() && k.list("Accounts").isEmpty()) {
            throw new ConfiguredDefinition.BadValue(name, "Users or Accounts must be given");
        }
        return new Reservation(name, start, end, duration, nodeName, 1, nodeCpus, k.textOrNull("Features"),
                k.textOrNull("PartitionName"), flags, k.list("Users"), k.list("Accounts"), k.textOrNull("Licenses"));
    }

    /** How long slurmctld makes a reservation of Duration=UNLIMITED last: a year. */
    static final long UNLIMITED_SECONDS = 365L * 24 * 60 * 60;

    /** Duration: minutes or [days-]hours:minutes[:seconds], or UNLIMITED (INFINITE). */
    private static long durationMinutes(String v) {
        long m = SlurmTime.minutes(v);
        if (m <= 0 || m == NoVal.NO_VAL) {
            throw new IllegalArgumentException(v);
        }
        return m;
    }

    private static long flagBits(String v) {
        long bits = 0;
        for (String f : v.isEmpty() ? new String[0] : v.split(",")) {
            Long b = FLAGS.get(f.trim().toUpperCase());
            if (b == null) {
                throw new IllegalArgumentException(f);
            }
            bits |= b;
        }
        return bits;
    }
}
