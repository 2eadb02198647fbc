package io.plugstack.runtime.host.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.osgi.framework.ServiceReference;
import org.osgi.framework.Version;
import org.osgi.framework.VersionRange;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.host.catalog.PluginNames;
import io.plugstack.runtime.host.catalog.PluginPin;

/**
 * The plugin services present now, every version of every plugin, and the one rule that picks the
 * version that runs: the highest deployed version admitted by the admin's pin and the stack's own
 * pin whose init() succeeds — loading it on first choice. A version that fails to init is passed
 * over for the next lower one, so a broken upgrade leaves the last working version running. A job
 * that carries its versions gets exactly those, unless one was undeployed here since (the admin
 * withdrew it): the job then goes on with the version a new job gets, and the log says so.
 */
final class PluginTable {

    /** The chosen version, or why there is none (empty when nothing of that name is tracked). */
    record Choice(Optional<TrackedPlugin> plugin, String why) {
    }

    /** Newest first: higher Bundle-Version, then the later install. */
    static final Comparator<TrackedPlugin> NEWEST_FIRST = Comparator.comparing(TrackedPlugin::version)
            .thenComparingLong(TrackedPlugin::bundleId).reversed();

    private final ConcurrentMap<ServiceReference<?>, TrackedPlugin> live = new ConcurrentHashMap<>();
    private final AtomicLong generation = new AtomicLong();
    private final Supplier<Map<String, VersionRange>> adminPins;
    private final Consumer<String> log;
    private final Consumer<String> info;
    /** Versions ("bsn@version") that were deployed here and are gone: the admin withdrew them. */
    private final Set<String> withdrawn = ConcurrentHashMap.newKeySet();

    /** The versions the admin withdrew (plugstack:withdraw), by symbolic name: they never run here. */
    private final Supplier<Map<String, Set<Version>>> adminWithdrawn;

    PluginTable(Supplier<Map<String, VersionRange>> adminPins, Consumer<String> log, Consumer<String> info) {
        this(adminPins, Map::of, log, info);
    }

    PluginTable(Supplier<Map<String, VersionRange>> adminPins, Supplier<Map<String, Set<Version>>> adminWithdrawn, Consumer<String> log,
            Consumer<String> info) {
        this.adminWithdrawn = adminWithdrawn;
        this.adminPins = adminPins;
        this.log = log;
        this.info = info;
    }

    void add(TrackedPlugin t) {
        live.put(t.reference(), t);
        withdrawn.remove(key(t.symbolicName(), t.version()));
        changed();
    }

    void remove(TrackedPlugin t) {
        live.remove(t.reference());
        if (live.values().stream().noneMatch(o -> o.symbolicName().equals(t.symbolicName()) && o.version().equals(t.version()))) {
            withdrawn.add(key(t.symbolicName(), t.version()));
        }
        changed();
    }

    private static String key(String symbolicName, Version version) {
        return symbolicName + "@" + version;
    }

    /** Bumped whenever what {@link #choose} answers may change (services come and go, pins move). */
    void changed() {
        generation.incrementAndGet();
    }

    long generation() {
        return generation.get();
    }

    List<TrackedPlugin> all() {
        return new ArrayList<>(live.values());
    }

    List<TrackedPlugin> of(PluginFamily family) {
        return live.values().stream().filter(t -> t.objectClasses().contains(family.serviceInterface())).toList();
    }

    /** Every tracked version of {@code symbolicName}, newest first. */
    List<TrackedPlugin> versionsOf(String symbolicName) {
        return live.values().stream().filter(t -> t.symbolicName().equals(symbolicName)).sorted(NEWEST_FIRST).toList();
    }

    static Optional<PluginFamily> familyOf(TrackedPlugin t) {
        return t.objectClasses().stream().map(PluginFamily::ofServiceInterface).flatMap(Optional::stream).findFirst();
    }

    /**
     * The version of the plugin {@code pin} names that runs for a new stack (see class comment).
     * It reads the admin's pins once, so a switch is atomic for it: it sees the old pin or the new
     * one, never one for one version and the other for the next; and if the pins or the plugins
     * changed while it chose and it found nothing, it chooses again on the new state.
     */
    Choice choose(PluginFamily family, PluginPin pin, Map<String, String> jobVersions) {
        for (int attempt = 0;; attempt++) {
            long before = generation.get();
            Choice c = chooseOnce(family, pin, adminPins.get(), jobVersions);
            if (c.plugin().isPresent() || generation.get() == before || attempt == 2) {
                return c;
            }
        }
    }

    private Choice chooseOnce(PluginFamily family, PluginPin pin, Map<String, VersionRange> pins, Map<String, String> jobVersions) {
        List<TrackedPlugin> named = of(family).stream()
                .filter(t -> PluginNames.names(family, pin.reference(), t.symbolicName(), t.pluginType(), t.pluginName()))
                .toList();
        if (named.isEmpty()) {
            return new Choice(Optional.empty(), "");
        }
        // several bundles may claim one name: the first installed owns it, as before versions existed
        String owner = named.stream().min(Comparator.comparingLong(TrackedPlugin::bundleId)).get().symbolicName();
        Set<Version> out = adminWithdrawn.get().getOrDefault(owner, Set.of());
        List<TrackedPlugin> versions = named.stream().filter(t -> t.symbolicName().equals(owner) && !out.contains(t.version()))
                .sorted(NEWEST_FIRST).toList();
        String jobVersion = jobVersions.get(owner);
        Optional<TrackedPlugin> carried = jobVersion == null ? Optional.empty() : deployed(versions, jobVersion);
        if (carried.isPresent()) {
            return jobsVersion(owner, carried.get());
        }
        Choice c = newestAdmitted(owner, versions, pin, pins);
        if (jobVersion != null) {
            // never a failed step nor a drained node for a version this node lacks: the job carries what a user can write
            String runs = c.plugin().map(t -> t.version().toString()).orElse("none");
            info.accept("plugin " + owner + ": the job's version " + jobVersion.replaceAll("\\p{Cntrl}", "?").substring(0, Math.min(jobVersion.length(), 64))
                    + (withdrawnByAdmin(out, jobVersion) ? " was withdrawn here (plugstack:withdraw); it runs " + runs + ", this node's own choice"
                            : withdrawnHere(owner, versions, jobVersion) ? " was undeployed here while the job ran; it goes on with " + runs
                            + ", the version new jobs get" : " is not deployed here; it runs " + runs + ", this node's own choice"));
        }
        return c;
    }

    private static boolean withdrawnByAdmin(Set<Version> out, String jobVersion) {
        try {
            return out.contains(Version.parseVersion(jobVersion));
        } catch (IllegalArgumentException notAVersion) {
            return false;
        }
    }

    /** The deployed version {@code jobVersion} names, if it names one. */
    private static Optional<TrackedPlugin> deployed(List<TrackedPlugin> versions, String jobVersion) {
        try {
            Version wanted = Version.parseVersion(jobVersion);
            return versions.stream().filter(t -> t.version().equals(wanted)).findFirst();
        } catch (IllegalArgumentException notAVersion) {
            return Optional.empty();
        }
    }

    /** Whether the job's version of {@code owner} was deployed here and is gone (undeployed), as opposed to never deployed here. */
    private boolean withdrawnHere(String owner, List<TrackedPlugin> versions, String jobVersion) {
        try {
            Version v = Version.parseVersion(jobVersion);
            return withdrawn.contains(key(owner, v)) && versions.stream().noneMatch(t -> t.version().equals(v));
        } catch (IllegalArgumentException notAVersion) {
            return false;
        }
    }

    /** The highest version admitted by the admin's pin and the stack's whose init() succeeds. */
    private Choice newestAdmitted(String owner, List<TrackedPlugin> versions, PluginPin pin, Map<String, VersionRange> pins) {
        List<String> passed = new ArrayList<>();
        boolean initFailed = false;
        VersionRange adminPin = pins.get(owner);
        for (TrackedPlugin t : versions) {
            if (adminPin != null && !adminPin.includes(t.version())) {
                passed.add(t.version() + " outside the pin " + PluginPin.format(adminPin));
            } else if (!pin.admits(t.version())) {
                passed.add(t.version() + " outside " + pin);
            } else if (t.load(log)) {
                return new Choice(Optional.of(t), "");
            } else {
                initFailed = true;
                passed.add(t.version() + ": " + t.failure());
            }
        }
        SlurmErrno code = initFailed ? SlurmErrno.ESLURM_PLUGIN_INIT_FAILED : SlurmErrno.ESLURM_PLUGIN_NOTFOUND;
        return new Choice(Optional.empty(), SlurmErrno.strerror(code.code()) + " (no version of " + owner
                + " may run: " + String.join("; ", passed) + ")");
    }

    /**
     * The version a job carries, deployed here: pins and the stack's range decided it where the job was
     * submitted. Failing its init: Slurm's reason, naming that version.
     */
    private Choice jobsVersion(String owner, TrackedPlugin t) {
        if (t.load(log)) {
            return new Choice(Optional.of(t), "");
        }
        return new Choice(Optional.empty(), SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_INIT_FAILED.code()) + " (the job runs "
                + owner + " " + t.version() + ": " + t.failure() + ")");
    }
}
