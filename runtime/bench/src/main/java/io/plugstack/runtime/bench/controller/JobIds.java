package io.plugstack.runtime.bench.controller;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import io.plugstack.api.slurm.SlurmLog;

/**
 * slurmctld's job id counter. Kept in the state save directory, as slurmctld keeps its last job id
 * in StateSaveLocation, so ids never repeat across restarts: a job id names a job's TMPDIR, output
 * file and records, and a second job with the same id would get the first one's. The next id is
 * written (aside, then renamed in) before an id is handed out, so a crash at any moment skips at
 * most that id and never repeats it.
 */
public final class JobIds {

    /** slurm.conf's FirstJobId default. */
    static final long FIRST_JOB_ID = 1;
    /** slurm.conf's MaxJobId default: ids wrap to FirstJobId after it, as Slurm's do. */
    static final long MAX_JOB_ID = 0x03ff0000L;

    private final Path file;
    private long next;

    private JobIds(Path file, long next) {
        this.file = file;
        this.next = next;
    }

    /** Ids that live as long as this controller (a bench with no home, in tests). */
    public static JobIds inMemory() {
        return new JobIds(null, FIRST_JOB_ID);
    }

    /**
     * The counter kept in {@code stateSave}/next_job_id. An unreadable or corrupt file is named in
     * the log and ids go on above {@code atLeast} (the highest id the node still knows of).
     */
    public static JobIds persisted(Path stateSave, long atLeast, SlurmLog log) {
        Path file = stateSave.resolve("next_job_id");
        long next = FIRST_JOB_ID;
        try {
            String text = Files.readString(file, StandardCharsets.US_ASCII).trim();
            next = Long.parseLong(text);
            if (next < FIRST_JOB_ID || next > MAX_JOB_ID) {
                log.error(file + ": next job id " + text + " is out of range; starting at " + Math.max(FIRST_JOB_ID, atLeast + 1));
                next = FIRST_JOB_ID;
            }
        } catch (NoSuchFileException first) {
            // the first start on this home
        } catch (IOException | NumberFormatException e) {
            log.error(file + ": cannot read the next job id (" + e.getMessage() + "); starting at "
                    + Math.max(FIRST_JOB_ID, atLeast + 1));
        }
        return new JobIds(file, Math.max(next, atLeast + 1));
    }

    /** The next job id; it is on disk as used before it is returned. */
    public synchronized long take() {
        long id = next;
        long after = id >= MAX_JOB_ID ? FIRST_JOB_ID : id + 1;
        save(after);
        next = after;
        return id;
    }

    private void save(long after) {
        if (file == null) {
            return;
        }
        try {
            Files.createDirectories(file.getParent());
            Path aside = file.resolveSibling(file.getFileName() + ".new");
            Files.writeString(aside, after + "\n", StandardCharsets.US_ASCII);
            Files.move(aside, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            // no job may get an id that a restart could hand out again
            throw new UncheckedIOException("cannot save the next job id in " + file + ": " + e.getMessage(), e);
        }
    }
}
