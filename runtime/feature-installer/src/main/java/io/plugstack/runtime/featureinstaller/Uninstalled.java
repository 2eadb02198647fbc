package io.plugstack.runtime.featureinstaller;

import java.util.List;

/**
 * What uninstalling a feature did.
 *
 * @param name                   the feature
 * @param bundlesRemoved         ids of the bundles uninstalled
 * @param bundlesKept            ids of its bundles another feature still needs
 * @param configurationsDeleted  PIDs it had created
 * @param configurationsRestored PIDs given back the values they had before it was installed, or their deploy/*.cfg file's
 * @param configurationsKept     PIDs left as they are: the admin changed them after the feature set them
 * @param configurationNotes     one line per PID the admin should look at: why it was kept, that its file won, a
 *                               disagreement between ConfigAdmin and its deploy/*.cfg file that remains
 */
public record Uninstalled(String name, List<String> bundlesRemoved, List<String> bundlesKept, List<String> configurationsDeleted,
        List<String> configurationsRestored, List<String> configurationsKept, List<String> configurationNotes) {

    public Uninstalled {
        bundlesRemoved = List.copyOf(bundlesRemoved);
        bundlesKept = List.copyOf(bundlesKept);
        configurationsDeleted = List.copyOf(configurationsDeleted);
        configurationsRestored = List.copyOf(configurationsRestored);
        configurationsKept = List.copyOf(configurationsKept);
        configurationNotes = List.copyOf(configurationNotes);
    }

    public Uninstalled(String name, List<String> bundlesRemoved, List<String> bundlesKept, List<String> configurationsDeleted,
            List<String> configurationsRestored) {
        this(name, bundlesRemoved, bundlesKept, configurationsDeleted, configurationsRestored, List.of(), List.of());
    }
}
