package io.plugstack.testkit.spank;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;

/**
 * What {@link SpankRunner} and {@link FakeSpank} are both set up with: the plugin's name, the release, the job,
 * the environments and the options the user gave. Public so that the setters can be called reflectively too
 * (Groovy, Spock); only this package extends it.
 *
 * @param <S> the settings' own type, which every setter returns
 */
public abstract class JobSettings<S extends JobSettings<S>> {

    String name;
    SlurmVersion release = SlurmVersion.builtFor();
    final JobSetup job = new JobSetup();
    final Map<String, String> env = new LinkedHashMap<>();
    final Map<String, String> jobControlEnv = new LinkedHashMap<>();
    final List<ForwardedOptions.Given> options = new ArrayList<>();

    JobSettings(String name) {
        this.name = name;
    }

    /** Called before every change: a settings object in use may refuse it. */
    void changing() {
    }

    @SuppressWarnings("unchecked")
    private S self() {
        changing();
        return (S) this;
    }

    /**
     * The plugin's {@code plugin_name} (its {@code Slurm-Plugin-Name}): the name its option variables and
     * forwarded options carry ({@code _SLURM_SPANK_OPTION_<name>_<option>}) and the stack's log lines use.
     *
     * @param pluginName one word
     * @return this
     */
    public S name(String pluginName) {
        if (pluginName == null || pluginName.isBlank() || pluginName.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("plugin name \"" + pluginName + "\" must be one word");
        }
        S self = self();
        this.name = pluginName;
        return self;
    }

    /**
     * The user gave {@code --name=value} on the submitting command's command line: srun and sbatch process it
     * (after the options in their environment), slurmstepd and a prolog get it as the command forwards it.
     *
     * @param name  the option's long name, without "--"
     * @param value its argument; null for {@code --name} without one
     * @return this
     */
    public S option(String name, String value) {
        S self = self();
        options.add(new ForwardedOptions.Given(Objects.requireNonNull(name, "name"), value));
        return self;
    }

    /**
     * A variable of the environment: the submitting command's for a {@link SpankRunner} (srun's step inherits
     * it; the env form of a plugin option, {@code SLURM_SPANK__SLURM_SPANK_OPTION_<plugin>_<option>}, is read
     * from it), the one the handle acts on for a {@link FakeSpank} (the step's in remote context).
     *
     * @param name  the variable
     * @param value its value
     * @return this
     */
    public S env(String name, String value) {
        S self = self();
        env.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return self;
    }

    /**
     * An entry of the job control environment before the plugin runs, as another plugin's
     * {@code spank_job_control_setenv} would have put it: what {@code spank_job_control_getenv} finds in srun
     * and sbatch, and what a prolog or epilog sees as {@code SPANK_<name>}.
     *
     * @param name  the entry's name
     * @param value its value
     * @return this
     */
    public S jobControlEnv(String name, String value) {
        S self = self();
        jobControlEnv.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return self;
    }

    /**
     * How many tasks of the step run on the node (all of the step's: one node).
     *
     * @param count 1 or more (default 1)
     * @return this
     */
    public S tasks(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("a step has at least one task, not " + count);
        }
        S self = self();
        job.tasks = count;
        return self;
    }

    /**
     * The Slurm release played where the engine's behaviour differs by release ({@link ReleaseBehaviour}: e.g.
     * before 25.05 sbatch and slurmstepd fail only on a negative rc, before 23.11 there is no
     * {@code spank_prepend_task_argv}); S_SLURM_VERSION answers it.
     *
     * @param slurmRelease e.g. {@code "22.05.8"}; by default the release the API was built for
     * @return this
     * @throws IllegalArgumentException for a release the runtime cannot play
     */
    public S release(String slurmRelease) {
        SlurmVersion v = ReleaseBehaviour.playable("release", slurmRelease);
        S self = self();
        this.release = v;
        return self;
    }

    /**
     * The job's user (S_JOB_UID, S_JOB_GID); by default this process's.
     *
     * @param uid the uid
     * @param gid the primary gid
     * @return this
     */
    public S user(long uid, long gid) {
        S self = self();
        job.uid = uid;
        job.gid = gid;
        return self;
    }

    /**
     * The job and step ids (S_JOB_ID, S_JOB_STEPID, SLURM_JOB_ID); by default job 1, step 0.
     *
     * @param jobId  the job id
     * @param stepId the step id
     * @return this
     */
    public S job(long jobId, long stepId) {
        S self = self();
        job.jobId = jobId;
        job.stepId = stepId;
        return self;
    }

    /**
     * The command the step's tasks run (S_JOB_ARGV, each task's argv); by default {@code true}.
     *
     * @param argv the program and its arguments
     * @return this
     */
    public S command(String... argv) {
        if (argv.length == 0) {
            throw new IllegalArgumentException("a step runs a command: give at least the program");
        }
        S self = self();
        job.argv = List.of(argv);
        return self;
    }
}
