package io.plugstack.spank.privatetmp;

import java.nio.file.Path;
import java.util.List;

/**
 * A job's private directory, {@code <base>/slurm-<jobid>} (base from {@code base=}, /tmp by default), and
 * where private-tmp records the directories it made ({@code records=}, else the runtime's
 * {@code <home>/data/private-tmp}).
 */
record JobTmp(Path base, long job, Path records) {

    static JobTmp of(List<String> args, long jobId, Path homeRecords) {
        Path base = Path.of("/tmp");
        Path records = homeRecords;
        for (String a : args) {
            if (a.startsWith("base=") && a.length() > 5) {
                base = Path.of(a.substring(5));
            } else if (a.startsWith("records=") && a.length() > 8) {
                records = Path.of(a.substring(8));
            } else {
                throw new IllegalArgumentException("unknown argument \"" + a + "\" (expected base=<dir> or records=<dir>)");
            }
        }
        if (!base.isAbsolute()) {
            throw new IllegalArgumentException("base=" + base + " must be an absolute path");
        }
        if (records == null) {
            throw new IllegalArgumentException("no records directory: give records=<dir> (a directory only root writes)"
                    + " outside a Plugstack runtime");
        }
        if (!records.isAbsolute()) {
            throw new IllegalArgumentException("records=" + records + " must be an absolute path");
        }
        return new JobTmp(base, jobId, records);
    }

    String name() {
        return "slurm-" + job;
    }

    Path directory() {
        return base.resolve(name());
    }
}
