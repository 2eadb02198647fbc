package io.plugstack.gogo.commands;

import java.util.List;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Arguments;
import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.FeatureTables;
import io.plugstack.runtime.featureinstaller.FeatureService;
import io.plugstack.runtime.featureinstaller.FeatureStatus;

/**
 * {@code feature:install <name|path>}: installs a feature, its bundles started and its configurations
 * applied, remembered across restarts. Typed in full: a bare {@code install} is Felix's (bundles).
 */
@Component(service = FeatureInstallCommand.class, property = {Commands.FEATURE_SCOPE, Commands.FUNCTION + "install"})
public final class FeatureInstallCommand {

    static final String NAME = "feature:install";
    private final FeatureService features;

    @Activate
    public FeatureInstallCommand(@Reference FeatureService features) {
        this.features = features;
    }

    @Descriptor("install a feature: a file of <home>/features/ by name, or a feature file's path")
    public String install(@Descriptor("feature name or path") Object... args) {
        return Commands.run(NAME, () -> {
            FeatureStatus f = features.install(Arguments.of(NAME, NAME + " <name or path>", args, 1, 1).get(0));
            return "installed " + f.name() + " (" + f.id() + ")\n" + FeatureTables.of(List.of(f));
        });
    }
}
