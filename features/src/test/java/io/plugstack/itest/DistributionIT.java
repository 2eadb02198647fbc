package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.plugstack.runtime.launcher.RuntimeSettings;
import io.plugstack.runtime.launcher.bootfeatures.BundleRepository;
import io.plugstack.runtime.launcher.bootfeatures.FeatureFiles;
import io.plugstack.runtime.spi.features.FeatureDefinition;

/**
 * The features are the single source of truth of what ships: the assembled system/ repository
 * holds exactly the jars the feature files name, and the boot features are files that exist.
 */
class DistributionIT {

    static final Path DIST = PlugstackRuntime.dist();
    static final FeatureFiles FEATURES = new FeatureFiles(DIST.resolve("features"), new BundleRepository(List.of(DIST.resolve("system"))),
            RuntimeSettings.load(DIST, new java.util.Properties()).bootFeatures());

    @Test
    void everyJarOfTheRepositoryIsNamedByAFeature() throws Exception {
        Set<Path> named = new TreeSet<>();
        for (String name : FEATURES.available()) {
            FEATURES.read(name).bundles().stream().map(FeatureDefinition.Bundle::jar).forEach(named::add);
        }
        Set<Path> shipped = new TreeSet<>();
        try (Stream<Path> s = Files.walk(DIST.resolve("system"))) {
            s.filter(p -> p.toString().endsWith(".jar")).forEach(shipped::add);
        }
        assertThat(shipped).as("jars in system/ that no feature names").isSubsetOf(named);
    }

    @Test
    void everyBundleAFeatureNamesIsInTheRepository() {
        assertThat(FEATURES.available()).isNotEmpty().allSatisfy(name -> assertThat(FEATURES.read(name).bundles())
                .allSatisfy(b -> assertThat(b.jar()).as(name + ": " + b.id()).isRegularFile()));
    }

    @Test
    void bootFeaturesAreFeatureFilesOfTheDistribution() {
        assertThat(FEATURES.boot()).containsExactly("plugstack-runtime", "plugstack-spank", "plugstack-job-submit", "plugstack-cli-filter");
        assertThat(FEATURES.available()).containsAll(FEATURES.boot()).contains("site-policy");
    }
}
