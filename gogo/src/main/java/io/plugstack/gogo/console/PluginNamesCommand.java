package io.plugstack.gogo.console;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Arguments;
import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;

/**
 * {@code plugin:names}: every name a plugin can be given by (plugin name, symbolic name, bundle id),
 * from the host's catalog; what the console completes after commands that name a plugin. (Not
 * "plugin-names": Gogo's help only sees a function spelt as its Java method.)
 */
@Component(service = PluginNamesCommand.class, property = {Commands.PLUGIN_SCOPE, Commands.FUNCTION + "names"})
public final class PluginNamesCommand {

    @Reference
    private PluginCatalog catalog;

    @Descriptor("list every plugin's names and bundle ids (what tab completes after plugin, pin, versions, ...)")
    public List<String> names(Object... args) {
        Arguments.of("plugin:names", "plugin:names", args, 0, 0);
        Set<String> names = new LinkedHashSet<>();
        List<String> ids = new ArrayList<>();
        for (PluginRecord r : catalog.plugins()) {
            if (r.name() != null) {
                names.add(r.name());
            }
            names.add(r.symbolicName());
            ids.add(Long.toString(r.bundleId()));
        }
        List<String> out = new ArrayList<>(names);
        out.addAll(ids);
        return out;
    }
}
