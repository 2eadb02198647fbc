package io.plugstack.runtime.spi.features;

import java.util.List;

/**
 * The feature files of the runtime ({@code <home>/features/*.json}, OSGi Feature format) and the
 * bundle repository their bundle ids resolve against. Registered by the launcher, which reads the
 * same files to install the boot features; the in-framework installer reads through it.
 */
public interface FeatureRepository {

    /** Names (file names without {@code .json}) of the feature files in the features folder, sorted. */
    List<String> available();

    /** The features installed at every start ({@code plugstack.features.boot}), in order. */
    List<String> boot();

    /**
     * Reads a feature by name (a file in the features folder) or by path, every bundle id resolved to
     * a jar of the repository.
     *
     * @throws IllegalArgumentException naming the file and the bad entry: no such file, malformed
     *         JSON, a bundle id that is not Maven coordinates or has no jar in the repository, a bad
     *         start-order, a bad typed configuration value
     */
    FeatureDefinition read(String nameOrPath);
}
