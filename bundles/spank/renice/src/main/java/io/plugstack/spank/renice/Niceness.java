package io.plugstack.spank.renice;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** This process's niceness, which task processes inherit (field 19 of /proc/self/stat). */
final class Niceness {
    private Niceness() {
    }

    static int current() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // the command name (field 2) may contain spaces: count fields after its closing ')'
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(f[16]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
