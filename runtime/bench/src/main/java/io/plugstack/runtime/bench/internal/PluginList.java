package io.plugstack.runtime.bench.internal;

import java.util.ArrayList;
import java.util.List;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginPin;

/**
 * JobSubmitPlugins= / CliFilterPlugins=: a comma list, each entry with or without the
 * "job_submit/" ("cli_filter/") prefix (JS-1, CLI-1) and optionally pinned to versions
 * ("partition@[1.0,2.0)"), resolved to the version of each plugin the catalog selects.
 */
final class PluginList {
    private PluginList() {
    }

    /** One configured plugin: its full type ("job_submit/partition") and the entry as written. */
    record Entry(String type, PluginPin pin) {
        /** "job_submit/partition", or "job_submit/partition@[1.0,2.0)" when pinned. */
        String label() {
            return pin.range().map(r -> type + "@" + PluginPin.format(r)).orElse(type);
        }
    }

    /**
     * The entries of {@code list}, in order; an entry with a malformed pin throws
     * IllegalArgumentException naming it.
     */
    static List<Entry> entries(PluginFamily family, String list) {
        List<Entry> out = new ArrayList<>();
        for (String e : PluginPin.splitList(list)) {
            PluginPin pin = PluginPin.parse(e);
            String ref = pin.reference();
            out.add(new Entry(ref.startsWith(family.major() + "/") ? ref : family.major() + "/" + ref, pin));
        }
        return out;
    }

    /** The version of the configured plugin that runs, or why none can. */
    static PluginCatalog.Selection select(PluginCatalog catalog, PluginFamily family, Entry entry) {
        return catalog.select(family, new PluginPin(entry.type(), entry.pin().range()));
    }
}
