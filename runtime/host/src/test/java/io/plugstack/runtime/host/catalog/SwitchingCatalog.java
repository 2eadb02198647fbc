package io.plugstack.runtime.host.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.plugin.SlurmPlugin;

/**
 * A catalog whose versions switch under its caller (issue 15, item 3), for the hosts' tests: it
 * chooses its versions in turn (the last one again once they run out), and a version in
 * {@code gone} is uninstalled as it is chosen — its instance is refused or, {@link #unloadedAsChosen},
 * its service is already unloaded when the choice is read — the catalog's generation moving each time.
 * Shared by the three families' tests through this module's test jar.
 */
public class SwitchingCatalog implements PluginCatalog {

    private final List<ReadyPlugin> choices;
    private final Set<ReadyPlugin> gone;
    private boolean unloadedAsChosen;
    /** The versions chosen, in order. */
    public final List<String> selected = new ArrayList<>();
    /** The versions whose instances were closed, in order. */
    public final List<String> closed = new ArrayList<>();
    private long generation;

    public SwitchingCatalog(List<ReadyPlugin> choices, Set<ReadyPlugin> gone) {
        this.choices = choices;
        this.gone = gone;
    }

    /** Version {@code version} (bundle {@code id}) of {@code family}'s plugin {@code name}, itest.&lt;name&gt;, its service {@code plugin}. */
    public static ReadyPlugin version(PluginFamily family, String name, long id, String version, SlurmPlugin plugin) {
        String type = family == PluginFamily.SPANK ? "spank" : family.major() + "/" + name;
        return new ReadyPlugin(new PluginRecord(id, "itest." + name, version, "ACTIVE", "file:" + name + "-" + version + ".jar", type, name,
                "25.11.0", PluginStatus.READY, "", List.of()), plugin);
    }

    /** This catalog, its gone versions' services unloaded before the choice reaches the caller. */
    public SwitchingCatalog unloadedAsChosen() {
        unloadedAsChosen = true;
        return this;
    }

    @Override
    public Selection select(PluginFamily family, PluginPin pin, Map<String, String> jobVersions) {
        ReadyPlugin r = choices.get(Math.min(selected.size(), choices.size() - 1));
        selected.add(r.record().bundleVersion());
        if (unloadedAsChosen && gone.contains(r)) {
            generation++; // its bundle was uninstalled as it was chosen: fini() ran, the service was released
            return Selection.of(new ReadyPlugin(r.record(), null));
        }
        return Selection.of(r);
    }

    @Override
    public Optional<Instance> instance(ReadyPlugin plugin) {
        if (gone.contains(plugin)) {
            generation++; // its bundle was uninstalled meanwhile
            return Optional.empty();
        }
        return Optional.of(Instance.of(plugin.plugin(), () -> closed.add(plugin.record().bundleVersion())));
    }

    @Override
    public long generation() {
        return generation;
    }

    @Override
    public List<PluginRecord> plugins() {
        return choices.stream().map(ReadyPlugin::record).toList();
    }

    @Override
    public List<ReadyPlugin> ready(PluginFamily family) {
        return choices;
    }

    @Override
    public String slurmRelease() {
        return "25.11.0";
    }
}
