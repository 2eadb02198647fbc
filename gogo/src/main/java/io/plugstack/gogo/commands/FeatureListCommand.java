package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Arguments;
import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.FeatureTables;
import io.plugstack.runtime.featureinstaller.FeatureService;

/** {@code feature:list}: boot, installed and available features with their bundles' state. */
@Component(service = FeatureListCommand.class, property = {Commands.FEATURE_SCOPE, Commands.FUNCTION + "list"})
public final class FeatureListCommand {

    private static final String NAME = "feature:list";
    private final FeatureService features;

    @Activate
    public FeatureListCommand(@Reference FeatureService features) {
        this.features = features;
    }

    @Descriptor("list the features: boot, installed, and available in <home>/features/")
    public String list(Object... args) {
        return Commands.run(NAME, () -> {
            Arguments.of(NAME, NAME, args, 0, 0);
            return FeatureTables.of(features.features());
        });
    }
}
