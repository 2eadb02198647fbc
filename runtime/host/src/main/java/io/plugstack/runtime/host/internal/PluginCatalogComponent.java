package io.plugstack.runtime.host.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.nio.file.Path;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.util.tracker.ServiceTracker;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.plugin.RuntimeHome;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.plugin.PluginHeaders;
import io.plugstack.api.plugin.SlurmPlugin;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.host.catalog.PluginNames;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.host.catalog.PluginVersions;
import io.plugstack.runtime.host.catalog.PluginCallGuard;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginStatus;
import io.plugstack.runtime.spi.refusals.PluginRefusals;
import io.plugstack.runtime.spi.refusals.Refusal;

/**
 * The plugin catalog: tracks every plugin family's services, joins them with the bundles and the
 * resolver's refusals, and picks the version of each plugin that runs ({@link PluginTable}) under
 * the admin's pins ({@link VersionControl}).
 */
@Component(service = {PluginCatalog.class, PluginVersions.class}, immediate = true)
public final class PluginCatalogComponent implements PluginCatalog, PluginVersions {

    /** The host's lines, in the runtime's log as a Slurm daemon's ("plugstack: error: ..."), whatever thread writes them. */
    static final SlurmLog LOG = SlurmLog.lines("plugstack", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0);

    private final PluginRefusals refusals;
    private final BundleContext context;
    private final VersionControl versions;
    private final PluginTable table;
    private final ServiceTracker<Object, TrackedPlugin> tracker;
    private final Map<Long, AtomicInteger> inUse = new ConcurrentHashMap<>();
    private final PluginCallLimits calls;
    private final RuntimePhase phase;
    /** Deployed plugins meant to run that do not: started again, or the reason kept. */
    private final DeployedStarts starts;

    @Activate
    public PluginCatalogComponent(@Reference PluginRefusals refusals, BundleContext context) throws InvalidSyntaxException {
        this.refusals = refusals;
        this.context = context;
        Optional<VersionStateFile> state = context.getProperty(RuntimeHome.PROPERTY) == null ? Optional.empty()
                : Optional.of(new VersionStateFile(RuntimeHome.of(context::getProperty).data().resolve(VersionStateFile.NAME)));
        this.phase = new RuntimePhase(context);
        this.versions = new VersionControl(this::plugins, state, phase, LOG::error, LOG::info);
        this.table = versions.table();
        String filter = "(|" + java.util.Arrays.stream(PluginFamily.values())
                .map(f -> "(objectClass=" + f.serviceInterface() + ")").collect(Collectors.joining()) + ")";
        this.calls = new PluginCallLimits(context::getProperty, this::markFailed, LOG::error);
        this.tracker = new ServiceTracker<>(context, FrameworkUtil.createFilter(filter),
                new PluginLoader(context, versions, LOG::error));
        // all services: a plugin's family interface lives in a package this bundle does not import
        tracker.open(true);
        this.starts = new DeployedStarts(context, DeployedJars.folderOf(context));
    }

    @Deactivate
    void deactivate() {
        phase.close(); // the plugins going now are not undeployed: no version switch, no other version loaded
        starts.close();
        tracker.close();
        calls.close();
    }

    @Override
    public PluginCallGuard calls() {
        return calls;
    }

    /** A plugin ({@code symbolicName@version}) that overran its limit too often: out of use, the next version down runs. */
    private void markFailed(String plugin, String why) {
        table.all().stream().filter(t -> PluginCallGuard.plugin(t.symbolicName(), t.version()).equals(plugin)).forEach(t -> t.markFailed(why));
        table.changed();
        LOG.error("plugin " + plugin + ": " + why);
    }

    @Override
    public List<PluginRecord> plugins() {
        Map<Long, List<TrackedPlugin>> tracked = trackedByBundle();
        List<PluginRecord> out = new ArrayList<>();
        for (Bundle b : context.getBundles()) {
            recordOf(b, tracked.getOrDefault(b.getBundleId(), List.of())).ifPresent(out::add);
        }
        return out;
    }

    @Override
    public Optional<PluginRecord> plugin(long bundleId) {
        Bundle b = context.getBundle(bundleId);
        return b == null ? Optional.empty()
                : recordOf(b, trackedByBundle().getOrDefault(bundleId, List.of()));
    }

    @Override
    public List<ReadyPlugin> ready(PluginFamily family) {
        List<ReadyPlugin> out = new ArrayList<>();
        table.of(family).stream().map(TrackedPlugin::symbolicName).distinct()
                .forEach(bsn -> select(family, new PluginPin(bsn, Optional.empty())).plugin().ifPresent(out::add));
        out.sort(Comparator.comparingLong(r -> r.record().bundleId()));
        return out;
    }

    @Override
    public Selection select(PluginFamily family, PluginPin pin, Map<String, String> jobVersions) {
        PluginTable.Choice c = table.choose(family, pin, jobVersions);
        if (c.plugin().isPresent()) {
            TrackedPlugin t = c.plugin().get();
            return recordOf(t.bundle(), List.of(t)).map(r -> Selection.of(new ReadyPlugin(r, t.plugin())))
                    .orElseGet(() -> Selection.none(SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_NOT_LOADED.code())));
        }
        return Selection.none(c.why().isEmpty() ? whyNot(pin.reference()) : c.why());
    }

    /** Slurm's strerror for a plugin no tracked service answers to, with what the catalog knows. */
    private String whyNot(String reference) {
        Optional<PluginRecord> known = plugins().stream().filter(r -> PluginNames.names(reference, r)).findFirst();
        if (known.isEmpty()) {
            return SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_NOTFOUND.code());
        }
        PluginRecord r = known.get();
        SlurmErrno code = r.status() == PluginStatus.REFUSED ? SlurmErrno.ESLURM_PLUGIN_BAD_VERSION
                : SlurmErrno.ESLURM_PLUGIN_NOT_LOADED;
        return SlurmErrno.strerror(code.code()) + " (" + r.symbolicName() + " " + r.bundleVersion() + " [" + r.bundleId()
                + "] is " + r.status() + (r.detail().isEmpty() ? "" : ": " + r.detail()) + ")";
    }

    @Override
    public Optional<Instance> instance(ReadyPlugin ready) {
        Optional<TrackedPlugin> tracked = table.all().stream().filter(p -> p.plugin() == ready.plugin()).findFirst();
        if (tracked.isEmpty()) {
            return Optional.empty();
        }
        ServiceReference<?> ref = tracked.get().reference();
        Optional<Instance> i = Constants.SCOPE_PROTOTYPE.equals(ref.getProperty(Constants.SERVICE_SCOPE))
                ? PrototypeInstance.open(context, ref, LOG::error)
                : Optional.of(new SharedInstance(ready.plugin()));
        return i.map(x -> counted(tracked.get().bundleId(), x));
    }

    /** Counts the stacks holding a version, for plugstack:versions. */
    private Instance counted(long bundleId, Instance i) {
        AtomicInteger n = inUse.computeIfAbsent(bundleId, k -> new AtomicInteger());
        n.incrementAndGet();
        return new Instance() {
            private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

            @Override
            public SlurmPlugin plugin() {
                return i.plugin();
            }

            @Override
            public void close() {
                if (closed.compareAndSet(false, true)) {
                    n.decrementAndGet();
                    i.close();
                }
            }
        };
    }

    /** A singleton plugin service: every stack shares it; nothing to release. */
    private record SharedInstance(SlurmPlugin plugin) implements Instance {
        @Override
        public void close() {
        }
    }

    @Override
    public long generation() {
        return table.generation();
    }

    @Override
    public String slurmRelease() {
        return refusals.slurmRelease();
    }

    @Override
    public List<VersionRow> versions(String plugin) {
        return VersionRows.of(plugins(), plugin, versions, inUse);
    }

    @Override
    public Outcome pin(String plugin, String pin) {
        return versions.pin(plugin, pin);
    }

    @Override
    public Outcome unpin(String plugin) {
        return versions.unpin(plugin);
    }

    @Override
    public Outcome withdraw(String plugin, String version) {
        return versions.withdraw(plugin, version, true);
    }

    @Override
    public Outcome unwithdraw(String plugin, String version) {
        return versions.withdraw(plugin, version, false);
    }

    @Override
    public Outcome upgrade(String plugin, String version) {
        return versions.upgrade(plugin, version);
    }

    @Override
    public Outcome rollback(String plugin) {
        return versions.rollback(plugin);
    }

    private Map<Long, List<TrackedPlugin>> trackedByBundle() {
        return table.all().stream().collect(Collectors.groupingBy(TrackedPlugin::bundleId));
    }

    private Optional<PluginRecord> recordOf(Bundle b, List<TrackedPlugin> tracked) {
        Dictionary<String, String> h = b.getHeaders("");
        Optional<Refusal> refusal = refusals.refusal(b.getBundleId());
        String type = h.get(PluginHeaders.TYPE);
        String name = h.get(PluginHeaders.NAME);
        String version = h.get(PluginHeaders.VERSION);
        if (type == null && name == null && version == null && refusal.isEmpty() && tracked.isEmpty()) {
            return Optional.empty();
        }
        PluginStatus status;
        String detail = "";
        Optional<String> scope = tracked.stream().map(TrackedPlugin::refusedScope).flatMap(Optional::stream).findFirst();
        if (refusal.isPresent()) {
            status = PluginStatus.REFUSED;
            detail = refusal.get().reason();
        } else if (scope.isPresent()) {
            status = PluginStatus.REFUSED;
            detail = scope.get();
        } else if (b.getState() == Bundle.INSTALLED) {
            status = PluginStatus.UNRESOLVED;
            detail = "not resolved: a required package or capability is missing ('start " + b.getBundleId()
                    + "' shows the framework's reason)";
        } else if (b.getState() != Bundle.ACTIVE) {
            status = PluginStatus.STOPPED;
            detail = starts.failure(b.getBundleId()).orElse("");
        } else if (tracked.isEmpty()) {
            status = PluginStatus.NO_SERVICE;
        } else if (!tracked.stream().allMatch(TrackedPlugin::isPlaced)) {
            status = PluginStatus.STOPPED; // its service is being registered: not settled yet
        } else if (tracked.stream().noneMatch(TrackedPlugin::loaded)) {
            status = PluginStatus.AVAILABLE;
        } else {
            Optional<TrackedPlugin> failed = tracked.stream().filter(p -> p.loaded() && !p.usable()).findFirst();
            status = failed.isEmpty() ? PluginStatus.READY : failed.get().markedFailed() ? PluginStatus.FAILED : PluginStatus.INIT_FAILED;
            detail = failed.map(TrackedPlugin::failure).orElse("");
        }
        return Optional.of(new PluginRecord(b.getBundleId(), b.getSymbolicName(), String.valueOf(b.getVersion()),
                BundleStates.name(b.getState()), b.getLocation(), type, name, version, status, detail,
                tracked.stream().map(TrackedPlugin::describe).toList()));
    }
}
