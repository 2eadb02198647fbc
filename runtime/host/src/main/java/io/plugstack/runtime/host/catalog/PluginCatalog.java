package io.plugstack.runtime.host.catalog;

import java.util.List;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.plugin.SlurmPlugin;

/**
 * The host's view of every plugin bundle: the generic plugin layer shared by the SPANK,
 * job_submit and cli_filter families. It calls each plugin service's {@code init()} once when the
 * service appears and {@code fini()} when it goes; only plugins whose init succeeded are handed out.
 */
@ProviderType
public interface PluginCatalog {

    /** Every plugin bundle, refused ones included, by bundle id. */
    List<PluginRecord> plugins();

    /** One plugin bundle. */
    Optional<PluginRecord> plugin(long bundleId);

    /** The plugin bundles whose Slurm-Plugin-Type is {@code type} (e.g. "job_submit/partition"). */
    List<PluginRecord> byType(String type);

    /**
     * The running version of every plugin of a family (one per symbolic name, chosen under the
     * admin's pins as {@link #select} does), with their records, by bundle id.
     */
    List<ReadyPlugin> ready(PluginFamily family);

    /**
     * The version of the plugin {@code pin} names that a new stack gets: the highest deployed
     * version within both the admin's pin ({@link PluginVersions}) and {@code pin}'s own range that
     * resolves and whose init() succeeds (it is loaded now if it never was). Empty with Slurm's
     * reason when there is none.
     */
    default Selection select(PluginFamily family, PluginPin pin) {
        // a catalog that never holds two versions of a plugin: the ready one, if the pin admits it
        return ready(family).stream()
                .filter(r -> PluginNames.names(family, pin.reference(), r.record().symbolicName(), r.record().type(),
                        r.record().name()) && pin.admits(org.osgi.framework.Version.parseVersion(r.record().bundleVersion())))
                .findFirst().map(Selection::of)
                .orElseGet(() -> Selection.none(io.plugstack.api.slurm.SlurmErrno.strerror(
                        io.plugstack.api.slurm.SlurmErrno.ESLURM_PLUGIN_NOTFOUND.code())));
    }

    /** A selected plugin, or why none could be (worded as Slurm's strerror, with the details). */
    record Selection(java.util.Optional<ReadyPlugin> plugin, String why) {
        public static Selection of(ReadyPlugin plugin) {
            return new Selection(java.util.Optional.of(plugin), "");
        }

        public static Selection none(String why) {
            return new Selection(java.util.Optional.empty(), why);
        }
    }

    /**
     * A plugin instance for one stack. A plugin whose service is prototype-scoped gets a new
     * instance, loaded (init) now and unloaded (fini) on close — like the per-process copy a C
     * plugin gets in every srun and slurmstepd; a singleton service is shared and close does nothing.
     */
    Optional<Instance> instance(ReadyPlugin plugin);

    /** An instance for one stack; close it when the stack is dropped. */
    interface Instance extends AutoCloseable {
        SlurmPlugin plugin();

        @Override
        void close();
    }

    /**
     * A number that changes whenever the set of usable plugins may have changed, so callers can keep
     * what they resolved until it does; negative when the catalog cannot tell (never cache then).
     */
    default long generation() {
        return -1;
    }

    /** The Slurm release the runtime emulates. */
    String slurmRelease();

    /** A usable plugin and the bundle it comes from. */
    record ReadyPlugin(PluginRecord record, SlurmPlugin plugin) {
    }
}
