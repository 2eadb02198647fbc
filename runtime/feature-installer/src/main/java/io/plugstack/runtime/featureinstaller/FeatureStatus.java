package io.plugstack.runtime.featureinstaller;

import java.util.List;
import java.util.Map;

/**
 * A feature as the runtime sees it now.
 *
 * @param name           file name without {@code .json}
 * @param id             the feature's id, empty when its file cannot be read
 * @param kind           boot, installed at run time, or only available
 * @param bundles        its bundles and their state
 * @param configurations its configuration PIDs
 * @param problem        why its file cannot be read, or empty
 * @param disagreements  by PID, how ConfigAdmin's values disagree with the PID's deploy/*.cfg file (none when they agree)
 */
public record FeatureStatus(String name, String id, Kind kind, List<BundleState> bundles, List<String> configurations, String problem,
        Map<String, String> disagreements) {

    public FeatureStatus {
        bundles = List.copyOf(bundles);
        configurations = List.copyOf(configurations);
        disagreements = Map.copyOf(disagreements);
    }

    public FeatureStatus(String name, String id, Kind kind, List<BundleState> bundles, List<String> configurations, String problem) {
        this(name, id, kind, bundles, configurations, problem, Map.of());
    }

    /** How a feature is there. */
    public enum Kind {
        /** installed at every start ({@code plugstack.features.boot}) */
        BOOT,
        /** installed at run time, remembered across restarts */
        INSTALLED,
        /** a file of the features folder, not installed */
        AVAILABLE
    }

    /**
     * One bundle of a feature.
     *
     * @param id       Maven coordinates from the feature
     * @param bundleId the framework's bundle id, -1 when not installed
     * @param state    ACTIVE, RESOLVED, INSTALLED, ... or NOT_INSTALLED
     */
    public record BundleState(String id, long bundleId, String state) {
    }
}
