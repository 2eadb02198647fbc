package io.plugstack.api.plugin;

import java.util.Optional;
import java.util.function.Function;

/**
 * A plugin's identity as Slurm's loader sees it: {@code plugin_type}, {@code plugin_name} and
 * {@code plugin_version}, read from the bundle's {@link PluginHeaders}; and, Plugstack's own, the
 * release series it was written for ({@link PluginHeaders#RELEASES}), when it declares them.
 *
 * @param type       plugin_type ({@link PluginHeaders#TYPE})
 * @param name       plugin_name ({@link PluginHeaders#NAME})
 * @param version    plugin_version ({@link PluginHeaders#VERSION})
 * @param writtenFor the release series ({@link PluginHeaders#RELEASES}), empty when not declared
 */
public record PluginIdentity(PluginType type, String name, SlurmVersion version, Optional<ReleaseSeries> writtenFor) {

    /**
     * A plugin that declares no release series: Slurm's check alone decides where it loads.
     *
     * @param type    plugin_type
     * @param name    plugin_name
     * @param version plugin_version
     */
    public PluginIdentity(PluginType type, String name, SlurmVersion version) {
        this(type, name, version, Optional.empty());
    }

    /**
     * Reads the three headers. A missing header is Slurm's ESLURM_PLUGIN_MISSING_NAME; a malformed
     * one is refused too. The exception message names the header and what was expected.
     *
     * @param header the bundle's manifest headers (null for an absent header)
     * @return the identity
     * @throws IllegalArgumentException "&lt;header&gt;: &lt;what is wrong&gt;"
     */
    public static PluginIdentity fromHeaders(Function<String, String> header) {
        String type = required(header, PluginHeaders.TYPE);
        String name = required(header, PluginHeaders.NAME);
        String version = required(header, PluginHeaders.VERSION);
        PluginType parsedType;
        try {
            parsedType = PluginType.parse(type);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(PluginHeaders.TYPE + " " + e.getMessage(), e);
        }
        if (!name.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.')) {
            throw new IllegalArgumentException(PluginHeaders.NAME + " \"" + name + "\" may hold only letters, digits, '_', '-' and '.'");
        }
        SlurmVersion parsedVersion;
        try {
            parsedVersion = SlurmVersion.parse(version);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(PluginHeaders.VERSION + " " + e.getMessage(), e);
        }
        String releases = header.apply(PluginHeaders.RELEASES);
        Optional<ReleaseSeries> writtenFor;
        try {
            writtenFor = releases == null ? Optional.empty() : Optional.of(ReleaseSeries.parse(releases));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(PluginHeaders.RELEASES + " " + e.getMessage(), e);
        }
        return new PluginIdentity(parsedType, name.trim(), parsedVersion, writtenFor);
    }

    private static String required(Function<String, String> header, String name) {
        String value = header.apply(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is missing (every Slurm plugin must declare "
                    + PluginHeaders.TYPE + ", " + PluginHeaders.NAME + " and " + PluginHeaders.VERSION + ")");
        }
        return value.trim();
    }

    /**
     * Slurm's load-time version check (PLUG-3) against the host's release; a plugin written for the
     * host's release series ({@link PluginHeaders#RELEASES}) passes whatever release it was built with.
     *
     * @param host the release the runtime plays
     * @return empty when the plugin may load, else the reason, naming the header and the expected value
     */
    public Optional<String> incompatibilityWith(SlurmVersion host) {
        SlurmVersion.Match match = type.family().versionMatch();
        if (host.accepts(version, match) || writtenFor.map(r -> r.contains(host)).orElse(false)) {
            return Optional.empty();
        }
        String expected = match == SlurmVersion.Match.MAJOR_MINOR
                ? host.series() + ".x"
                : host.toSlurmString();
        return Optional.of(PluginHeaders.VERSION + " " + version.toSlurmString() + " does not match the runtime's Slurm " + host.toSlurmString()
                + ": expected " + expected + " (Incompatible Slurm plugin version)"
                + writtenFor.map(r -> "; " + PluginHeaders.RELEASES + " " + r + " does not include it").orElse(""));
    }

    @Override
    public String toString() {
        return type + " " + name + " " + version;
    }
}
