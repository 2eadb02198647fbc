package io.plugstack.gogo.commands;

import java.util.HashMap;
import java.util.Map;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Arguments;
import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.EnabledPlugins;
import io.plugstack.gogo.internal.PluginSettings;
import io.plugstack.runtime.bench.api.Table;
import io.plugstack.runtime.host.catalog.DeployRejections;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginVersions;

/**
 * {@code plugstack:plugins}: one line per plugin bundle, refused ones with the reason, then one per
 * deploy-folder jar no bundle came from, with the reason.
 */
@Component(service = PluginsCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "plugins"})
public final class PluginsCommand {

    @Reference
    private PluginCatalog catalog;

    @Reference
    private DeployRejections rejections;

    @Reference
    private PluginVersions versions;

    @Reference
    private PluginSettings settings;

    @Descriptor("list plugin bundles: id, plugin type, name, plugin version, bundle version, state, status, whether plugstack.conf,"
            + " JobSubmitPlugins or CliFilterPlugins enables it, how many running stacks hold it, and why a plugin is not in use")
    public String plugins(Object... args) {
        Arguments.of("plugins", "plugins", args, 0, 0);
        EnabledPlugins enabled = settings.enabled();
        Map<Long, Integer> inUse = new HashMap<>();
        versions.versions("").forEach(v -> inUse.merge(v.bundleId(), v.inUse(), Integer::sum));
        Table t = new Table("ID", "TYPE", "NAME", "PLUGIN-VERSION", "BUNDLE-VERSION", "STATE", "STATUS", "ENABLED", "IN-USE", "REASON");
        for (PluginRecord r : catalog.plugins()) {
            t.row(r.bundleId(), r.type(), r.name(), r.pluginVersion(), r.bundleVersion(), r.bundleState(), r.status(), enabled.enabled(r),
                    inUse.getOrDefault(r.bundleId(), 0), r.detail().isEmpty() ? null : r.detail());
        }
        StringBuilder out = new StringBuilder("Slurm " + catalog.slurmRelease() + " plugin ABI\n").append(t);
        out.append(enabled.problemLines()); // a setting that cannot be read enables nothing: say why
        // every jar of the deploy folder no bundle came from, so that none is passed over in silence
        for (DeployRejections.Rejection r : rejections.rejected()) {
            out.append("rejected ").append(r.file()).append(": ").append(r.reason()).append('\n');
        }
        for (DeployRejections.Rejection r : rejections.notInstalled()) {
            out.append("not installed ").append(r.file()).append(": ").append(r.reason()).append('\n');
        }
        return out.toString();
    }
}
