package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Arguments;
import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.featureinstaller.FeatureService;
import io.plugstack.runtime.featureinstaller.Uninstalled;

/**
 * {@code feature:uninstall <name>}: takes an installed feature out, leaving nothing of it behind.
 * Typed in full: a bare {@code uninstall} is Felix's (bundles).
 */
@Component(service = FeatureUninstallCommand.class, property = {Commands.FEATURE_SCOPE, Commands.FUNCTION + "uninstall"})
public final class FeatureUninstallCommand {

    private static final String NAME = "feature:uninstall";

    private final FeatureService features;

    @Activate
    public FeatureUninstallCommand(@Reference FeatureService features) {
        this.features = features;
    }

    @Descriptor("uninstall a feature installed with feature:install")
    public String uninstall(@Descriptor("feature name") Object... args) {
        return Commands.run(NAME, () -> uninstalled(Arguments.of(NAME, NAME + " <name>", args, 1, 1).get(0)));
    }

    private String uninstalled(String name) {
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
