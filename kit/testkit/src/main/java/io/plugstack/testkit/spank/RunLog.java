package io.plugstack.testkit.spank;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.plugstack.api.slurm.SlurmLog;

/**
 * What the processes of one run print, in order: the engine's lines, the plugin's (through its handle's
 * log) and the processes' own error lines, each rendered as Slurm prints it ({@link SlurmLog#line}).
 */
final class RunLog {

    private record Entry(String process, SlurmLog.Level level, String message) {
    }

    private final List<Entry> entries = new ArrayList<>();

    /** The log of {@code process} (its Slurm name: "srun", "slurmstepd", ...). */
    SlurmLog of(String process) {
        return (level, message) -> entries.add(new Entry(process, level, Objects.requireNonNull(message, "message")));
    }

    /** Where the next line will be: a mark for {@link #lastError(int)}. */
    int mark() {
        return entries.size();
    }

    /** The lines a user sees at -v {@code verbosity}. */
    List<String> lines(int verbosity) {
        List<String> out = new ArrayList<>();
        for (Entry e : entries) {
            String line = SlurmLog.line(e.process(), verbosity, e.level(), e.message());
            if (line != null) {
                out.add(line);
            }
        }
        return out;
    }

    /**
     * The last error line since {@code mark}: the line the process printed for the failure (Slurm's own,
     * "Invalid --name argument: x" or "spank: required plugin ...: init() failed"), which comes after
     * what the plugin logged about it. "" when there is none.
     */
    String lastError(int mark) {
        List<Entry> since = entries.subList(mark, entries.size());
        for (int i = since.size() - 1; i >= 0; i--) {
            Entry e = since.get(i);
            if (e.level() == SlurmLog.Level.ERROR || e.level() == SlurmLog.Level.PLAIN) {
                return SlurmLog.line(e.process(), 0, e.level(), e.message());
            }
        }
        return "";
    }
}
