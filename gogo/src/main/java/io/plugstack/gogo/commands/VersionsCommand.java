package io.plugstack.gogo.commands;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Arguments;
import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.EnabledPlugins;
import io.plugstack.gogo.internal.PluginSettings;
import io.plugstack.gogo.internal.PluginArgument;
import io.plugstack.runtime.bench.api.Table;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;
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

    @Reference
    private PluginCatalog catalog;

    @Reference
    private PluginSettings settings;

    @Descriptor("list every deployed version of every plugin, or of one: versions [plugin]")
    public String versions(@Descriptor(PluginArgument.NAMES) Object... args) {
        return Commands.run("versions", () -> {
            Arguments a = Arguments.of("versions", "versions [plugin]", args, 0, 1);
            List<VersionRow> rows;
            if (a.get(0) == null) {
                rows = versions.versions("");
            } else {
                PluginArgument p = PluginArgument.resolve("versions", catalog.plugins(), a.get(0));
                Set<String> bsns = new LinkedHashSet<>();
                p.records().forEach(r -> bsns.add(r.symbolicName()));
                Set<Long> ids = new LinkedHashSet<>();
                p.records().forEach(r -> ids.add(r.bundleId()));
                rows = new ArrayList<>();
                for (String bsn : bsns) {
                    versions.versions(bsn).stream().filter(r -> !p.namesOneVersion() || ids.contains(r.bundleId())).forEach(rows::add);
                }
            }
            EnabledPlugins enabled = settings.enabled();
            Map<Long, PluginRecord> records = new HashMap<>();
            catalog.plugins().forEach(r -> records.put(r.bundleId(), r));
            Table t = new Table("PLUGIN", "VERSION", "ID", "STATE", "PIN", "ENABLED", "IN USE", "DETAIL");
            for (VersionRow r : rows) {
                PluginRecord record = records.get(r.bundleId());
                t.row(r.symbolicName(), r.version(), r.bundleId(), r.state(), r.pin().isEmpty() ? "-" : r.pin(),
                        record == null ? "-" : enabled.enabled(record), r.inUse(), r.detail().isEmpty() ? "" : r.detail());
            }
            return (t + enabled.problemLines()).stripTrailing();
        });
    }
}
