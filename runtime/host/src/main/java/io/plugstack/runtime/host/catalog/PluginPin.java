package io.plugstack.runtime.host.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.plugstack.api.plugin.PluginFamily;

import org.osgi.framework.Version;
import org.osgi.framework.VersionRange;

/**
 * A plugin reference with an optional version pin, as written in plugstack.conf
 * ({@code required renice@[1.2,1.3)}), in JobSubmitPlugins=/CliFilterPlugins= entries
 * ({@code partition@1.0.2}) and in the shell. The pin follows the last '@':
 * <ul>
 *   <li>an OSGi version range, {@code [1.2,1.3)}: brackets include an end, parentheses exclude it;</li>
 *   <li>a bare version, {@code 1.2.3}, meaning exactly that version (an admin who pins a version
 *       means that one, not "1.2.3 or later" as a bare OSGi range would);</li>
 *   <li>{@code >=1.2} for "1.2 or later" (OSGi's bare-version range, spelled so it reads as one).</li>
 * </ul>
 * No '@' means unpinned: the highest version that resolves and inits runs.
 */
public record PluginPin(String reference, Optional<VersionRange> range) {

    /** Any version. */
    public static final VersionRange ANY = new VersionRange("0.0.0");

    public PluginPin {
        if (reference == null || reference.isEmpty()) {
            throw new IllegalArgumentException("empty plugin name");
        }
    }

    /** Parses {@code name[@pin]}; the message of the exception says what is wrong with the pin. */
    public static PluginPin parse(String text) {
        int at = text.lastIndexOf('@');
        if (at < 0) {
            return new PluginPin(text, Optional.empty());
        }
        if (at == 0) {
            throw new IllegalArgumentException("'" + text + "': no plugin name before '@'");
        }
        return new PluginPin(text.substring(0, at), Optional.of(range(text.substring(at + 1))));
    }

    /** A pin on its own: "[1.2,1.3)", "1.2.3" (exactly), ">=1.2"; the message says what is wrong. */
    public static VersionRange range(String pin) {
        String p = pin.trim();
        try {
            if (p.startsWith(">=")) {
                return new VersionRange(Version.parseVersion(p.substring(2).trim()).toString());
            }
            if (p.startsWith("[") || p.startsWith("(")) {
                return new VersionRange(p);
            }
            if (p.isEmpty()) {
                throw new IllegalArgumentException("no version after '@'");
            }
            Version exact = Version.parseVersion(p);
            return new VersionRange(VersionRange.LEFT_CLOSED, exact, exact, VersionRange.RIGHT_CLOSED);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad version pin '" + pin
                    + "' (use 1.2.3 for exactly that version, [1.2,1.3) for a range, >=1.2 for at least): "
                    + e.getMessage(), e);
        }
    }

    /** How a pin is written back: the inverse of {@link #range(String)}. */
    public static String format(VersionRange range) {
        if (range.getRight() == null) {
            return ">=" + range.getLeft();
        }
        if (range.getLeft().equals(range.getRight()) && range.getLeftType() == VersionRange.LEFT_CLOSED
                && range.getRightType() == VersionRange.RIGHT_CLOSED) {
            return range.getLeft().toString();
        }
        return range.toString();
    }

    /** Whether {@code version} may run under this pin. */
    public boolean admits(Version version) {
        return range.map(r -> r.includes(version)).orElse(true);
    }

    /**
     * Splits a comma list of pinned references ("partition@[1.0,2.0),require_timelimit"): commas
     * inside a range's brackets do not split. Blank entries are dropped, entries are trimmed.
     */
    public static List<String> splitList(String list) {
        List<String> out = new ArrayList<>();
        if (list == null) {
            return out;
        }
        StringBuilder entry = new StringBuilder();
        boolean inRange = false;
        for (char c : list.toCharArray()) {
            if (c == '[' || c == '(') {
                inRange = true;
            } else if (c == ']' || c == ')') {
                inRange = false;
            } else if (c == ',' && !inRange) {
                add(out, entry);
                continue;
            }
            entry.append(c);
        }
        add(out, entry);
        return out;
    }

    /**
     * A configured plugin list (JobSubmitPlugins=, CliFilterPlugins=): each entry with or without its
     * family's prefix (JS-1, CLI-1), optionally pinned ("partition@[1.0,2.0)"), named by its full type
     * ("job_submit/partition@[1.0,2.0)"), in list order.
     *
     * @throws IllegalArgumentException naming an entry whose pin is malformed
     */
    public static List<PluginPin> configured(PluginFamily family, String list) {
        List<PluginPin> out = new ArrayList<>();
        for (String e : splitList(list)) {
            PluginPin pin = parse(e);
            out.add(new PluginPin(PluginNames.fullType(family, pin.reference()), pin.range()));
        }
        return out;
    }

    /** A plugin list setting ({@code JobSubmitPlugins}, {@code CliFilterPlugins}) of a configuration, "" when unset. */
    public static String listSetting(java.util.Map<String, ?> config, String key) {
        Object v = config.get(key);
        return v == null ? "" : String.valueOf(v).trim();
    }

    private static void add(List<String> out, StringBuilder entry) {
        String e = entry.toString().trim();
        if (!e.isEmpty()) {
            out.add(e);
        }
        entry.setLength(0);
    }

    @Override
    public String toString() {
        return range.map(r -> reference + "@" + format(r)).orElse(reference);
    }
}
