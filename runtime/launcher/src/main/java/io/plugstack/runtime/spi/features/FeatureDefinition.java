package io.plugstack.runtime.spi.features;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A feature read from its file: its bundles resolved to jars of the repository, and its
 * configurations as ConfigAdmin PIDs with typed values.
 *
 * @param name           the feature's name: its file name without {@code .json}
 * @param id             the feature's own id (Maven coordinates)
 * @param file           the file it was read from
 * @param bundles        its bundles, in the order listed
 * @param configurations its configurations, in the order listed
 */
public record FeatureDefinition(String name, String id, Path file, List<Bundle> bundles, List<Configuration> configurations) {

    public FeatureDefinition {
        bundles = List.copyOf(bundles);
        configurations = List.copyOf(configurations);
    }

    /** The bundles in the order they are started: ascending start-order, listed order among equals. */
    public List<Bundle> startOrder() {
        return bundles.stream().sorted(Comparator.comparingInt(Bundle::startOrder)).toList();
    }

    /**
     * One bundle of a feature.
     *
     * @param id                Maven coordinates as written in the feature ({@code group:artifact:version})
     * @param jar               the jar it resolved to
     * @param startOrder        the {@code start-order} metadata, 0 when not given
     * @param startConcurrently the {@code start-concurrently} metadata: the launcher starts it on a thread of its
     *                          own, in its place, and goes on with the next bundles at once (the console: its
     *                          terminal is set up beside the plugins' start, its prompt waits for them all)
     * @param console           the {@code console} metadata: the interactive console, which a node daemon (no
     *                          terminal, run by a service manager) does not start
     */
    public record Bundle(String id, Path jar, int startOrder, boolean startConcurrently, boolean console) {
        public Bundle(String id, Path jar, int startOrder) {
            this(id, jar, startOrder, false, false);
        }

        /** The bundle location it is installed under, the same for the launcher and the installer. */
        public String location() {
            return jar.toUri().toString();
        }
    }

    /**
     * One configuration.
     *
     * @param pid    the PID, or {@code factoryPid~name} for a factory configuration
     * @param values the typed values
     */
    public record Configuration(String pid, Map<String, Object> values) {
        public Configuration {
            values = Map.copyOf(values);
        }

        /** The factory PID of a {@code factoryPid~name} configuration, or null. */
        public String factoryPid() {
            int tilde = pid.indexOf('~');
            return tilde < 0 ? null : pid.substring(0, tilde);
        }

        /** The name of a {@code factoryPid~name} configuration, or null. */
        public String factoryName() {
            int tilde = pid.indexOf('~');
            return tilde < 0 ? null : pid.substring(tilde + 1);
        }
    }
}
