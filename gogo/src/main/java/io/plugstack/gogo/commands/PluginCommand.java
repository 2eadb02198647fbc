package io.plugstack.gogo.commands;

import java.util.List;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Arguments;
import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.EnabledPlugins;
import io.plugstack.gogo.internal.PluginSettings;
import io.plugstack.gogo.internal.PluginSettingsView;
import io.plugstack.gogo.internal.PluginArgument;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginVersions;
import io.plugstack.runtime.host.catalog.PluginVersions.VersionRow;

/** {@code plugstack:plugin <plugin>}: everything known about one plugin (every plugin a type names). */
@Component(service = PluginCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "plugin"})
public final class PluginCommand {

    @Reference
    private PluginCatalog catalog;

    @Reference
    private PluginVersions versions;

    @Reference
    private PluginSettings settings;

    @Descriptor("show everything known about a plugin: plugin renice, plugin job_submit/partition, plugin renice@1.2.0, plugin 42")
    public String plugin(@Descriptor(PluginArgument.NAMES) Object... args) {
        return Commands.run("plugin", () -> {
            String what = Arguments.of("plugin", "plugin <plugin>", args, 1, 1).get(0);
            StringBuilder sb = new StringBuilder();
            EnabledPlugins enabled = settings.enabled();
            PluginSettingsView view = new PluginSettingsView(enabled, settings, catalog.slurmRelease());
            for (PluginRecord r : PluginArgument.resolve("plugin", catalog.plugins(), what).records()) {
                sb.append(describe(r)).append('\n').append(view.of(r)).append("\n\n");
            }
            return (sb + enabled.problemLines()).stripTrailing();
        });
    }

    private String describe(PluginRecord r) {
        List<VersionRow> deployed = versions.versions(r.symbolicName());
        VersionRow row = deployed.stream().filter(v -> v.bundleId() == r.bundleId()).findFirst().orElse(null);
        StringBuilder others = new StringBuilder();
        for (VersionRow v : deployed) {
            others.append(others.length() == 0 ? "" : ", ").append(v.version()).append(" [").append(v.bundleId()).append("] ")
                    .append(v.state());
        }
        return String.join("\n",
                "bundle           " + r.bundleId() + "  " + r.symbolicName() + " " + r.bundleVersion(),
                "location         " + r.location(),
                "state            " + r.bundleState(),
                "plugin_type      " + orMissing(r.type()),
                "plugin_name      " + orMissing(r.name()),
                "plugin_version   " + orMissing(r.pluginVersion()),
                "status           " + r.status() + (r.detail().isEmpty() ? "" : ": " + r.detail()),
                "services         " + (r.services().isEmpty() ? "(none)" : String.join(", ", r.services())),
                "pin              " + (row == null || row.pin().isEmpty() ? "(none)" : row.pin()),
                "versions         " + (others.length() == 0 ? "(none)" : others));
    }

    private static String orMissing(String v) {
        return v == null ? "(missing)" : v;
    }
}
