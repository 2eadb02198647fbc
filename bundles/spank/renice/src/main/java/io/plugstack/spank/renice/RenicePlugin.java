package io.plugstack.spank.renice;

import java.util.List;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankOptionCallback;
import io.plugstack.api.spank.SpankPlugin;

/**
 * {@code --renice=prio}: run the job's tasks at scheduling priority (niceness) {@code prio}.
 * plugstack.conf: {@code required renice [min=-20] [max=19]} bounds what users may ask for. The
 * option is checked on the submitting side (a bad value stops srun/sbatch with an error) and applied
 * on the remote side: in task_post_fork (slurmstepd, root, so a priority below the current one is
 * allowed, with the task forked and not yet exec'd, as Slurm's own renice.c does) it sets the task's
 * niceness to {@code prio} with {@link Spank#setTaskNiceness(int)}, which the bench applies when it
 * starts the task and a real Slurm's bridge applies from slurmstepd on the task's pid (setpriority, on
 * every Slurm release). No task callback runs in the task's own process, so the task opens no
 * connection to the runtime. The task's argv is left as it is. Prototype scope: every stack has its own instance, as every C
 * plugin has its own globals in each srun and slurmstepd process.
 */
@Component(service = SpankPlugin.class, scope = ServiceScope.PROTOTYPE)
public class RenicePlugin implements SpankPlugin {

    static final String OPTION = "renice";
    private Integer priority;
    private Limits limits = Limits.DEFAULT;

    @Override
    public int spankInit(Spank spank, List<String> args) {
        try {
            limits = Limits.parse(args);
        } catch (IllegalArgumentException e) {
            spank.log().error("renice: " + e.getMessage());
            return -1;
        }
        SpankOption option = new SpankOption(OPTION, "prio", "Re-nice job tasks to priority [prio] (" + limits.min()
                + " to " + limits.max() + ").", SpankOption.Arg.REQUIRED, 0,
                SpankOptionCallback.withHandle((handle, val, optarg, remote) -> accept(handle, optarg)));
        SpankError e = spank.optionRegister(option);
        return e == SpankError.SUCCESS ? 0 : -1;
    }

    /** The option's callback: with the handle of the process that parses the option, not init's. */
    private int accept(Spank spank, String optarg) {
        try {
            priority = limits.check(optarg);
            return 0;
        } catch (IllegalArgumentException e) {
            spank.log().error("renice: " + e.getMessage());
            return -1;
        }
    }

    @Override
    public int taskPostFork(Spank spank, List<String> args) {
        if (priority == null || spank.context() != SpankContext.REMOTE) {
            return 0;
        }
        SpankError e = spank.setTaskNiceness(priority);
        if (e != SpankError.SUCCESS) {
            spank.log().error("renice: cannot set the priority of the task: " + e.strerror());
            return -1;
        }
        spank.log().debug("renice: task runs at priority " + priority);
        return 0;
    }

    /** The priority asked for, if any (for tests). */
    Integer priority() {
        return priority;
    }
}
