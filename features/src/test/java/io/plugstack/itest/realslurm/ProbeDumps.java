package io.plugstack.itest.realslurm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Where a probe script writes its dump under Slurm's own Lua ({@link #slurms}) and under Plugstack's
 * ({@link #plugstack}): a directory every user may write in (1777: slurmctld and the ctld role write as
 * SlurmUser, cli_filter hooks as the command's user), under the test's directory made traversable.
 */
record ProbeDumps(Path slurms, Path plugstack) {

    static ProbeDumps in(Path testDir) throws IOException {
        Files.setPosixFilePermissions(testDir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path dumps = Files.createDirectories(testDir.resolve("dumps"));
        Files.setAttribute(dumps, "unix:mode", 01777);
        return new ProbeDumps(dumps.resolve("slurms.txt"), dumps.resolve("plugstack.txt"));
    }
}
