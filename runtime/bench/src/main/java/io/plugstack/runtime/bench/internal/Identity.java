package io.plugstack.runtime.bench.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The uid/gid the bench runs jobs as: this process's own (the owner of /proc/self). */
final class Identity {
    private Identity() {
    }

    static long uid() {
        return attribute("unix:uid");
    }

    static long gid() {
        return attribute("unix:gid");
    }

    private static long attribute(String name) {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), name)).longValue();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return 0;
        }
    }
}
