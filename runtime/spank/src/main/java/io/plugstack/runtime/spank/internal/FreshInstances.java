package io.plugstack.runtime.spank.internal;

import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;

/**
 * job_script plugins: a new instance in a class space of its own for every prolog/epilog run,
 * loaded (generic init) on open and unloaded (fini, class space dropped) on close.
 */
interface FreshInstances {

    /**
     * A fresh, initialised instance of the plugin of {@code record}.
     *
     * @throws IllegalStateException saying why none can be made
     */
    PluginCatalog.Instance open(PluginRecord record);
}
