package io.plugstack.gogo.commands;

import java.util.List;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;

/** {@code plugstack:plugin <id|type>}: everything known about one plugin. */
@Component(service = PluginCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "plugin"})
public final class PluginCommand {

    @Reference
    private PluginCatalog catalog;

    @Descriptor("show everything known about a plugin")
    public String plugin(@Descriptor("bundle id, or plugin type such as spank or job_submit/partition") String idOrType) {
        List<PluginRecord> found;
        if (idOrType.chars().allMatch(Character::isDigit)) {
            found = catalog.plugin(Long.parseLong(idOrType)).stream().toList();
        } else {
            found = catalog.byType(idOrType);
        }
        if (found.isEmpty()) {
            throw new IllegalArgumentException("plugin: no plugin bundle with id or type \"" + idOrType + "\" (see plugstack:plugins)");
        }
        StringBuilder sb = new StringBuilder();
        for (PluginRecord r : found) {
            sb.append(describe(r)).append('\n');
        }
        return sb.toString().stripTrailing();
    }

    private static String describe(PluginRecord r) {
        return String.join("\n",
                "bundle           " + r.bundleId() + "  " + r.symbolicName() + " " + r.bundleVersion(),
                "location         " + r.location(),
                "state            " + r.bundleState(),
                "plugin_type      " + orMissing(r.type()),
                "plugin_name      " + orMissing(r.name()),
                "plugin_version   " + orMissing(r.pluginVersion()),
                "status           " + r.status() + (r.detail().isEmpty() ? "" : ": " + r.detail()),
                "services         " + (r.services().isEmpty() ? "(none)" : String.join(", ", r.services())));
    }

    private static String orMissing(String v) {
        return v == null ? "(missing)" : v;
    }
}
