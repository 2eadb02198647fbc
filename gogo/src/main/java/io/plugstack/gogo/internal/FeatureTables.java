package io.plugstack.gogo.internal;

import java.util.List;
import java.util.Locale;

import io.plugstack.runtime.bench.api.Table;
import io.plugstack.runtime.featureinstaller.FeatureStatus;

/** Features as the shell shows them: one row per bundle and per configuration of each feature. */
public final class FeatureTables {

    private FeatureTables() {
    }

    public static String of(List<FeatureStatus> features) {
        Table t = new Table("FEATURE", "STATUS", "BUNDLE/CONFIGURATION", "ID", "STATE");
        for (FeatureStatus f : features) {
            String status = f.kind().name().toLowerCase(Locale.ROOT);
            if (!f.problem().isEmpty()) {
                t.row(f.name(), status, "-", "-", "ERROR: " + f.problem());
                continue;
            }
            if (f.bundles().isEmpty() && f.configurations().isEmpty()) {
                t.row(f.name(), status);
            }
            for (FeatureStatus.BundleState b : f.bundles()) {
                t.row(f.name(), status, b.id(), b.bundleId() < 0 ? "-" : b.bundleId(), b.state());
            }
            for (String pid : f.configurations()) {
                String disagreement = f.disagreements().get(pid);
                if (disagreement == null) {
                    t.row(f.name(), status, "config " + pid);
                } else {
                    t.row(f.name(), status, "config " + pid, "-", disagreement);
                }
            }
        }
        return t.toString();
    }
}
