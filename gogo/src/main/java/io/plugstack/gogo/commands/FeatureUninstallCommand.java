package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Arguments;
import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.featureinstaller.FeatureService;
import io.plugstack.runtime.featureinstaller.Uninstalled;

/** {@code plugstack:feature-uninstall <name>}: takes an installed feature out, leaving nothing of it behind. */
@Component(service = FeatureUninstallCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "feature-uninstall"})
public final class FeatureUninstallCommand {

    private final FeatureService features;

    @Activate
    public FeatureUninstallCommand(@Reference FeatureService features) {
        this.features = features;
    }

    @Descriptor("uninstall a feature installed with feature-install")
    public String _main(@Descriptor("feature name") Object... args) {
        return Commands.run("feature-uninstall", () -> uninstall(Arguments.function("feature-uninstall", "feature-uninstall <name>", args, 1, 1).get(0)));
    }

    private String uninstall(String name) {
        Uninstalled u = features.uninstall(name);
        return "uninstalled " + u.name() + "\n"
                + "  bundles removed:         " + list(u.bundlesRemoved()) + "\n"
                + "  bundles kept (needed):   " + list(u.bundlesKept()) + "\n"
                + "  configurations deleted:  " + list(u.configurationsDeleted()) + "\n"
                + "  configurations restored: " + list(u.configurationsRestored()) + "\n"
                + "  configurations kept:     " + list(u.configurationsKept()) + "\n"
                + u.configurationNotes().stream().map(n -> n + "\n").collect(java.util.stream.Collectors.joining());
    }

    private static String list(java.util.List<String> items) {
        return items.isEmpty() ? "-" : String.join(", ", items);
    }
}
