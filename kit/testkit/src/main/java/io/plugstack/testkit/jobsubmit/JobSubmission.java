package io.plugstack.testkit.jobsubmit;

import java.util.ArrayList;
import java.util.List;

import io.plugstack.api.slurm.SlurmErrno;

/**
 * What slurmctld's job_submit chain answered a {@link JobSubmitRunner} request, and what the command that
 * sent it prints.
 */
public final class JobSubmission {

    /** The command that sent the request, which decides how the answer is printed. */
    enum Command {
        SBATCH, SCONTROL_UPDATE
    }

    private final int rc;
    private final List<String> message;
    private final String decidedBy;
    private final List<String> slurmctldLog;
    private final Command command;
    private final long jobId;

    JobSubmission(int rc, List<String> message, String decidedBy, List<String> slurmctldLog, Command command, long jobId) {
        this.rc = rc;
        this.message = List.copyOf(message);
        this.decidedBy = decidedBy;
        this.slurmctldLog = List.copyOf(slurmctldLog);
        this.command = command;
        this.jobId = jobId;
    }

    /** @return whether the chain accepted the request (rc 0) */
    public boolean ok() {
        return rc == 0;
    }

    /** @return the chain's rc: 0, or the plugin's error code (a Slurm errno such as ESLURM_INVALID_ACCOUNT) */
    public int rc() {
        return rc;
    }

    /**
     * The user message the plugins left ({@code err_msg}), one entry per line as the commands print it (empty
     * lines dropped); empty when there is none.
     *
     * @return the lines
     */
    public List<String> message() {
        return message;
    }

    /** @return the plugin type that refused the request ({@code "job_submit/<name>"}), "" when it was accepted */
    public String decidedBy() {
        return decidedBy;
    }

    /**
     * What the command prints: for sbatch, each message line at info level ({@code "sbatch: <line>"}) when the
     * job is accepted, else each as an error and then {@code "sbatch: error: Batch job submission failed: <strerror>"};
     * for {@code scontrol update}, each line as is when accepted, else each as an error and then
     * {@code "<strerror> for job <id>"}. (The submission's own line, "Submitted batch job N", is not printed here:
     * no job is created.)
     *
     * @return the lines
     */
    public List<String> printed() {
        List<String> out = new ArrayList<>();
        boolean sbatch = command == Command.SBATCH;
        for (String line : message) {
            out.add(ok() ? (sbatch ? "sbatch: " : "") + line : (sbatch ? "sbatch: error: " : "scontrol: error: ") + line);
        }
        if (!ok()) {
            out.add(sbatch ? "sbatch: error: Batch job submission failed: " + SlurmErrno.strerror(rc)
                    : SlurmErrno.strerror(rc) + " for job " + jobId);
        }
        return out;
    }

    /**
     * What slurmctld logged about the request, as its log shows it at debug3: a plugin that threw, overran
     * or answered an unknown code ({@code "slurmctld: error: job_submit/x: job_submit() threw ..."}). The
     * plugin's own log lines go to its {@link System.Logger} ({@link io.plugstack.testkit.RecordingLogger}).
     *
     * @return the lines
     */
    public List<String> slurmctldLog() {
        return slurmctldLog;
    }

    /** @return the rc and message, for assertion messages */
    @Override
    public String toString() {
        return "rc=" + rc + (decidedBy.isEmpty() ? "" : " by " + decidedBy) + " " + message;
    }
}
