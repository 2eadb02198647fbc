package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Arguments;
import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Table;
import io.plugstack.runtime.host.catalog.DeployRejections;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;

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

    @Descriptor("list plugin bundles: id, plugin type, name, plugin version, bundle version, state, and why a plugin is not in use")
    public String plugins(Object... args) {
        Arguments.of("plugins", "plugins", args, 0, 0);
        Table t = new Table("ID", "TYPE", "NAME", "PLUGIN-VERSION", "BUNDLE-VERSION", "STATE", "STATUS", "REASON");
        for (PluginRecord r : catalog.plugins()) {
            t.row(r.bundleId(), r.type(), r.name(), r.pluginVersion(), r.bundleVersion(), r.bundleState(), r.status(),
                    r.detail().isEmpty() ? null : r.detail());
        }
        StringBuilder out = new StringBuilder("Slurm " + catalog.slurmRelease() + " plugin ABI\n").append(t);
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
