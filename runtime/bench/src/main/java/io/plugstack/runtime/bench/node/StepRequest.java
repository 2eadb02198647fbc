package io.plugstack.runtime.bench.node;

import io.plugstack.runtime.bench.controller.Job;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.plugstack.runtime.spank.LaunchOption;

import io.plugstack.api.slurm.SlurmCommand;

/**
 * What slurmstepd is asked to run: one step of a job on this node.
 *
 * @param command       the client command that launched it (for spank.8's Errors table)
 * @param stepId        the step id (SLURM_BATCH_SCRIPT for the batch step)
 * @param argv          what each task runs
 * @param ntasks        how many tasks
 * @param env           the step's environment as the client sent it
 * @param launchOptions SPANK options from the launch request (SPANK-37a)
 * @param out           where the tasks' stdout goes
 * @param err           where the tasks' stderr goes
 * @param workdir       where the tasks start (srun's directory, a batch job's work_dir); null: the runtime's
 * @param tasks         the step's tasks as they start (what srun's signal handling acts on)
 */
public record StepRequest(SlurmCommand command, Job job, long stepId, List<String> argv, int ntasks, Map<String, String> env,
        List<LaunchOption> launchOptions, PrintStream out, PrintStream err, Path workdir, StepTasks tasks) {

    /** A step whose tasks start in the runtime's directory. */
    public StepRequest(SlurmCommand command, Job job, long stepId, List<String> argv, int ntasks, Map<String, String> env,
            List<LaunchOption> launchOptions, PrintStream out, PrintStream err) {
        this(command, job, stepId, argv, ntasks, env, launchOptions, out, err, null, new StepTasks());
    }
}
