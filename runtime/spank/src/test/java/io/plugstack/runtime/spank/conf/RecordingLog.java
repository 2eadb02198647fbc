package io.plugstack.runtime.spank.conf;

import io.plugstack.api.slurm.SlurmLog;

import java.util.ArrayList;
import java.util.List;

/** Keeps every message, in order. */
final class RecordingLog implements SlurmLog {

    final List<String> all = new ArrayList<>();
    private final List<Level> levels = new ArrayList<>();

    @Override
    public void log(Level level, String message) {
        levels.add(level);
        all.add(message);
    }

    /** The messages logged at {@code level}, in order. */
    List<String> at(Level level) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (levels.get(i) == level) {
                out.add(all.get(i));
            }
        }
        return out;
    }

    List<String> errors() {
        return at(Level.ERROR);
    }
}
