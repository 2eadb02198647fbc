package io.plugstack.spank.privatetmp;

import java.nio.file.Path;
import java.util.List;

/**
 * A job's private directory, {@code <base>/slurm-<jobid>}, and where private-tmp records the directories it
 * made ({@code records=}, else the runtime's {@code <home>/data/private-tmp}). The base is {@code base=}, else
 * the runtime's own {@code <home>/data/tmp} ({@code homeBase}): every home numbers its jobs from 1, so two
 * homes on one machine sharing /tmp would meet each other's slurm-N. Outside a runtime it is /tmp.
 */
record JobTmp(Path base, long job, Path records, boolean homeBase) {

    /** {@code <home>/data/tmp}: beside the records, in the home's data folder. */
    static final String HOME_BASE = "tmp";
    /** rwx--x--x: the jobs' users pass through to their own slurm-N; nobody else lists or writes it. */
    private static final java.util.Set<java.nio.file.attribute.PosixFilePermission> HOME_BASE_MODE =
            java.nio.file.attribute.PosixFilePermissions.fromString("rwx--x--x");

    static JobTmp of(List<String> args, long jobId, Path homeRecords) {
        Path base = null;
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
        boolean homeBase = base == null && homeRecords != null;
        if (base == null) {
            base = homeBase ? homeRecords.resolveSibling(HOME_BASE) : Path.of("/tmp");
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
        return new JobTmp(base, jobId, records, homeBase);
    }

    /**
     * The home's base, made (rwx--x--x, as the runtime's user) if it is missing; a base= given is the admin's
     * to make. Whether it may be used is still PrivateDirectory's check.
     */
    void makeHomeBase() throws java.io.IOException {
        if (!homeBase || java.nio.file.Files.isDirectory(base, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            java.nio.file.Files.createDirectory(base, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(HOME_BASE_MODE));
            java.nio.file.Files.setPosixFilePermissions(base, HOME_BASE_MODE); // past the umask
        } catch (java.nio.file.FileAlreadyExistsException e) {
            // another job's prolog made it meanwhile
        }
    }

    String name() {
        return "slurm-" + job;
    }

    Path directory() {
        return base.resolve(name());
    }
}
