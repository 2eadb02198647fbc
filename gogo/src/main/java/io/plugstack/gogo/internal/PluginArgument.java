package io.plugstack.gogo.internal;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.osgi.framework.Version;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginNames;
import io.plugstack.runtime.host.catalog.PluginRecord;

/**
 * How every command that names a plugin reads the name, so that they all take the same ones: the
 * plugin name (renice), its type (spank/renice, job_submit/partition, partition; a family alone, spank,
 * names all of its plugins), its bundle
 * symbolic name, any of those with {@code @version} for one deployed version, or a bundle id. What
 * names nothing, or several plugins where the command acts on one, is refused listing the candidates.
 */
public final class PluginArgument {

    /** The argument as the commands' help describes it. */
    public static final String NAMES = "plugin: name (renice), type (spank/renice, job_submit/partition), symbolic name,"
            + " name@version, or bundle id";

    private final String command;
    private final String text;
    private final Optional<Version> version;
    private final List<PluginRecord> records;
    private final List<PluginRecord> all;

    private PluginArgument(String command, String text, Optional<Version> version, List<PluginRecord> records,
            List<PluginRecord> all) {
        this.command = command;
        this.text = text;
        this.version = version;
        this.records = records;
        this.all = all;
    }

    /**
     * The plugin bundles {@code text} names among {@code plugins} (the catalog's), refusing for
     * {@code command} when it names none.
     */
    public static PluginArgument resolve(String command, List<PluginRecord> plugins, String text) {
        String t = text.trim();
        if (!t.isEmpty() && t.chars().allMatch(Character::isDigit)) {
            long id = Long.parseLong(t);
            List<PluginRecord> found = plugins.stream().filter(r -> r.bundleId() == id).toList();
            if (found.isEmpty()) {
                throw Commands.fail(command, "no plugin bundle " + id + "; plugins: " + candidates(plugins));
            }
            return new PluginArgument(command, t, Optional.empty(), found, plugins);
        }
        int at = t.lastIndexOf('@');
        String reference = at > 0 ? t.substring(0, at) : t;
        Optional<Version> version = Optional.empty();
        if (at > 0) {
            try {
                version = Optional.of(Version.parseVersion(t.substring(at + 1)));
            } catch (IllegalArgumentException e) {
                throw Commands.fail(command, "'" + t + "': '" + t.substring(at + 1) + "' is not a version (name@1.2.0)");
            }
        }
        // a family's name alone (spank, job_submit) names every plugin of it
        boolean family = PluginFamily.ofMajor(reference).isPresent();
        List<PluginRecord> named = plugins.stream()
                .filter(r -> family ? r.type() != null && (r.type().equals(reference) || r.type().startsWith(reference + "/"))
                        : PluginNames.names(reference, r))
                .toList();
        if (named.isEmpty()) {
            throw Commands.fail(command, "no plugin named '" + reference + "'; plugins: " + candidates(plugins));
        }
        Optional<Version> v = version;
        List<PluginRecord> found = named.stream().filter(r -> v.isEmpty() || v.get().equals(versionOf(r))).toList();
        if (found.isEmpty()) {
            throw Commands.fail(command, "no version " + v.get() + " of " + reference + " is deployed; deployed: "
                    + named.stream().map(PluginArgument::label).collect(Collectors.joining(", ")));
        }
        return new PluginArgument(command, t, version, found, plugins);
    }

    /** Every bundle named, all versions of each plugin unless one was named. */
    public List<PluginRecord> records() {
        return records;
    }

    /** Whether the argument named one version ({@code name@version} or a bundle id). */
    public boolean namesOneVersion() {
        return version.isPresent() || records.size() == 1 && text.chars().allMatch(Character::isDigit);
    }

    /** The version named ({@code name@version}, or the bundle's for a bundle id). */
    public Optional<String> version() {
        return namesOneVersion() ? Optional.of(records.get(0).bundleVersion()) : Optional.empty();
    }

    /** The one plugin named, by symbolic name; refused listing them when it names several. */
    public String symbolicName() {
        Set<String> bsns = records.stream().map(PluginRecord::symbolicName).collect(Collectors.toCollection(LinkedHashSet::new));
        if (bsns.size() > 1) {
            throw Commands.fail(command, "'" + text + "' names several plugins: " + candidates(records) + "; name one");
        }
        return bsns.iterator().next();
    }

    /** The one bundle named; refused listing the deployed versions when several are. */
    public PluginRecord bundle() {
        symbolicName();
        if (records.size() > 1) {
            throw Commands.fail(command, "'" + text + "' has several versions deployed: "
                    + records.stream().map(PluginArgument::label).collect(Collectors.joining(", "))
                    + "; name one (name@version or bundle id)");
        }
        return records.get(0);
    }

    /** Every plugin of the catalog, as a refusal lists them. */
    public List<PluginRecord> catalog() {
        return all;
    }

    /** How a plugin is named to the admin: its plugin name for SPANK, its type for the typed families. */
    public static String name(PluginRecord r) {
        if (r.type() == null) {
            return r.symbolicName();
        }
        return "spank".equals(r.type()) && r.name() != null ? r.name() : r.type();
    }

    private static String label(PluginRecord r) {
        return name(r) + "@" + r.bundleVersion() + " [" + r.bundleId() + "]";
    }

    private static String candidates(List<PluginRecord> plugins) {
        if (plugins.isEmpty()) {
            return "none deployed";
        }
        return plugins.stream().map(r -> name(r) + " (" + r.symbolicName() + ")").distinct().collect(Collectors.joining(", "));
    }

    private static Version versionOf(PluginRecord r) {
        try {
            return Version.parseVersion(r.bundleVersion());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
