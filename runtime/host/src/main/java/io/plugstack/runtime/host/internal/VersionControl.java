package io.plugstack.runtime.host.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.osgi.framework.Version;
import org.osgi.framework.VersionRange;

import io.plugstack.runtime.host.catalog.PluginNames;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginVersions.Outcome;

/**
 * The admin's pins and the history of active versions, and the operations that move them
 * (pin, unpin, upgrade, rollback). A change of pin is one volatile write of an immutable map, so
 * new stacks see either the old version or the new one; stacks already built keep theirs. The
 * history holds only switches made while the runtime runs ({@link RuntimePhase}), so that rollback
 * goes to the version that ran before whatever the restarts since.
 */
final class VersionControl {

    private final PluginTable table;
    private final Supplier<List<PluginRecord>> records;
    private final Optional<VersionStateFile> file;
    private final Consumer<String> log;
    private final Consumer<String> info;
    private volatile Map<String, VersionRange> pins = Map.of();
    /** The versions the admin withdrew, by symbolic name: they never run here (plugstack:withdraw). */
    private volatile Map<String, Set<Version>> withdrawn = Map.of();
    private final Map<String, List<String>> history = new HashMap<>();
    /** Pins read from the file, each checked once against what is deployed when its plugin first shows up. */
    private final Map<String, VersionRange> unchecked = new HashMap<>();
    private final RuntimePhase phase;

    VersionControl(Supplier<List<PluginRecord>> records, Optional<VersionStateFile> file, RuntimePhase phase, Consumer<String> log,
            Consumer<String> info) {
        this.records = records;
        this.phase = phase;
        this.file = file;
        this.log = log;
        this.info = info;
        this.table = new PluginTable(() -> pins, () -> withdrawn, log, info);
        file.ifPresent(this::restore);
    }

    PluginTable table() {
        return table;
    }

    Optional<VersionRange> pin(String symbolicName) {
        return Optional.ofNullable(pins.get(symbolicName));
    }

    synchronized List<String> history(String symbolicName) {
        return history.getOrDefault(symbolicName, List.of());
    }

    private void restore(VersionStateFile f) {
        try {
            VersionStateFile.State s = f.read();
            Map<String, VersionRange> restored = new HashMap<>();
            s.pins().forEach((bsn, text) -> {
                try {
                    restored.put(bsn, PluginPin.range(text));
                } catch (IllegalArgumentException e) {
                    log.accept(f.path() + ": pin.%s ignored: %s".formatted(bsn, e.getMessage()));
                }
            });
            pins = Map.copyOf(restored);
            unchecked.putAll(restored);
            history.putAll(s.history());
            Map<String, Set<Version>> out = new HashMap<>();
            s.withdrawn().forEach((bsn, versions) -> versions.forEach(v -> {
                try {
                    out.computeIfAbsent(bsn, k -> new java.util.TreeSet<>()).add(Version.parseVersion(v));
                } catch (IllegalArgumentException e) {
                    log.accept(f.path() + ": withdrawn.%s: '%s' ignored: %s".formatted(bsn, v, e.getMessage()));
                }
            }));
            withdrawn = Map.copyOf(out);
        } catch (IOException | IllegalArgumentException e) {
            log.accept(f.path() + ": cannot read pins and active versions, starting without them: " + e.getMessage());
        }
    }

    /**
     * A version of a plugin registered. At a start that is what was deployed coming back, in install
     * order: the version that runs then is a switch (a jar gone while the runtime was down, an
     * upgrade cut short by a kill) only once all of the plugin's versions are back. Otherwise it is a deploy.
     */
    void arrived(TrackedPlugin t) {
        boolean startUp = phase.cameBack(t.symbolicName(), t.version());
        refresh(t.symbolicName(), !startUp || phase.allBack(t.symbolicName()));
    }

    /** A version of a plugin went: undeployed or stopped while the runtime runs is a switch; the runtime stopping is none. */
    void departed(TrackedPlugin t) {
        if (!phase.stopping()) {
            refresh(t.symbolicName(), true);
        }
    }

    /**
     * Loads the version of {@code bsn} that runs now and, when {@code switched} and it is not the
     * last of the history, records it there: logs and saves the switch.
     */
    private void refresh(String bsn, boolean switched) {
        checkRestoredPins();
        Optional<Version> active = active(bsn).map(TrackedPlugin::version);
        if (active.isEmpty() || !switched) {
            return;
        }
        synchronized (this) {
            List<String> h = history.getOrDefault(bsn, List.of());
            String now = active.get().toString();
            if (h.isEmpty() || !h.get(h.size() - 1).equals(now)) {
                info.accept("plugin " + bsn + ": version " + now + " runs for new launches and submissions"
                        + (h.isEmpty() ? "" : " (was " + h.get(h.size() - 1) + ")"));
                history.put(bsn, VersionStateFile.appended(h, now));
                save();
            }
        }
    }

    /**
     * A pin from the file whose versions are all gone since it was saved is reported, and moved back
     * to the last version that ran here when there is one ({@link VersionStateAtStart}). Checked once,
     * when the plugin's first version is tracked: the boot features' bundles are all installed before
     * any starts, and the deploy folder's jars count before FileInstall (started last) installs them.
     * A pin the admin changed since the start is the admin's newer word and is left alone.
     */
    private void checkRestoredPins() {
        List<String> due;
        synchronized (this) {
            if (unchecked.isEmpty()) {
                return;
            }
            due = table.all().stream().map(TrackedPlugin::symbolicName).distinct().filter(unchecked::containsKey).toList();
        }
        if (due.isEmpty()) {
            return;
        }
        List<PluginRecord> installed = records.get();
        synchronized (this) {
            Map<String, VersionRange> next = new HashMap<>(pins);
            for (String bsn : due) {
                VersionRange restored = unchecked.remove(bsn);
                if (restored == null || !restored.equals(pins.get(bsn))) {
                    continue;
                }
                VersionStateAtStart.check(bsn, restored, history(bsn), VersionStateAtStart.deployed(bsn, installed, phase.deployFolder()),
                        file.map(VersionStateFile::path).orElse(Path.of(VersionStateFile.NAME))).ifPresent(v -> {
                            log.accept(v.line());
                            v.back().ifPresent(back -> next.put(bsn, exactly(back)));
                        });
            }
            if (!next.equals(pins)) {
                pins = Map.copyOf(next);
                table.changed();
                save();
            }
        }
    }

    private synchronized Optional<String> save() {
        if (file.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> p = new HashMap<>();
        pins.forEach((k, v) -> p.put(k, PluginPin.format(v)));
        try {
            Map<String, List<String>> out = new HashMap<>();
            withdrawn.forEach((k, v) -> out.put(k, v.stream().map(Version::toString).toList()));
            file.get().write(new VersionStateFile.State(p, history, out));
            return Optional.empty();
        } catch (IOException e) {
            String why = "cannot save " + file.get().path() + ": " + e;
            log.accept(why);
            return Optional.of(why);
        }
    }

    private Optional<String> setPin(String bsn, Optional<VersionRange> range) {
        Optional<String> saveError;
        synchronized (this) {
            Map<String, VersionRange> next = new HashMap<>(pins);
            range.ifPresentOrElse(r -> next.put(bsn, r), () -> next.remove(bsn));
            pins = Map.copyOf(next);
            table.changed();
            saveError = save();
        }
        refresh(bsn, true);
        return saveError;
    }

    /** The symbolic name {@code plugin} names, or why it names none or several. */
    Resolved resolve(String plugin) {
        Set<String> bsns = new LinkedHashSet<>();
        for (PluginRecord r : records.get()) {
            if (PluginNames.names(plugin, r)) {
                bsns.add(r.symbolicName());
            }
        }
        if (bsns.size() == 1) {
            return new Resolved(bsns.iterator().next(), null);
        }
        return new Resolved(null, bsns.isEmpty() ? "no plugin named '" + plugin + "' (plugstack:plugins lists them)"
                : "'" + plugin + "' names several plugins: " + String.join(", ", bsns) + "; give the symbolic name");
    }

    record Resolved(String symbolicName, String error) {
    }

    /** The version of {@code bsn} that runs now for new stacks. */
    Optional<TrackedPlugin> active(String bsn) {
        return table.versionsOf(bsn).stream().findFirst().flatMap(PluginTable::familyOf)
                .flatMap(f -> table.choose(f, new PluginPin(bsn, Optional.empty()), Map.of()).plugin());
    }

    Outcome pin(String plugin, String text) {
        Resolved r = resolve(plugin);
        if (r.error() != null) {
            return new Outcome(false, r.error());
        }
        VersionRange range;
        try {
            range = PluginPin.range(text);
        } catch (IllegalArgumentException e) {
            return new Outcome(false, e.getMessage());
        }
        Optional<String> saveError = setPin(r.symbolicName(), Optional.of(range));
        return report(r.symbolicName(), "pinned to " + PluginPin.format(range), saveError);
    }

    Outcome unpin(String plugin) {
        Resolved r = resolve(plugin);
        if (r.error() != null) {
            return new Outcome(false, r.error());
        }
        Optional<String> saveError = setPin(r.symbolicName(), Optional.empty());
        return report(r.symbolicName(), "unpinned", saveError);
    }

    /**
     * Withdraws {@code version} of {@code plugin} here ({@code out}), or gives it back: a withdrawn version never runs,
     * not for a new job and not for a job that carries it (that job gets this node's own choice), until given back;
     * it stays deployed, and deploying it again does not bring it back.
     */
    Outcome withdraw(String plugin, String version, boolean out) {
        Resolved r = resolve(plugin);
        if (r.error() != null) {
            return new Outcome(false, r.error());
        }
        Version v;
        try {
            v = Version.parseVersion(version.trim());
        } catch (IllegalArgumentException e) {
            return new Outcome(false, "bad version '" + version + "': " + e.getMessage());
        }
        String bsn = r.symbolicName();
        Optional<String> saveError;
        synchronized (this) {
            Map<String, Set<Version>> next = new HashMap<>(withdrawn);
            Set<Version> vs = new java.util.TreeSet<>(next.getOrDefault(bsn, Set.of()));
            boolean changed = out ? vs.add(v) : vs.remove(v);
            if (!changed) {
                return new Outcome(false, bsn + " " + v + (out ? " is already withdrawn" : " is not withdrawn"));
            }
            if (vs.isEmpty()) {
                next.remove(bsn);
            } else {
                next.put(bsn, Set.copyOf(vs));
            }
            withdrawn = Map.copyOf(next);
            table.changed();
            saveError = save();
        }
        refresh(bsn, true);
        return report(bsn, v + (out ? " withdrawn: it runs for no job here, new or running, until 'plugstack:unwithdraw'"
                : " may run again"), saveError);
    }

    /** Whether {@code version} of {@code bsn} is withdrawn here. */
    boolean withdrawn(String bsn, Version version) {
        return withdrawn.getOrDefault(bsn, Set.of()).contains(version);
    }

    private Outcome report(String bsn, String what, Optional<String> saveError) {
        String runs = active(bsn).map(t -> "version " + t.version() + " runs for new launches and submissions")
                .orElse("no deployed version may run: stacks naming it cannot load it until one is deployed");
        String msg = bsn + " " + what + "; " + runs + saveError.map(e -> "\nWARNING: " + e).orElse("");
        return new Outcome(saveError.isEmpty(), msg);
    }

    Outcome upgrade(String plugin, String version) {
        Resolved r = resolve(plugin);
        if (r.error() != null) {
            return new Outcome(false, r.error());
        }
        String bsn = r.symbolicName();
        Optional<TrackedPlugin> current = active(bsn);
        Optional<TrackedPlugin> target;
        try {
            Version wanted = version == null || version.isBlank() ? null : Version.parseVersion(version.trim());
            target = table.versionsOf(bsn).stream().filter(t -> wanted == null || t.version().equals(wanted)).findFirst();
            if (target.isEmpty()) {
                return new Outcome(false, notRunnable(bsn, wanted, current));
            }
        } catch (IllegalArgumentException e) {
            return new Outcome(false, "bad version '" + version + "': " + e.getMessage());
        }
        return switchTo(bsn, target.get(), current, "upgrade");
    }

    Outcome rollback(String plugin) {
        Resolved r = resolve(plugin);
        if (r.error() != null) {
            return new Outcome(false, r.error());
        }
        String bsn = r.symbolicName();
        Optional<TrackedPlugin> current = active(bsn);
        String now = current.map(t -> t.version().toString()).orElse("");
        List<String> h = new ArrayList<>(history(bsn));
        List<String> skipped = new ArrayList<>();
        for (int i = h.size() - 1; i >= 0; i--) {
            String v = h.get(i);
            if (v.equals(now)) {
                continue;
            }
            Optional<TrackedPlugin> t = table.versionsOf(bsn).stream().filter(x -> x.version().toString().equals(v)).findFirst();
            if (t.isEmpty()) {
                skipped.add(v + " is no longer deployed");
            } else if (!t.get().load(log)) {
                skipped.add(v + ": " + t.get().failure());
            } else {
                Outcome o = switchTo(bsn, t.get(), current, "rollback");
                return skipped.isEmpty() ? o : new Outcome(o.ok(), o.message() + "\n(skipped " + String.join("; ", skipped) + ")");
            }
        }
        return new Outcome(false, "no earlier working version of " + bsn + " to roll back to (history: "
                + (h.isEmpty() ? "none" : String.join(" -> ", h)) + ")" + (skipped.isEmpty() ? "" : "; " + String.join("; ", skipped)));
    }

    /** Loads {@code target} (init) and, only if that worked, pins it exactly. */
    private Outcome switchTo(String bsn, TrackedPlugin target, Optional<TrackedPlugin> current, String what) {
        String stays = current.map(t -> "; " + t.version() + " stays active").orElse("");
        if (current.isPresent() && current.get() == target) {
            Optional<String> saveError = setPin(bsn, Optional.of(exactly(target.version())));
            return report(bsn, target.version() + " is already the running version; pinned to it", saveError);
        }
        if (!target.load(log)) {
            return new Outcome(false, what + " of " + bsn + " to " + target.version() + " refused: " + target.failure() + stays);
        }
        Optional<String> saveError = setPin(bsn, Optional.of(exactly(target.version())));
        String was = current.map(t -> " (was " + t.version() + "; stacks already running keep it, slurmd until"
                + " 'scontrol restart slurmd')").orElse("");
        return report(bsn, what + " to " + target.version() + was + ", pinned to " + target.version(), saveError);
    }

    private String notRunnable(String bsn, Version wanted, Optional<TrackedPlugin> current) {
        String stays = current.map(t -> "; " + t.version() + " stays active").orElse("");
        for (PluginRecord rec : records.get()) {
            if (rec.symbolicName().equals(bsn) && (wanted == null || Version.parseVersion(rec.bundleVersion()).equals(wanted))) {
                return bsn + " " + rec.bundleVersion() + " cannot run: " + rec.status()
                        + (rec.detail().isEmpty() ? "" : ": " + rec.detail()) + stays;
            }
        }
        return "no " + bsn + (wanted == null ? "" : " " + wanted) + " is deployed" + stays;
    }

    static VersionRange exactly(Version v) {
        return new VersionRange(VersionRange.LEFT_CLOSED, v, v, VersionRange.RIGHT_CLOSED);
    }
}
