package io.plugstack.spank.privatetmp;

import java.nio.file.Path;
import java.util.List;

/** Where a job's private directory is: {@code <base>/slurm-<jobid>}; base from {@code base=}, /tmp by default. */
record JobTmp(Path base, String name) {

    static JobTmp of(List<String> args, long jobId) {
        Path base = Path.of("/tmp");
        for (String a : args) {
            if (a.startsWith("base=") && a.length() > 5) {
                base = Path.of(a.substring(5));
            } else {
                throw new IllegalArgumentException("unknown argument \"" + a + "\" (expected base=<dir>)");
            }
        }
        if (!base.isAbsolute()) {
            throw new IllegalArgumentException("base=" + base + " must be an absolute path");
        }
        return new JobTmp(base, "slurm-" + jobId);
    }

    Path directory() {
        return base.resolve(name);
    }
}
