package io.plugstack.gogo.internal;

import java.util.Optional;

/** Maven coordinates as Karaf writes them (mvn:g/a/v) or as Maven does (g:a:v). */
final class MavenCoordinates {
    private MavenCoordinates() {
    }

    /** {group, artifact, version}, or empty when {@code text} is not coordinates (a path, then). */
    static Optional<String[]> parse(String text) {
        String[] parts;
        if (text.startsWith("mvn:")) {
            parts = text.substring(4).split("/");
        } else if (!text.contains("/") && text.chars().filter(ch -> ch == ':').count() == 2) {
            parts = text.split(":");
        } else {
            return Optional.empty();
        }
        if (parts.length != 3 || java.util.Arrays.stream(parts).anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("deploy: \"" + text + "\" is not Maven coordinates (mvn:group/artifact/version or group:artifact:version)");
        }
        return Optional.of(parts);
    }
}
