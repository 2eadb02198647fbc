package io.plugstack.runtime.featureinstaller.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

import io.plugstack.runtime.featureinstaller.FeatureStatus;
import io.plugstack.runtime.spi.features.FeatureDefinition;
import io.plugstack.runtime.spi.features.FeatureRepository;

/** A feature's definition with the live state of its bundles. */
final class FeatureStatuses {

    /** Bundle states are single bits 0x01..0x20: the bit's index names it. */
    private static final String[] STATES = {"UNINSTALLED", "INSTALLED", "RESOLVED", "STARTING", "STOPPING", "ACTIVE"};

    private FeatureStatuses() {
    }

    /** {@code disagreement} says how a PID's configuration disagrees with its deploy/*.cfg file, if it does. */
    static FeatureStatus of(BundleContext context, FeatureDefinition feature, FeatureStatus.Kind kind,
            Function<String, Optional<String>> disagreement) {
        List<FeatureStatus.BundleState> bundles = feature.bundles().stream().map(b -> {
            Bundle bundle = context.getBundle(b.location());
            return bundle == null ? new FeatureStatus.BundleState(b.id(), -1, "NOT_INSTALLED")
                    : new FeatureStatus.BundleState(b.id(), bundle.getBundleId(), STATES[Integer.numberOfTrailingZeros(bundle.getState())]);
        }).toList();
        List<String> pids = feature.configurations().stream().map(FeatureDefinition.Configuration::pid).toList();
        Map<String, String> disagreements = new LinkedHashMap<>();
        pids.forEach(pid -> disagreement.apply(pid).ifPresent(d -> disagreements.put(pid, d)));
        return new FeatureStatus(feature.name(), feature.id(), kind, bundles, pids, "", disagreements);
    }

    /** The status of a feature read from its file; a file that cannot be read is listed with the reason. */
    static FeatureStatus read(BundleContext context, FeatureRepository repository, String name, FeatureStatus.Kind kind,
            Function<String, Optional<String>> disagreement) {
        try {
            return of(context, repository.read(name), kind, disagreement);
        } catch (RuntimeException e) {
            return new FeatureStatus(name, "", kind, List.of(), List.of(), e.getMessage());
        }
    }
}
