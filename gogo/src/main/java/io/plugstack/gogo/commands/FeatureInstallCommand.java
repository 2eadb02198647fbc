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
 * {@code plugstack:feature-install <name|path>}: installs a feature, its bundles started and its
 * configurations applied, remembered across restarts. (Gogo finds a hyphenated function through
 * {@code _main}, which it hands the function's name first.)
 */
@Component(service = FeatureInstallCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "feature-install"})
public final class FeatureInstallCommand {

    private final FeatureService features;

    @Activate
    public FeatureInstallCommand(@Reference FeatureService features) {
        this.features = features;
    }

    @Descriptor("install a feature: a file of <home>/features/ by name, or a feature file's path")
    public String _main(@Descriptor("feature name or path") Object... args) {
        return Commands.run("feature-install", () -> {
            FeatureStatus f = features.install(Arguments.function("feature-install", "feature-install <name or path>", args, 1, 1).get(0));
            return "installed " + f.name() + " (" + f.id() + ")\n" + FeatureTables.of(List.of(f));
        });
    }
}
