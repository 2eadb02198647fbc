package io.plugstack.runtime.host.catalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.plugin.SlurmPlugin;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * A catalog of a fixed list of ready plugins of one family, for hosts driven outside a framework
 * (benchmarks, tests): each plugin typed {@code <family>/<name>} (SPANK: "spank"), version 1.0.0, never
 * changing (generation 0). Its instances are the plugins themselves; closing one tells {@code released}.
 */
public final class FixedCatalog implements PluginCatalog {

    private final PluginFamily family;
    private final List<ReadyPlugin> ready = new ArrayList<>();
    private final Consumer<String> released;

    /** @param plugins by plugin name, in catalog order */
    public FixedCatalog(PluginFamily family, Map<String, ? extends SlurmPlugin> plugins, Consumer<String> released) {
        this.family = family;
        this.released = released;
        int id = 10;
        for (Map.Entry<String, ? extends SlurmPlugin> e : plugins.entrySet()) {
            String type = family == PluginFamily.SPANK ? "spank" : family.major() + "/" + e.getKey();
            ready.add(new ReadyPlugin(new PluginRecord(id++, "plugin." + e.getKey(), "1.0.0", "ACTIVE", "fixed:" + e.getKey(),
                    type, e.getKey(), "25.11.0", PluginStatus.READY, "", List.of()), e.getValue()));
        }
    }

    public FixedCatalog(PluginFamily family, Map<String, ? extends SlurmPlugin> plugins) {
        this(family, plugins, name -> { });
    }

    /** The catalog of {@code nameAndPlugin} pairs ("a", pluginA, "b", pluginB, ...), in that order. */
    public static FixedCatalog of(PluginFamily family, Object... nameAndPlugin) {
        Map<String, SlurmPlugin> plugins = new LinkedHashMap<>();
        for (int i = 0; i < nameAndPlugin.length; i += 2) {
            plugins.put((String) nameAndPlugin[i], (SlurmPlugin) nameAndPlugin[i + 1]);
        }
        return new FixedCatalog(family, plugins);
    }

    /** This catalog, telling {@code onRelease} the name of every instance closed. */
    public FixedCatalog releasing(Consumer<String> onRelease) {
        Map<String, SlurmPlugin> plugins = new LinkedHashMap<>();
        ready.forEach(r -> plugins.put(r.record().name(), r.plugin()));
        return new FixedCatalog(family, plugins, onRelease);
    }

    @Override
    public List<PluginRecord> plugins() {
        return ready.stream().map(ReadyPlugin::record).toList();
    }

    @Override
    public List<ReadyPlugin> ready(PluginFamily f) {
        return f == family ? ready : List.of();
    }

    @Override
    public Selection select(PluginFamily f, PluginPin pin, Map<String, String> jobVersions) {
        // one version per plugin: the ready one, if the pin (or the job's version) admits it
        return ready(f).stream()
                .filter(r -> PluginNames.names(f, pin.reference(), r.record().symbolicName(), r.record().type(), r.record().name()))
                .filter(r -> jobVersions.containsKey(r.record().symbolicName())
                        ? jobVersions.get(r.record().symbolicName()).equals(r.record().bundleVersion())
                        : pin.admits(org.osgi.framework.Version.parseVersion(r.record().bundleVersion())))
                .findFirst().map(Selection::of)
                .orElseGet(() -> Selection.none(SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_NOTFOUND.code())));
    }

    @Override
    public Optional<Instance> instance(ReadyPlugin plugin) {
        return Optional.of(Instance.of(plugin.plugin(), () -> released.accept(plugin.record().name())));
    }

    @Override
    public long generation() {
        return 0; // the list never changes, as the runtime's between deploys
    }

    @Override
    public String slurmRelease() {
        return "25.11.0";
    }
}
