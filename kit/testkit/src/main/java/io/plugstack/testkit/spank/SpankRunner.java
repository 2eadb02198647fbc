package io.plugstack.testkit.spank;

import io.plugstack.runtime.spank.SpankSequence;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;

/**
 * Runs a SPANK plugin through the callback sequences Slurm's processes call, on the runtime's own SPANK
 * engine: the same stack, handle, item rules, option processing and option forwarding that serve a real
 * Slurm through the node daemon and the bench's srun. Only the order of the calls (which process calls
 * what, when, and what it does when a call fails) is the kit's, one table taken from Slurm's source.
 *
 * <pre>{@code
 * SpankRun run = SpankRunner.of(new ProjectPlugin())
 *         .option("project", "chem")
 *         .tasks(2)
 *         .srun();
 * assertTrue(run.ok(), run.failure());
 * assertEquals("chem", run.taskEnv(1).get("PROJECT"));
 * }</pre>
 *
 * <p>The plugin is loaded as plugstack.conf's one line {@code required <name> <args...>}. Given an instance
 * ({@link #of(SpankPlugin, String...)}), that instance serves every stack of a run, as a singleton component's
 * live service does in the runtime: its generic {@code init()} runs before the first stack loads it (a non-zero
 * result fails the load, as in the runtime), its {@code fini()} when the run ends. Given a supplier
 * ({@link #of(Supplier, String...)}), every stack gets its own instance, as a prototype-scope component does.
 * No program is started: tasks "run" between task_init and task_exit and exit with {@link #taskExitCode(int)};
 * pids are made up.
 *
 * <p>What the kit does not play: Slurm's own options (a plugin option that shadows an srun option is only
 * refused on the bench), the allocation, other plugins, and what a failure does to the job and the node
 * (spank.8's Errors table). For those, boot the runtime with {@code io.plugstack.paxexam}.
 *
 * <p>A runner is a mutable builder; each of {@link #srun()}, {@link #sbatch()} and {@link #run(SpankContext)}
 * starts a new run from its current settings.
 */
public final class SpankRunner extends JobSettings<SpankRunner> {

    private final SpankPlugin plugin;
    private final Supplier<? extends SpankPlugin> instances;
    private final List<String> args;
    private int taskExitCode;
    private int verbosity;
    /** Whether a run has had the first instance already (each run's first stack gets a new one after that). */
    private boolean used;

    private SpankRunner(SpankPlugin plugin, Supplier<? extends SpankPlugin> instances, List<String> args) {
        super(PluginUnderTest.defaultName(plugin.getClass()));
        this.plugin = plugin;
        this.instances = instances;
        this.args = args;
    }

    /**
     * A runner for {@code plugin}, loaded as plugstack.conf's line {@code required <plugin> <plugstackArgs...>}:
     * every callback gets {@code plugstackArgs} as its {@code args}. The plugin's name is the class's simple
     * name in lower case without a trailing "plugin" ({@code ProjectPlugin}: {@code project}) unless
     * {@link #name(String)} says otherwise.
     *
     * @param plugin        the plugin under test (one instance for the whole run)
     * @param plugstackArgs the words after the plugin on its plugstack.conf line; none may be empty or hold a
     *                      space, a tab or '#', which plugstack.conf cannot carry
     * @return the runner
     * @throws IllegalArgumentException for an argument plugstack.conf cannot carry
     */
    public static SpankRunner of(SpankPlugin plugin, String... plugstackArgs) {
        return new SpankRunner(Objects.requireNonNull(plugin, "plugin"), null, PluginUnderTest.checked(Arrays.asList(plugstackArgs)));
    }

    /**
     * A runner that gives every stack (every process: srun, slurmstepd, a prolog) a new instance from
     * {@code newPlugin}, as the runtime does for a prototype-scope component, and as every Slurm process has its
     * own copy of a C plugin's globals: a plugin that keeps what srun saw in a field does not find it in
     * slurmstepd. Each instance's {@code init()} runs when its stack loads it, its {@code fini()} when the stack
     * is dropped. One instance is made now, to learn the plugin's class; the first stack gets it.
     *
     * @param newPlugin     makes an instance (e.g. {@code MyPlugin::new})
     * @param plugstackArgs the words after the plugin on its plugstack.conf line, as for {@link #of(SpankPlugin, String...)}
     * @return the runner
     */
    public static SpankRunner of(Supplier<? extends SpankPlugin> newPlugin, String... plugstackArgs) {
        SpankPlugin first = Objects.requireNonNull(Objects.requireNonNull(newPlugin, "newPlugin").get(), "the plugin supplier gave null");
        return new SpankRunner(first, newPlugin, PluginUnderTest.checked(Arrays.asList(plugstackArgs)));
    }

    /**
     * The exit code every task that ran exits with (task_exit's S_TASK_EXIT_STATUS is its wait status,
     * {@code code << 8}); a task whose child failed in task_init_privileged or task_init exits 1.
     *
     * @param code 0 to 255 (default 0)
     * @return this runner
     */
    public SpankRunner taskExitCode(int code) {
        if (code < 0 || code > 255) {
            throw new IllegalArgumentException("an exit code is 0 to 255, not " + code);
        }
        this.taskExitCode = code;
        return this;
    }

    /**
     * The {@code -v} count the processes' log is shown at ({@link SpankRun#log()}): 0 shows errors, info and
     * plain lines; 1 verbose; 2 debug; 3 debug2 (the stack's per-callback rc lines); 4 debug3.
     *
     * @param count 0 or more (default 0)
     * @return this runner
     */
    public SpankRunner verbosity(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("a -v count is 0 or more, not " + count);
        }
        this.verbosity = count;
        return this;
    }

    /**
     * srun: its local stack (init, the options, init_post_opt, local_user_init), then slurmstepd's remote stack
     * for the step (init, init_post_opt with the options srun forwarded, user_init, per task
     * task_init_privileged, task_post_fork, task_init, task_exit, then exit), then srun's exit.
     *
     * @return what the run gave
     */
    public SpankRun srun() {
        Play play = play();
        play.client(SpankSequence.Process.SRUN, true);
        return play.result(verbosity);
    }

    /**
     * sbatch (salloc runs the same calls): the allocator stack's init, the options, init_post_opt and exit. The
     * job's own steps and its prolog are separate runs ({@code run(SpankContext.REMOTE)}, {@code run(JOB_SCRIPT)}).
     *
     * @return what the run gave
     */
    public SpankRun sbatch() {
        Play play = play();
        play.client(SpankSequence.Process.SBATCH, false);
        return play.result(verbosity);
    }

    /**
     * One process's sequence in {@code context}: {@code LOCAL} srun's local stack without a step;
     * {@code REMOTE} slurmstepd alone, the options arriving as srun forwards them; {@code ALLOCATOR} as
     * {@link #sbatch()}; {@code SLURMD} slurmd's init and slurmd_exit; {@code JOB_SCRIPT} the prolog and then the
     * epilog, each a fresh stack, with the options in the job control environment as the submitting command
     * forwards them (SPANK-43, -51).
     *
     * @param context the context
     * @return what the run gave
     * @throws IllegalArgumentException for {@link SpankContext#ERROR}, where no stack runs
     */
    public SpankRun run(SpankContext context) {
        Play play = play();
        switch (context) {
            case LOCAL -> play.client(SpankSequence.Process.SRUN, false);
            case REMOTE -> play.stepAlone();
            case ALLOCATOR -> play.client(SpankSequence.Process.SBATCH, false);
            case SLURMD -> play.slurmd();
            case JOB_SCRIPT -> {
                play.jobScript(SpankSequence.Process.PROLOG);
                play.jobScript(SpankSequence.Process.EPILOG);
            }
            default -> throw new IllegalArgumentException("no SPANK stack runs in context " + context.slurmName());
        }
        return play.result(verbosity);
    }

    private Play play() {
        SpankPlugin first = plugin;
        if (instances != null && used) {
            first = Objects.requireNonNull(instances.get(), "the plugin supplier gave null");
        }
        used = true;
        return new Play(new PluginUnderTest(first, instances, name, args), release, job.copy(), env, jobControlEnv, options, taskExitCode);
    }
}
