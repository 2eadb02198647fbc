package io.plugstack.runtime.spank.options;

import java.util.ArrayList;
import java.util.List;

import io.plugstack.api.slurm.SlurmLog;

/** A SlurmLog that keeps every line as "LEVEL message". */
final class RecordingLog implements SlurmLog {

    final List<String> lines = new ArrayList<>();

    @Override
    public void log(Level level, String message) {
        lines.add(level + " " + message);
    }

    /** The messages logged at {@code level}, in order. */
    List<String> at(Level level) {
        String prefix = level + " ";
        return lines.stream().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length())).toList();
    }
}
