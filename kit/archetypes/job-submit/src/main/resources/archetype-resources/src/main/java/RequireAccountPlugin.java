package ${package};

import org.osgi.service.component.annotations.Component;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * Every job must name the account its time is charged to ({@code -A}/{@code --account}). Enable it in
 * slurm.conf's {@code JobSubmitPlugins=${pluginName}}.
 *
 * <p>slurmctld calls a job_submit plugin for every submission and every change to a job, while it holds
 * its locks: keep the work short. A non-zero return refuses the request; the message is what the user's
 * command prints before Slurm's text for the code.
 */
@Component(service = JobSubmitPlugin.class)
public class RequireAccountPlugin implements JobSubmitPlugin {

    static final String MESSAGE = "${pluginName}: name the account to charge with -A/--account";

    @Override
    public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
        if (job.account() == null || job.account().isBlank()) {
            message.set(MESSAGE);
            return SlurmErrno.ESLURM_INVALID_ACCOUNT.code();
        }
        return SlurmErrno.SLURM_SUCCESS.code();
    }

    /** A change that leaves the account alone (not set in {@code job}) is fine; emptying it is not. */
    @Override
    public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
        if (job.account() != null && job.account().isBlank()) {
            message.set(MESSAGE);
            return SlurmErrno.ESLURM_INVALID_ACCOUNT.code();
        }
        return SlurmErrno.SLURM_SUCCESS.code();
    }
}
