package io.plugstack.runtime.spank.internal;

import java.util.Optional;

import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.host.catalog.PluginRecord;

/**
 * job_script plugins: a new instance in a class space of its own for every prolog/epilog run,
 * loaded (generic init) on open and unloaded (fini, class space dropped) on close.
 */
interface FreshInstances {

    /** A fresh instance of the plugin of {@code record}, or empty when it cannot be made. */
    Optional<FreshPlugin> open(PluginRecord record);

    /** One run's instance. */
    interface FreshPlugin extends AutoCloseable {
        SpankPlugin plugin();

        @Override
        void close();
    }
}
