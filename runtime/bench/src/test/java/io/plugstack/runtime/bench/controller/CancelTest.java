package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.SlurmErrno;

/** scancel in slurmctld: a job ends CANCELLED at once, the first end wins, and only its owner or root may. */
class CancelTest {

    static Job jobOf(Controller c, long uid) {
        JobDescriptor d = new JobDescriptor();
        d.setNumber(JobDescField.USER_ID, uid);
        return c.submit(ControllerTest.request(d)).jobs().get(0);
    }

    @Test
    void aRunningJobEndsCancelledAtOnceAndTheNodeIsReleased() {
        Controller c = ControllerTest.controller();
        Job j = jobOf(c, 1000);
        c.state(j, JobState.RUNNING);
        Controller.Cancel r = c.cancel(j.id, 1000);
        assertThat(r.rc()).isZero();
        assertThat(r.wasRunning()).isTrue();
        assertThat(j.state()).isEqualTo(JobState.CANCELLED);
        assertThat(c.node().state()).isEqualTo("IDLE");
    }

    @Test
    void theStepEndingAfterTheCancelDoesNotTurnTheJobIntoCompleted() {
        Controller c = ControllerTest.controller();
        Job j = jobOf(c, 1000);
        c.state(j, JobState.RUNNING);
        c.cancel(j.id, 0);
        c.finish(j, JobState.COMPLETED, 0, "");
        assertThat(j.state()).isEqualTo(JobState.CANCELLED);
        assertThat(c.state(j, JobState.RUNNING)).as("a cancelled pending job does not start").isFalse();
    }

    @Test
    void onlyTheOwnerOrRootMayCancel() {
        Controller c = ControllerTest.controller();
        Job j = jobOf(c, 1000);
        assertThat(c.cancel(j.id, 1001).rc()).isEqualTo(SlurmErrno.ESLURM_ACCESS_DENIED.code());
        assertThat(j.state()).isEqualTo(JobState.PENDING);
        assertThat(c.cancel(j.id, 0).rc()).isZero();
    }

    @Test
    void anUnknownOrFinishedJobIsRefusedWithSlurmsErrors() {
        Controller c = ControllerTest.controller();
        Job j = jobOf(c, 1000);
        c.finish(j, JobState.COMPLETED, 0, "");
        assertThat(c.cancel(j.id, 1000).rc()).isEqualTo(SlurmErrno.ESLURM_ALREADY_DONE.code());
        assertThat(c.cancel(999_999, 1000).rc()).isEqualTo(SlurmErrno.ESLURM_INVALID_JOB_ID.code());
    }
}
