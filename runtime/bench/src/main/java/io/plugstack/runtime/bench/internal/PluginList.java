package io.plugstack.runtime.bench.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCatalog;

/**
 * JobSubmitPlugins= / CliFilterPlugins=: a comma list, each entry with or without the
 * "job_submit/" ("cli_filter/") prefix (JS-1, CLI-1), resolved to the catalog's usable plugins.
 */
final class PluginList {
    private PluginList() {
    }

    /** The full plugin types named by {@code list}, in order ("partition" -> "job_submit/partition"). */
    static List<String> types(PluginFamily family, String list) {
        List<String> out = new ArrayList<>();
        if (list == null) {
            return out;
        }
        for (String entry : list.split(",")) {
            String e = entry.trim();
            if (!e.isEmpty()) {
                out.add(e.startsWith(family.major() + "/") ? e : family.major() + "/" + e);
            }
        }
        return out;
    }

    /** The usable plugin of {@code type}, if the catalog has one. */
    static Optional<PluginCatalog.ReadyPlugin> ready(PluginCatalog catalog, PluginFamily family, String type) {
        return catalog.ready(family).stream().filter(r -> type.equals(r.record().type())).findFirst();
    }
}
