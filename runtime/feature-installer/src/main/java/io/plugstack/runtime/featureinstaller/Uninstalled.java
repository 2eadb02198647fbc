package io.plugstack.runtime.featureinstaller;

import java.util.List;

/**
 * What uninstalling a feature did.
 *
 * @param name                   the feature
 * @param bundlesRemoved         ids of the bundles uninstalled
 * @param bundlesKept            ids of its bundles another feature still needs
 * @param configurationsDeleted  PIDs it had created
 * @param configurationsRestored PIDs given back the values they had before it was installed
 */
public record Uninstalled(String name, List<String> bundlesRemoved, List<String> bundlesKept, List<String> configurationsDeleted,
        List<String> configurationsRestored) {

    public Uninstalled {
        bundlesRemoved = List.copyOf(bundlesRemoved);
        bundlesKept = List.copyOf(bundlesKept);
        configurationsDeleted = List.copyOf(configurationsDeleted);
        configurationsRestored = List.copyOf(configurationsRestored);
    }
}
