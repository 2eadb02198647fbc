package io.plugstack.runtime.spank.conf;

import java.nio.file.Path;
import java.util.List;

/** One plugstack.conf plugin line: required/optional, the plugin reference, its words, where it stands. */
public record StackEntry(boolean required, String plugin, List<String> args, Path file, int line) {
    public StackEntry {
        args = List.copyOf(args);
    }
}
