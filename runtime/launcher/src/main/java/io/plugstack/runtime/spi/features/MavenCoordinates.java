package io.plugstack.runtime.spi.features;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Maven coordinates, the one parser of them: as features and Maven write them
 * ({@code group:artifact:version[:type[:classifier]]}) or as Karaf does ({@code mvn:group/artifact/version[/type[/classifier]]}).
 */
public record MavenCoordinates(String group, String artifact, String version, String type, String classifier) {

    private static final String FORMS = "group:artifact:version[:type[:classifier]] or mvn:group/artifact/version";

    /**
     * The coordinates {@code text} names.
     *
     * @throws IllegalArgumentException naming the text when it is not coordinates
     */
    public static MavenCoordinates parse(String text) {
        return parseIfCoordinates(text).orElseThrow(() -> notCoordinates(text));
    }

    /**
     * The coordinates {@code text} names; empty when it is plainly something else (a path: it has a '/'
     * and no "mvn:", or no ':' at all).
     *
     * @throws IllegalArgumentException when it looks like coordinates but is malformed
     */
    public static Optional<MavenCoordinates> parseIfCoordinates(String text) {
        List<String> parts;
        if (text.startsWith("mvn:")) {
            parts = List.of(text.substring(4).split("/", -1));
        } else if (!text.contains("/") && text.contains(":")) {
            parts = List.of(text.split(":", -1));
        } else {
            return Optional.empty();
        }
        if (parts.size() < 3 || parts.size() > 5 || parts.stream().anyMatch(String::isBlank)) {
            throw notCoordinates(text);
        }
        return Optional.of(new MavenCoordinates(parts.get(0), parts.get(1), parts.get(2), parts.size() > 3 ? parts.get(3) : "jar",
                parts.size() > 4 ? parts.get(4) : ""));
    }

    private static IllegalArgumentException notCoordinates(String text) {
        return new IllegalArgumentException("\"" + text + "\" is not Maven coordinates (" + FORMS + ")");
    }

    /** Where the artifact is in a Maven-layout repository: {@code <group path>/<artifact>/<version>/<artifact>-<version>[-classifier].<type>}. */
    public Path relativePath() {
        return Path.of(group.replace('.', '/'), artifact, version,
                artifact + "-" + version + (classifier.isEmpty() ? "" : "-" + classifier) + "." + type);
    }

    @Override
    public String toString() {
        return group + ":" + artifact + ":" + version + ("jar".equals(type) && classifier.isEmpty() ? "" : ":" + type)
                + (classifier.isEmpty() ? "" : ":" + classifier);
    }
}
