package io.plugstack.runtime.bench.client;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobState;
import io.plugstack.runtime.bench.node.StepTasks;

/**
 * What srun does with Ctrl-C while its step runs (src/srun/srun_job.c, _handle_intr): the first press
 * prints "interrupt (one more within 1 sec to abort)" and the state of the step's tasks; a second one
 * within a second sends SIGINT to the tasks ("sending Ctrl-C to StepId=7.0") and forces the step's
 * termination (SIGKILL). A job srun allocated itself then ends CANCELLED, as slurmctld records an
 * allocation srun gives back after a cancel; a step inside another allocation ends alone.
 */
final class SrunInterrupt implements Runnable {

    private static final long WITHIN_NANOS = 1_000_000_000L;

    private final SlurmLog log;
    private final Controller controller;
    private final Job job;
    private final String stepId;
    private final StepTasks tasks;
    private final boolean ownJob;
    private long lastInterrupt;
    private boolean pressed;

    SrunInterrupt(SlurmLog log, Controller controller, Job job, long stepId, StepTasks tasks, boolean ownJob) {
        this.log = log;
        this.controller = controller;
        this.job = job;
        this.stepId = "StepId=" + job.id + "." + stepId;
        this.tasks = tasks;
        this.ownJob = ownJob;
    }

    @Override
    public synchronized void run() {
        long now = System.nanoTime();
        if (pressed && now - lastInterrupt < WITHIN_NANOS) {
            log.info("sending Ctrl-C to " + stepId);
            if (ownJob) { // before the tasks go: the step's end must find the job CANCELLED
                controller.finish(job, JobState.CANCELLED, 0, "interrupted (Ctrl-C) in srun");
            }
            tasks.signal("INT");
            log.info("forcing job termination");
            tasks.signal("KILL");
            return;
        }
        log.info("interrupt (one more within 1 sec to abort)");
        tasks.status(stepId).forEach(log::info);
        lastInterrupt = now;
        pressed = true;
    }
}
