package io.plugstack.runtime.host.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

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

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.plugin.PluginHeaders;
import io.plugstack.api.plugin.SlurmPlugin;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginStatus;
import io.plugstack.runtime.spi.PluginRefusals;
import io.plugstack.runtime.spi.Refusal;

/**
 * The plugin catalog: tracks every plugin family's services through one {@link PluginLoader} and
 * joins them with the bundles and the resolver's refusals.
 */
@Component(service = PluginCatalog.class, immediate = true)
public final class PluginCatalogComponent implements PluginCatalog {

    private final PluginRefusals refusals;
    private final BundleContext context;
    private final ServiceTracker<Object, LoadedPlugin> tracker;

    @Activate
    public PluginCatalogComponent(@Reference PluginRefusals refusals, BundleContext context) throws InvalidSyntaxException {
        this.refusals = refusals;
        this.context = context;
        String filter = "(|" + java.util.Arrays.stream(PluginFamily.values())
                .map(f -> "(objectClass=" + f.serviceInterface() + ")").collect(Collectors.joining()) + ")";
        this.tracker = new ServiceTracker<>(context, FrameworkUtil.createFilter(filter),
                new PluginLoader(context, HostLog::error));
        // all services: a plugin's family interface lives in a package this bundle does not import
        tracker.open(true);
    }

    @Deactivate
    void deactivate() {
        tracker.close();
    }

    @Override
    public List<PluginRecord> plugins() {
        Map<Long, List<LoadedPlugin>> loaded = loadedByBundle();
        List<PluginRecord> out = new ArrayList<>();
        for (Bundle b : context.getBundles()) {
            recordOf(b, loaded.getOrDefault(b.getBundleId(), List.of())).ifPresent(out::add);
        }
        return out;
    }

    @Override
    public Optional<PluginRecord> plugin(long bundleId) {
        Bundle b = context.getBundle(bundleId);
        return b == null ? Optional.empty()
                : recordOf(b, loadedByBundle().getOrDefault(bundleId, List.of()));
    }

    @Override
    public List<PluginRecord> byType(String type) {
        return plugins().stream().filter(r -> type.equals(r.type())).toList();
    }

    @Override
    public List<ReadyPlugin> ready(PluginFamily family) {
        List<ReadyPlugin> out = new ArrayList<>();
        Map<Long, List<LoadedPlugin>> loaded = loadedByBundle(); // once: every stack build asks
        for (LoadedPlugin p : tracker.getTracked().values()) {
            Bundle b = p.reference().getBundle();
            if (p.usable() && b != null && p.objectClasses().contains(family.serviceInterface())) {
                recordOf(b, loaded.getOrDefault(b.getBundleId(), List.of()))
                        .ifPresent(r -> out.add(new ReadyPlugin(r, p.plugin())));
            }
        }
        out.sort(Comparator.comparingLong(r -> r.record().bundleId()));
        return out;
    }

    @Override
    public Optional<Instance> instance(ReadyPlugin ready) {
        Optional<LoadedPlugin> loaded = tracker.getTracked().values().stream()
                .filter(p -> p.plugin() == ready.plugin()).findFirst();
        if (loaded.isEmpty()) {
            return Optional.empty();
        }
        ServiceReference<?> ref = loaded.get().reference();
        if (!Constants.SCOPE_PROTOTYPE.equals(ref.getProperty(Constants.SERVICE_SCOPE))) {
            return Optional.of(new SharedInstance(ready.plugin()));
        }
        return PrototypeInstance.open(context, ref, HostLog::error);
    }

    /** A singleton plugin service: every stack shares it; nothing to release. */
    private record SharedInstance(SlurmPlugin plugin) implements Instance {
        @Override
        public void close() {
        }
    }

    @Override
    public long generation() {
        return tracker.getTrackingCount();
    }

    @Override
    public String slurmRelease() {
        return refusals.slurmRelease();
    }

    private Map<Long, List<LoadedPlugin>> loadedByBundle() {
        return tracker.getTracked().values().stream()
                .collect(Collectors.groupingBy(p -> p.reference().getBundle().getBundleId()));
    }

    private Optional<PluginRecord> recordOf(Bundle b, List<LoadedPlugin> loaded) {
        Dictionary<String, String> h = b.getHeaders("");
        Optional<Refusal> refusal = refusals.refusal(b.getBundleId());
        String type = h.get(PluginHeaders.TYPE);
        String name = h.get(PluginHeaders.NAME);
        String version = h.get(PluginHeaders.VERSION);
        if (type == null && name == null && version == null && refusal.isEmpty() && loaded.isEmpty()) {
            return Optional.empty();
        }
        PluginStatus status;
        String detail = "";
        if (refusal.isPresent()) {
            status = PluginStatus.REFUSED;
            detail = refusal.get().reason();
        } else if (b.getState() == Bundle.INSTALLED) {
            status = PluginStatus.UNRESOLVED;
            detail = "not resolved: a required package or capability is missing ('start " + b.getBundleId()
                    + "' shows the framework's reason)";
        } else if (b.getState() != Bundle.ACTIVE) {
            status = PluginStatus.STOPPED;
        } else if (loaded.isEmpty()) {
            status = PluginStatus.NO_SERVICE;
        } else {
            Optional<LoadedPlugin> failed = loaded.stream().filter(p -> !p.usable()).findFirst();
            status = failed.isPresent() ? PluginStatus.INIT_FAILED : PluginStatus.READY;
            detail = failed.map(LoadedPlugin::failure).orElse("");
        }
        return Optional.of(new PluginRecord(b.getBundleId(), b.getSymbolicName(), String.valueOf(b.getVersion()),
                BundleStates.name(b.getState()), b.getLocation(), type, name, version, status, detail,
                loaded.stream().map(LoadedPlugin::describe).toList()));
    }
}
