package io.plugstack.runtime.host.catalog;

import io.plugstack.api.plugin.PluginFamily;

/**
 * How configuration and the shell name a plugin. plugstack.conf lines name shared objects
 * ("renice.so", "/usr/lib64/slurm/renice.so") or the plugin_name ("renice"); JobSubmitPlugins= and
 * CliFilterPlugins= name the type with or without its prefix ("partition", "job_submit/partition").
 * The bundle symbolic name ("io.plugstack.spank.renice") names a plugin everywhere.
 */
public final class PluginNames {
    private PluginNames() {
    }

    /** Whether {@code reference} names a plugin of {@code family} with these identity headers. */
    public static boolean names(PluginFamily family, String reference, String symbolicName, String type, String name) {
        if (reference.equals(symbolicName)) {
            return true;
        }
        if (family == PluginFamily.SPANK) {
            return name != null && name.equals(stem(reference));
        }
        return fullType(family, reference).equals(type);
    }

    /** A typed family's plugin type as configured lists name it: "partition" is "job_submit/partition". */
    public static String fullType(PluginFamily family, String reference) {
        return reference.startsWith(family.major() + "/") ? reference : family.major() + "/" + reference;
    }

    /** Whether {@code reference} names {@code record}, whatever its family (the shell's view). */
    public static boolean names(String reference, PluginRecord record) {
        if (reference.equals(record.symbolicName())) {
            return true;
        }
        String type = record.type();
        String major = type == null ? "" : type.contains("/") ? type.substring(0, type.indexOf('/')) : type;
        return PluginFamily.ofMajor(major)
                .map(f -> names(f, reference, record.symbolicName(), type, record.name())).orElse(false);
    }

    /** "/usr/lib64/slurm/renice.so" and "renice.so" both name "renice". */
    public static String stem(String reference) {
        String base = reference.substring(reference.lastIndexOf('/') + 1);
        return base.endsWith(".so") ? base.substring(0, base.length() - 3) : base;
    }
}
