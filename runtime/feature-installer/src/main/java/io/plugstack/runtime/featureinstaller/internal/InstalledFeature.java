package io.plugstack.runtime.featureinstaller.internal;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.runtime.spi.features.FeatureDefinition;

/**
 * A feature installed at run time, as remembered in the state file: what it installed (replayed at
 * every start, without reading its file again) and, per PID it set, what was there before.
 */
record InstalledFeature(FeatureDefinition definition, List<Previous> previous) {

    InstalledFeature {
        previous = List.copyOf(previous);
    }

    String name() {
        return definition.name();
    }

    /** What a PID held before this feature set it. */
    Optional<Previous> previousOf(String pid) {
        return previous.stream().filter(p -> p.pid().equals(pid)).findFirst();
    }

    /**
     * A configuration's values before the feature set it.
     *
     * @param pid    the PID ({@code factoryPid~name} for a factory configuration)
     * @param values its values then, or null when it did not exist
     */
    record Previous(String pid, Map<String, Object> values) {
    }
}
