package io.plugstack.runtime.featureinstaller.internal;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What uninstalling a feature does to one PID it set. The admin's word wins over the feature's
 * record of what was there before: a value changed since the feature set it (in a deploy/*.cfg or
 * otherwise) stays, and a deploy/*.cfg file for the PID wins over the values it held before the
 * feature. Whatever is left, a disagreement between ConfigAdmin and the file is said, never silent.
 */
final class ConfigurationUndo {

    /** What happened to the PID. */
    enum Kind { DELETED, RESTORED, KEPT }

    /** @param notes lines for the admin: why it was kept, that the file won, a disagreement left */
    record Outcome(Kind kind, List<String> notes) {
    }

    private final Configurations configurations;
    private final ConfigFiles files;

    ConfigurationUndo(Configurations configurations, ConfigFiles files) {
        this.configurations = configurations;
        this.files = files;
    }

    /**
     * Undoes {@code pid}, which the feature set to {@code set}; {@code previous} is what it held
     * before (null: it did not exist).
     */
    Outcome undo(String pid, Map<String, Object> set, Map<String, Object> previous) throws IOException {
        Map<String, Object> current = configurations.current(pid);
        Optional<Path> file = files.fileOf(pid);
        List<String> notes = new ArrayList<>();
        Kind kind;
        if (!ConfigFiles.differences(current, set).isEmpty()) {
            kind = Kind.KEPT;
            notes.add("kept " + pid + ": changed since the feature set it (" + source(current) + ")");
        } else if (file.isPresent() && !ConfigFiles.differences(previous, files.read(file.get())).isEmpty()) {
            configurations.put(pid, files.read(file.get()));
            kind = Kind.RESTORED;
            notes.add("restored " + pid + " from " + ConfigFiles.shown(file.get()) + ": the file differs from what the PID held"
                    + " before the feature, and the file wins");
        } else {
            configurations.restore(pid, previous);
            kind = previous == null ? Kind.DELETED : Kind.RESTORED;
        }
        files.disagreement(pid, configurations.current(pid)).ifPresent(d -> notes.add(pid + ": " + d));
        return new Outcome(kind, notes);
    }

    /** Where a change after the feature came from: the file FileInstall read it from, else ConfigAdmin itself. */
    private static String source(Map<String, Object> current) {
        if (current == null) {
            return "deleted in ConfigAdmin";
        }
        Object from = current.get(ConfigFiles.FILENAME);
        if (from != null) {
            try {
                return ConfigFiles.shown(Path.of(URI.create(from.toString())));
            } catch (IllegalArgumentException e) {
                return from.toString();
            }
        }
        return "in ConfigAdmin, not from a deploy/*.cfg file";
    }
}
