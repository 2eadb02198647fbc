package io.plugstack.runtime.spank.conf;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One {@code required|optional <plugin> [args...]} line of plugstack.conf (SPANK-7).
 *
 * @param required whether the keyword was {@code required} (otherwise {@code optional})
 * @param plugin   the plugin reference exactly as written (e.g. {@code renice},
 *                 {@code /usr/lib/x.so}, or with CRLF files {@code "demo\r"}); resolving it is
 *                 the loader's job
 * @param args     the words after the plugin, in order; empty when there are none (Slurm's
 *                 {@code ac == 0, argv == NULL})
 * @param file     the file the line came from (an included file for lines read through
 *                 {@code include})
 * @param line     the 1-based line number within {@code file}, counted per {@code fgets} read
 *                 (SPANK-3)
 */
public record StackEntry(boolean required, String plugin, List<String> args, Path file, int line) {
    public StackEntry {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(file, "file");
        args = List.copyOf(args);
    }
}
