package io.plugstack.runtime.spank.internal;

import io.plugstack.runtime.host.catalog.PluginRecord;

/**
 * How a plugstack.conf line names a plugin. Sites' existing lines name shared objects
 * ("renice.so", "/usr/lib64/slurm/renice.so"); Plugstack also accepts the plugin_name ("renice") and
 * the bundle symbolic name ("io.plugstack.spank.renice").
 */
final class PluginReference {
    private PluginReference() {
    }

    /** Whether {@code reference} names the plugin of {@code record}. */
    static boolean names(String reference, PluginRecord record) {
        if (reference.equals(record.symbolicName())) {
            return true;
        }
        return record.name() != null && record.name().equals(stem(reference));
    }

    /** "/usr/lib64/slurm/renice.so" and "renice.so" both name "renice". */
    static String stem(String reference) {
        String base = reference.substring(reference.lastIndexOf('/') + 1);
        return base.endsWith(".so") ? base.substring(0, base.length() - 3) : base;
    }
}
