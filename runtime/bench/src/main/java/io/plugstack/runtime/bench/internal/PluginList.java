package io.plugstack.runtime.bench.internal;

import java.util.ArrayList;
import java.util.List;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginNames;
import io.plugstack.runtime.host.catalog.PluginPin;

/**
 * JobSubmitPlugins= / CliFilterPlugins=: a comma list, each entry with or without the
 * "job_submit/" ("cli_filter/") prefix (JS-1, CLI-1) and optionally pinned to versions
 * ("partition@[1.0,2.0)"), resolved to the version of each plugin the catalog selects.
 */
final class PluginList {
    private PluginList() {
    }

    /**
     * The configured plugins of {@code list}, in order, each naming its full type
     * ("job_submit/partition@[1.0,2.0)"); an entry with a malformed pin throws
     * IllegalArgumentException naming it.
     */
    static List<PluginPin> entries(PluginFamily family, String list) {
        List<PluginPin> out = new ArrayList<>();
        for (String e : PluginPin.splitList(list)) {
            PluginPin pin = PluginPin.parse(e);
            out.add(new PluginPin(PluginNames.fullType(family, pin.reference()), pin.range()));
        }
        return out;
    }
}
