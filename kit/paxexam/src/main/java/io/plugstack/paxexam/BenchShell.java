package io.plugstack.paxexam;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The job-launch bench of the runtime a Pax Exam test runs in, as its console's user has it: inject it
 * ({@code @Inject BenchShell bench}) and run Slurm command lines. Every command runs as the runtime's
 * own user, in {@link #workdir()}, with the test JVM's environment, through the bench's command table
 * (what the console's {@code srun} and a home's {@code bin/srun} run): the cli_filter, job_submit and
 * SPANK plugins of the runtime, the author's among them, act on it as they would for a user.
 */
@ProviderType
public interface BenchShell {

    /** How long {@link #awaitJob(long)} waits at most. */
    Duration JOB_TIMEOUT = Duration.ofSeconds(30);

    /**
     * Runs one command line of the bench: {@code srun}, {@code sbatch}, {@code salloc}, {@code scrontab},
     * {@code scancel}, {@code squeue}, {@code sinfo} or {@code scontrol}, with its options and arguments.
     * The line is split into words as {@code sh} splits them (blanks separate words; '...' and "..."
     * quote; a backslash escapes the next character); there are no variables, globs, pipes or
     * redirections, and unquoted {@code | ; & < > ( ) $ `} are refused, as the bench would not see them.
     * Returns when the command has ended (an {@code srun} when its tasks have; an {@code sbatch} once the
     * job is submitted).
     *
     * @param commandLine the command and its words, as typed at a shell prompt (e.g. {@code "srun -n2 hostname"})
     * @return the command's exit code and what it printed
     * @throws IllegalArgumentException if the line is empty, badly quoted, uses shell syntax, or does not
     *                                  start with a command of the bench
     */
    Result run(String commandLine);

    /**
     * {@link #awaitJob(long, Duration)} for at most {@link #JOB_TIMEOUT}.
     *
     * @param jobId the job to wait for (e.g. {@link Result#jobId()} of an sbatch)
     * @return the job's record once it has ended
     * @throws AssertionError naming the job and its record if it has not ended in time, or if the
     *                        controller does not know it
     */
    Job awaitJob(long jobId);

    /**
     * Waits until job {@code jobId} has left PENDING and RUNNING (COMPLETED, FAILED, CANCELLED or NODE_FAIL,
     * as {@code scontrol show job} says), at most {@code timeout}; its record then.
     *
     * @param jobId   the job to wait for (e.g. {@link Result#jobId()} of an sbatch)
     * @param timeout how long to wait at most
     * @return the job's record once it has ended
     * @throws AssertionError naming the job and its record if it has not ended in time, or if the
     *                        controller does not know it
     */
    Job awaitJob(long jobId, Duration timeout);

    /** {@return where commands run: the runtime's home (sbatch's {@code slurm-<jobid>.out} lands here)} */
    Path workdir();

    /**
     * Replaces the runtime's {@code etc/plugstack.conf} with these lines (spank(8)'s format, e.g.
     * {@code "required project"}), as an admin does: the next job launch reads it. For a whole test
     * class, {@link PlugstackExam#plugstackConf} writes it before the runtime starts.
     *
     * @param lines the new file's lines, in order
     */
    void plugstackConf(String... lines);

    /**
     * Sets slurm.conf's parameters (e.g. {@code "JobSubmitPlugins=project"}, {@code "CliFilterPlugins=project"})
     * as an admin does, as configuration {@code plugstack.slurm} in {@code deploy/plugstack.slurm.cfg},
     * and returns once the bench runs with them. These lines replace those set before. For a whole test
     * class, {@link PlugstackExam#slurmConf} writes it before the runtime starts.
     *
     * @param lines slurm.conf's {@code Key=value} lines; blank lines and {@code #} comments are skipped
     * @throws IllegalArgumentException naming the line if one is not {@code Key=value} (nothing is written then)
     * @throws AssertionError if the bench has not taken them within {@link #JOB_TIMEOUT}
     */
    void slurmConf(String... lines);

    /**
     * What a command printed and how it ended.
     *
     * @param exitCode the command's exit code, as {@code $?} would show it
     * @param output   its stdout and stderr as printed, interleaved (task output, {@code srun: error: ...})
     */
    record Result(int exitCode, String output) {
        private static final Pattern SUBMITTED = Pattern.compile("Submitted batch job (\\d+)");

        /**
         * The job id sbatch printed ({@code Submitted batch job 7}).
         *
         * @return the id of the job the command submitted
         * @throws IllegalStateException with the output, if the command did not submit a job
         */
        public long jobId() {
            Matcher m = SUBMITTED.matcher(output);
            if (!m.find()) {
                throw new IllegalStateException("no 'Submitted batch job N' in the output (exit code " + exitCode + "): " + output);
            }
            return Long.parseLong(m.group(1));
        }
    }

    /**
     * A job as {@code scontrol show job} shows it.
     *
     * @param id       its JobId
     * @param state    its JobState (COMPLETED, FAILED, ...)
     * @param exitCode its ExitCode, {@code "<code>:<signal>"} ({@code "0:0"})
     * @param record   the whole record, as scontrol printed it
     */
    record Job(long id, String state, String exitCode, String record) {

        /**
         * The job's record from scontrol's output.
         *
         * @param id     the job's id
         * @param record what {@code scontrol show job <id>} printed
         * @return the job, its JobState and ExitCode read from the record ("" for a field it lacks)
         */
        public static Job of(long id, String record) {
            return new Job(id, field(record, "JobState"), field(record, "ExitCode"), record);
        }

        /**
         * Where a batch job's standard output went (its StdOut: {@code slurm-<jobid>.out} in its working
         * directory unless {@code --output} said otherwise).
         *
         * @return the StdOut path the record names
         * @throws IllegalStateException if the job is not a batch job
         */
        public Path stdOut() {
            Matcher m = Pattern.compile("(?m)^\\s*StdOut=(.*)$").matcher(record);
            if (!m.find()) {
                throw new IllegalStateException("job " + id + " has no StdOut (not a batch job): " + record);
            }
            return Path.of(m.group(1).trim());
        }

        /**
         * What a batch job's tasks wrote to its {@link #stdOut()}.
         *
         * @return the file's whole content
         * @throws IllegalStateException if the job is not a batch job
         * @throws UncheckedIOException  if the file cannot be read
         */
        public String output() {
            try {
                return Files.readString(stdOut());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the output of job " + id, e);
            }
        }

        /** A {@code Key=value} field of the record, "" when absent. */
        static String field(String record, String key) {
            Matcher m = Pattern.compile("(?:^|\\s)" + key + "=(\\S*)").matcher(record);
            return m.find() ? m.group(1) : "";
        }
    }
}
