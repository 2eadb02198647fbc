package ${package};

import java.util.List;
import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankOptionCallback;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.api.spank.SpankResult;

/**
 * {@code --project=NAME}: every task of the job gets {@code PROJECT=NAME} in its environment.
 * Enable it with a plugstack.conf line: {@code optional ${pluginName}} (or {@code required}).
 *
 * <p>SPANK calls a plugin in every process of a job: srun (local context), sbatch and salloc
 * (allocator), slurmstepd (remote). This one registers its option in each, so srun, sbatch and salloc
 * all accept it and check it where the user typed it; in slurmstepd, where the step's tasks are about
 * to start, it reads the option back and sets the variable in the step's environment.
 */
@Component(service = SpankPlugin.class, scope = ServiceScope.PROTOTYPE)
public class ProjectPlugin implements SpankPlugin {

    static final String VARIABLE = "PROJECT";

    /**
     * An empty name is refused where it is typed: the callback says why through the handle it is given,
     * then srun prints "Invalid --project argument" and stops.
     */
    static final SpankOption OPTION = new SpankOption("project", "NAME", "Export NAME as " + VARIABLE + " to every task.",
            SpankOption.Arg.REQUIRED, 0, SpankOptionCallback.withHandle((spank, val, optarg, remote) -> {
                if (optarg == null || optarg.isBlank()) {
                    spank.log().error("${pluginName}: a project needs a name");
                    return -1;
                }
                return 0;
            }));

    /** slurm_spank_init: register the option (a static table would not reach sbatch and salloc). */
    @Override
    public int spankInit(Spank spank, List<String> args) {
        SpankError registered = spank.optionRegister(OPTION);
        if (registered != SpankError.SUCCESS) {
            spank.log().error("${pluginName}: cannot register --" + OPTION.name() + ": " + spank.strerror(registered));
            return -1;
        }
        return 0;
    }

    /**
     * slurm_spank_user_init: in slurmstepd, once per step, before any task starts; what is set in the
     * step's environment here reaches every task.
     */
    @Override
    public int userInit(Spank spank, List<String> args) {
        SpankResult<Optional<String>> given = spank.optionGetopt(OPTION);
        if (!given.isSuccess() || given.value().isEmpty()) {
            return 0; // the option was not given: nothing to export
        }
        SpankError set = spank.setenv(VARIABLE, given.value().get(), true);
        if (set != SpankError.SUCCESS) {
            spank.log().error("${pluginName}: cannot set " + VARIABLE + ": " + spank.strerror(set));
            return -1;
        }
        return 0;
    }
}
