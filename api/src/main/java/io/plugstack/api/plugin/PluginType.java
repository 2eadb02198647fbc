package io.plugstack.api.plugin;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A parsed {@code plugin_type}: "major/minor" (MIME-like, plugin-api.txt), or the bare "spank"
 * that SPANK plugins use.
 *
 * @param family the plugin family named by the major part
 * @param minor  the minor part, or {@code null} for SPANK
 */
public record PluginType(PluginFamily family, String minor) {

    /**
     * Parses a plugin_type string.
     *
     * @param text e.g. "spank" or "job_submit/throttle"
     * @return the parsed type
     * @throws IllegalArgumentException with a message saying what is wrong and what is expected
     */
    public static PluginType parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("is empty; expected " + expected());
        }
        String s = text.trim();
        int slash = s.indexOf('/');
        String major = slash < 0 ? s : s.substring(0, slash);
        String minor = slash < 0 ? null : s.substring(slash + 1);
        PluginFamily family = PluginFamily.ofMajor(major).orElseThrow(() -> new IllegalArgumentException(
                "\"" + s + "\" has unknown major type \"" + major + "\"; expected " + expected()));
        if (family.minorRequired() && (minor == null || !validMinor(minor))) {
            throw new IllegalArgumentException("\"" + s + "\" must be " + major + "/<minor> with a minor of letters, digits or _");
        }
        if (!family.minorRequired() && minor != null) {
            throw new IllegalArgumentException("\"" + s + "\" must be exactly \"" + major + "\" (SPANK plugins have no minor type)");
        }
        return new PluginType(family, minor);
    }

    private static boolean validMinor(String minor) {
        return !minor.isEmpty() && minor.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_' || c == '-');
    }

    private static String expected() {
        return Arrays.stream(PluginFamily.values())
                .map(f -> f.minorRequired() ? f.major() + "/<minor>" : f.major())
                .collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return minor == null ? family.major() : family.major() + "/" + minor;
    }
}
