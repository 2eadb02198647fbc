package io.plugstack.runtime.featureinstaller.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;

import io.plugstack.runtime.spi.features.FeatureDefinition;

/**
 * One feature being installed, with an undo log: bundles it installed itself and configurations
 * it changed. {@link #rollback()} undoes them in reverse order, so a failed install leaves the
 * runtime as it found it.
 */
final class Installation {

    private final BundleContext context;
    private final Configurations configurations;
    private final List<Bundle> installed = new ArrayList<>();
    private final List<InstalledFeature.Previous> changed = new ArrayList<>();
    private final List<InstalledFeature.Previous> recorded = new ArrayList<>();

    Installation(BundleContext context, Configurations configurations) {
        this.context = context;
        this.configurations = configurations;
    }

    /** Installs the bundles not there yet (by location), then starts them all in start-order. */
    void bundles(FeatureDefinition feature) {
        for (FeatureDefinition.Bundle b : feature.bundles()) {
            if (context.getBundle(b.location()) == null) {
                try {
                    installed.add(context.installBundle(b.location()));
                } catch (BundleException | RuntimeException e) {
                    throw failure(feature, b, "cannot be installed", e);
                }
            }
        }
        for (FeatureDefinition.Bundle b : feature.startOrder()) {
            Bundle bundle = context.getBundle(b.location());
            if (bundle.getHeaders("").get(Constants.FRAGMENT_HOST) == null) {
                try {
                    bundle.start();
                } catch (BundleException | RuntimeException e) {
                    throw failure(feature, b, "did not start", e);
                }
            }
        }
    }

    /**
     * Pushes the feature's configurations. Each PID's previous values are taken from
     * {@code remembered} when given (a replay at start: ConfigAdmin is empty by then), else read now.
     */
    List<InstalledFeature.Previous> configurations(FeatureDefinition feature, InstalledFeature remembered) {
        for (FeatureDefinition.Configuration c : feature.configurations()) {
            try {
                Map<String, Object> before = configurations.current(c.pid());
                InstalledFeature.Previous previous = remembered == null ? new InstalledFeature.Previous(c.pid(), before)
                        : remembered.previousOf(c.pid()).orElse(new InstalledFeature.Previous(c.pid(), null));
                changed.add(new InstalledFeature.Previous(c.pid(), before));
                configurations.put(c.pid(), c.values());
                recorded.add(previous);
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException(feature.file() + ": configurations \"" + c.pid() + "\": " + e.getMessage(), e);
            }
        }
        return List.copyOf(recorded);
    }

    /** Undoes what this installation did: configurations back as they were, its own bundles uninstalled. */
    List<String> rollback() {
        List<String> problems = new ArrayList<>();
        for (int i = changed.size() - 1; i >= 0; i--) {
            InstalledFeature.Previous p = changed.get(i);
            try {
                configurations.restore(p.pid(), p.values());
            } catch (IOException | RuntimeException e) {
                problems.add("configuration " + p.pid() + ": " + e.getMessage());
            }
        }
        for (int i = installed.size() - 1; i >= 0; i--) {
            try {
                installed.get(i).uninstall();
            } catch (BundleException | RuntimeException e) {
                problems.add("bundle " + installed.get(i).getLocation() + ": " + e.getMessage());
            }
        }
        return problems;
    }

    /** The bundles this installation installed itself (to refresh after a rollback). */
    List<Bundle> installedBundles() {
        return List.copyOf(installed);
    }

    private static IllegalArgumentException failure(FeatureDefinition feature, FeatureDefinition.Bundle b, String what, Exception e) {
        return new IllegalArgumentException(feature.file() + ": bundles \"" + b.id() + "\" " + what + ": " + e.getMessage(), e);
    }
}
