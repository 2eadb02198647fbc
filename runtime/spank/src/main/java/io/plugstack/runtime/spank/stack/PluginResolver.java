package io.plugstack.runtime.spank.stack;

import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.host.catalog.PluginCallGuard;
import io.plugstack.runtime.spank.JobPluginVersions;

/**
 * Finds the plugin a plugstack.conf line names, for a given context (the job_script context gets
 * a fresh instance in a class space of its own; the others the live service).
 */
public interface PluginResolver {

    /**
     * The plugin named {@code reference}, or why it cannot be loaded: at the version {@code job}
     * carries for it, if it names one (see {@link JobPluginVersions}).
     */
    Resolution resolve(String reference, SpankContext context, JobPluginVersions job);

    /** How the stack calls the plugins this resolver gives: the catalog's guard (time limit, failures contained). */
    default PluginCallGuard calls() {
        return PluginCallGuard.DIRECT;
    }

    /**
     * A loaded plugin; {@code release} is run when the stack is dropped.
     *
     * @param label   its symbolic name: how log lines name it, and its key in a job's versions
     * @param version its version (Bundle-Version), which the job that loads it runs from then on
     */
    record Loaded(String name, String label, String version, SpankPlugin plugin, AutoCloseable release) {
    }

    /** Either a plugin or the reason there is none (as Slurm's strerror would word it). */
    record Resolution(Loaded loaded, String error) {
        public static Resolution of(Loaded loaded) {
            return new Resolution(loaded, null);
        }

        public static Resolution failed(String error) {
            return new Resolution(null, error);
        }
    }
}
