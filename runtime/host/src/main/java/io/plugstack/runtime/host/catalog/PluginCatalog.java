package io.plugstack.runtime.host.catalog;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

import org.osgi.annotation.versioning.ProviderType;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.plugin.SlurmPlugin;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * The host's view of every plugin bundle: the generic plugin layer shared by the SPANK,
 * job_submit and cli_filter families. It calls each plugin service's {@code init()} once when the
 * service appears and {@code fini()} when it goes; only plugins whose init succeeded are handed out.
 */
@ProviderType
public interface PluginCatalog {

    /** Every plugin bundle, refused ones included, by bundle id. */
    List<PluginRecord> plugins();

    /** One plugin bundle (a catalog that can look a bundle up directly answers without listing them all). */
    default Optional<PluginRecord> plugin(long bundleId) {
        return plugins().stream().filter(r -> r.bundleId() == bundleId).findFirst();
    }

    /** The plugin bundles whose Slurm-Plugin-Type is {@code type} (e.g. "job_submit/partition"). */
    default List<PluginRecord> byType(String type) {
        return plugins().stream().filter(r -> type.equals(r.type())).toList();
    }

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
        return select(family, pin, Map.of());
    }

    /**
     * {@link #select(PluginFamily, PluginPin)} for a job that carries the versions it runs
     * ({@code jobVersions}: version by symbolic name, chosen where the job was submitted): a plugin
     * the job names runs at the job's version and no other, whatever the pins say now, so an upgrade
     * or rollback never changes a running job; Slurm's reason, naming that version, when it cannot.
     * Plugins the job does not name are chosen as for a new stack.
     */
    Selection select(PluginFamily family, PluginPin pin, Map<String, String> jobVersions);

    /**
     * {@link #select(PluginFamily, PluginPin, Map)}, then take the version chosen: {@code take} makes
     * what the caller needs of the selection (a stack's instance, a chain's service) or its failure,
     * and {@code taken} tells which it made. The version chosen may go (undeploy, upgrade) between the
     * choice and the take: its service is unloaded as it is chosen, or its instance can no longer be
     * had. When that happens while the catalog moved ({@link #generation}), the choice is made again on
     * the new state, up to three times, so a job, submission or command fails only when no version can
     * run, never because it raced a version switch. A take that fails while the catalog stands still
     * (an init that failed) is the answer.
     */
    default <R> R selectAndTake(PluginFamily family, PluginPin pin, Map<String, String> jobVersions, Function<Selection, R> take,
            Predicate<R> taken) {
        for (int attempt = 1;; attempt++) {
            long before = generation();
            Selection s = select(family, pin, jobVersions);
            if (s.plugin().isPresent() && s.plugin().get().plugin() == null) {
                PluginRecord gone = s.plugin().get().record();
                s = Selection.none(SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_NOT_LOADED.code()) + " (" + gone.symbolicName() + " "
                        + gone.bundleVersion() + " [" + gone.bundleId() + "] was unloaded as it was chosen)");
            }
            R r = take.apply(s);
            if (taken.test(r) || before < 0 || generation() == before || attempt == 3) {
                return r;
            }
        }
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

        /** An instance of {@code plugin} whose close runs {@code onClose}. */
        static Instance of(SlurmPlugin plugin, Runnable onClose) {
            return new Instance() {
                @Override
                public SlurmPlugin plugin() {
                    return plugin;
                }

                @Override
                public void close() {
                    onClose.run();
                }
            };
        }
    }

    /**
     * A number that changes whenever the set of usable plugins may have changed, so callers can keep
     * what they resolved until it does; negative when the catalog cannot tell (never cache then).
     */
    default long generation() {
        return -1;
    }

    /** How engines call this catalog's plugins: with their family's time limit, failures contained. */
    default PluginCallGuard calls() {
        return PluginCallGuard.DIRECT;
    }

    /** The Slurm release the runtime emulates. */
    String slurmRelease();

    /** A usable plugin and the bundle it comes from. */
    record ReadyPlugin(PluginRecord record, SlurmPlugin plugin) {
    }
}
