package io.plugstack.runtime.bench.api;

/**
 * A job as squeue/sacct would show it.
 *
 * @param jobId    the job id
 * @param name     -J / the command's name
 * @param command  srun, sbatch or salloc
 * @param state    PENDING, RUNNING, COMPLETED, FAILED, CANCELLED
 * @param exitCode the job's exit code (highest task exit code), -1 while running
 * @param restarts how often it was requeued
 * @param reason   why it failed, if it did
 * @param partition the partition it runs in
 * @param timeLimit its time limit as Slurm prints it (minutes, UNLIMITED, or NOT_SET)
 * @param user     its user's name (the uid when the user has none)
 */
public record JobView(long jobId, String name, String command, String state, int exitCode, int restarts, String reason,
        String partition, String timeLimit, String user) {
}
