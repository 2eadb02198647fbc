package io.plugstack.runtime.featureinstaller;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Features at run time: install one (its bundles installed and started in start-order, its
 * configurations pushed to ConfigAdmin), uninstall it (leaving nothing behind), list them all.
 * Installed features are remembered across restarts.
 */
@ProviderType
public interface FeatureService {

    /**
     * Installs a feature by name (a file of {@code <home>/features/}) or path. All or nothing: on
     * any failure what was installed is rolled back and the exception names the file and the entry.
     */
    FeatureStatus install(String nameOrPath);

    /**
     * Uninstalls an installed feature: the bundles no other feature still needs, the configurations
     * it created; a configuration it overwrote gets back its previous values.
     */
    Uninstalled uninstall(String name);

    /** Every feature: the boot ones, the installed ones, and the other files of the features folder. */
    List<FeatureStatus> features();
}
