package io.plugstack.gogo.commands;

import java.util.List;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.VersionCommands;
import io.plugstack.runtime.bench.api.Table;
import io.plugstack.runtime.host.catalog.PluginVersions;
import io.plugstack.runtime.host.catalog.PluginVersions.VersionRow;

/**
 * {@code plugstack:versions [plugin]}: every deployed version of the plugins, which one runs for
 * new launches (active), which could (available), which the pin keeps out, and how many running
 * stacks still hold each.
 */
@Component(service = VersionsCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "versions"})
public final class VersionsCommand {

    @Reference
    private PluginVersions versions;

    @Descriptor("list every deployed version of every plugin")
    public String versions() {
        return versions("");
    }

    @Descriptor("list the deployed versions of one plugin")
    public String versions(@Descriptor(VersionCommands.PLUGIN) String plugin) {
        List<VersionRow> rows = versions.versions(plugin);
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("versions: no plugin named '" + plugin + "' (see plugstack:plugins)");
        }
        Table t = new Table("PLUGIN", "VERSION", "ID", "STATE", "PIN", "IN USE", "DETAIL");
        for (VersionRow r : rows) {
            t.row(r.symbolicName(), r.version(), r.bundleId(), r.state(), r.pin().isEmpty() ? "-" : r.pin(), r.inUse(),
                    r.detail().isEmpty() ? "" : r.detail());
        }
        return t.toString().stripTrailing();
    }
}
