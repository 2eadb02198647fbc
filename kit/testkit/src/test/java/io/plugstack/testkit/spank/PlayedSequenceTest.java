package io.plugstack.testkit.spank;

import io.plugstack.runtime.spank.SpankSequence;
import static io.plugstack.api.spank.SpankCallback.EXIT;
import static io.plugstack.api.spank.SpankCallback.INIT;
import static io.plugstack.api.spank.SpankCallback.INIT_POST_OPT;
import static io.plugstack.api.spank.SpankCallback.JOB_EPILOG;
import static io.plugstack.api.spank.SpankCallback.JOB_PROLOG;
import static io.plugstack.api.spank.SpankCallback.LOCAL_USER_INIT;
import static io.plugstack.api.spank.SpankCallback.SLURMD_EXIT;
import static io.plugstack.api.spank.SpankCallback.TASK_EXIT;
import static io.plugstack.api.spank.SpankCallback.TASK_INIT;
import static io.plugstack.api.spank.SpankCallback.TASK_INIT_PRIVILEGED;
import static io.plugstack.api.spank.SpankCallback.TASK_POST_FORK;
import static io.plugstack.api.spank.SpankCallback.USER_INIT;
import static io.plugstack.api.spank.SpankContext.ALLOCATOR;
import static io.plugstack.api.spank.SpankContext.JOB_SCRIPT;
import static io.plugstack.api.spank.SpankContext.LOCAL;
import static io.plugstack.api.spank.SpankContext.REMOTE;
import static io.plugstack.api.spank.SpankContext.SLURMD;
import static io.plugstack.runtime.spank.SpankSequence.Process;
import static io.plugstack.runtime.spank.SpankSequence.Step;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;

/**
 * The runner plays the engine's sequence table ({@link SpankSequence}), row by row: a required plugin fails the row's step (task 0 for a task callback; two
 * tasks), and the run shows what that process prints and which calls still come, written out here from
 * Slurm's source rather than read from the table.
 */
class PlayedSequenceTest {

    private static final List<String> LOCAL_START = List.of("local init", "local init_post_opt", "local local_user_init");
    private static final List<String> REMOTE_START = List.of("remote init", "remote init_post_opt", "remote user_init");
    private static final List<String> TIP = List.of("remote task_init_privileged 0", "remote task_init_privileged 1");
    private static final List<String> POST_FORK = List.of("remote task_post_fork 0", "remote task_post_fork 1");
    private static final List<String> TASK_INITS = List.of("remote task_init 0", "remote task_init 1");
    private static final List<String> TASK_EXITS = List.of("remote task_exit 0", "remote task_exit 1");

    /** One row's case: the run, the line the process prints, every call of the run. */
    record Case(Process process, Step step, Function<FailingPlugin, SpankRun> run, FailingPlugin plugin, String failure,
            List<String> callbacks) {
        @Override
        public String toString() {
            return process + " " + step;
        }
    }

    private static FailingPlugin failing(SpankContext context, SpankCallback at) {
        return new FailingPlugin(context, at, -1);
    }

    private static List<String> calls(Object... parts) {
        List<String> out = new ArrayList<>();
        for (Object p : parts) {
            if (p instanceof List<?> l) {
                l.forEach(x -> out.add((String) x));
            } else {
                out.add((String) p);
            }
        }
        return out;
    }

    private static SpankRun srun(FailingPlugin p) {
        return SpankRunner.of(p).tasks(2).srun();
    }

    private static SpankRun sbatch(FailingPlugin p) {
        return SpankRunner.of(p).sbatch();
    }

    static Stream<Case> rows() {
        String engineLine = ": error: spank: required plugin failing: ";
        return Stream.of(
                new Case(Process.SRUN, Step.INIT, PlayedSequenceTest::srun, failing(LOCAL, INIT),
                        "srun: error: Plug-in initialization failed", calls("local init rc=-1")),
                new Case(Process.SRUN, Step.OPTIONS, p -> SpankRunner.of(p).option("project", "-x").srun(), FailingPlugin.never(),
                        "srun: error: Invalid --project argument: -x", calls("local init", "local exit")),
                new Case(Process.SRUN, Step.INIT_POST_OPT, PlayedSequenceTest::srun, failing(LOCAL, INIT_POST_OPT),
                        "srun: error: Plugin stack post-option processing failed.",
                        calls("local init", "local init_post_opt rc=-1", "local exit")),
                new Case(Process.SRUN, Step.LOCAL_USER_INIT, PlayedSequenceTest::srun, failing(LOCAL, LOCAL_USER_INIT),
                        "srun: error: Failure in local plugin stack",
                        calls("local init", "local init_post_opt", "local local_user_init rc=-1", "local exit")),
                new Case(Process.SRUN, Step.EXIT, PlayedSequenceTest::srun, failing(LOCAL, EXIT),
                        "srun" + engineLine + "exit() failed with rc=-1",
                        calls(LOCAL_START, REMOTE_START, TIP, POST_FORK, TASK_INITS, TASK_EXITS, "remote exit", "local exit rc=-1")),

                new Case(Process.SLURMSTEPD, Step.INIT, PlayedSequenceTest::srun, failing(REMOTE, INIT),
                        "slurmstepd: error: Plugin stack initialization failed.", calls(LOCAL_START, "remote init rc=-1", "local exit")),
                new Case(Process.SLURMSTEPD, Step.INIT_POST_OPT, PlayedSequenceTest::srun, failing(REMOTE, INIT_POST_OPT),
                        "slurmstepd: error: Plugin stack initialization failed.",
                        calls(LOCAL_START, "remote init", "remote init_post_opt rc=-1", "local exit")),
                new Case(Process.SLURMSTEPD, Step.USER_INIT, PlayedSequenceTest::srun, failing(REMOTE, USER_INIT),
                        "slurmstepd: error: spank_user failed.",
                        calls(LOCAL_START, "remote init", "remote init_post_opt", "remote user_init rc=-1", "remote exit", "local exit")),
                new Case(Process.SLURMSTEPD, Step.TASK_INIT_PRIVILEGED, PlayedSequenceTest::srun, failing(REMOTE, TASK_INIT_PRIVILEGED),
                        "slurmstepd: error: spank_task_init_privileged failed",
                        calls(LOCAL_START, REMOTE_START, "remote task_init_privileged 0 rc=-1", "remote task_init_privileged 1", POST_FORK,
                                "remote task_init 1", TASK_EXITS, "remote exit", "local exit")),
                new Case(Process.SLURMSTEPD, Step.TASK_POST_FORK, PlayedSequenceTest::srun, failing(REMOTE, TASK_POST_FORK),
                        "slurmstepd: error: spank task 0 post-fork failed",
                        calls(LOCAL_START, REMOTE_START, TIP, "remote task_post_fork 0 rc=-1", "remote exit", "local exit")),
                new Case(Process.SLURMSTEPD, Step.TASK_INIT, PlayedSequenceTest::srun, failing(REMOTE, TASK_INIT),
                        "slurmstepd: error: Failed to invoke spank plugin stack",
                        calls(LOCAL_START, REMOTE_START, TIP, POST_FORK, "remote task_init 0 rc=-1", "remote task_init 1", TASK_EXITS,
                                "remote exit", "local exit")),
                new Case(Process.SLURMSTEPD, Step.TASK_EXIT, PlayedSequenceTest::srun, failing(REMOTE, TASK_EXIT),
                        "slurmstepd: error: Unable to spank task 0 at exit",
                        calls(LOCAL_START, REMOTE_START, TIP, POST_FORK, TASK_INITS, "remote task_exit 0 rc=-1", "remote task_exit 1",
                                "remote exit", "local exit")),
                new Case(Process.SLURMSTEPD, Step.EXIT, PlayedSequenceTest::srun, failing(REMOTE, EXIT),
                        "slurmstepd: error: spank_fini failed",
                        calls(LOCAL_START, REMOTE_START, TIP, POST_FORK, TASK_INITS, TASK_EXITS, "remote exit rc=-1", "local exit")),

                new Case(Process.SBATCH, Step.INIT, PlayedSequenceTest::sbatch, failing(ALLOCATOR, INIT),
                        "sbatch: error: Failed to initialize plugin stack", calls("allocator init rc=-1")),
                new Case(Process.SBATCH, Step.OPTIONS, p -> SpankRunner.of(p).option("project", "-x").sbatch(), FailingPlugin.never(),
                        "sbatch: error: Invalid --project argument: -x", calls("allocator init", "allocator exit")),
                new Case(Process.SBATCH, Step.INIT_POST_OPT, PlayedSequenceTest::sbatch, failing(ALLOCATOR, INIT_POST_OPT),
                        "sbatch: error: Plugin stack post-option processing failed",
                        calls("allocator init", "allocator init_post_opt rc=-1", "allocator exit")),
                new Case(Process.SBATCH, Step.EXIT, PlayedSequenceTest::sbatch, failing(ALLOCATOR, EXIT),
                        "sbatch" + engineLine + "exit() failed with rc=-1",
                        calls("allocator init", "allocator init_post_opt", "allocator exit rc=-1")),

                new Case(Process.SLURMD, Step.INIT, p -> SpankRunner.of(p).run(SLURMD), failing(SLURMD, INIT),
                        "slurmd" + engineLine + "init() failed with rc=-1", calls("slurmd init rc=-1", "slurmd slurmd_exit")),
                new Case(Process.SLURMD, Step.SLURMD_EXIT, p -> SpankRunner.of(p).run(SLURMD), failing(SLURMD, SLURMD_EXIT),
                        "slurmd" + engineLine + "slurmd_exit() failed with rc=-1", calls("slurmd init", "slurmd slurmd_exit rc=-1")),

                new Case(Process.PROLOG, Step.JOB_PROLOG, p -> SpankRunner.of(p).run(JOB_SCRIPT), failing(JOB_SCRIPT, JOB_PROLOG),
                        "slurmstepd" + engineLine + "job_prolog() failed with rc=-1",
                        calls("job_script job_prolog rc=-1", "job_script job_epilog")),
                new Case(Process.EPILOG, Step.JOB_EPILOG, p -> SpankRunner.of(p).run(JOB_SCRIPT), failing(JOB_SCRIPT, JOB_EPILOG),
                        "slurmstepd" + engineLine + "job_epilog() failed with rc=-1",
                        calls("job_script job_prolog", "job_script job_epilog rc=-1")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void aFailureInTheRowsStepEndsTheProcessAsSlurmDoes(Case c) {
        SpankRun run = c.run().apply(c.plugin());
        assertThat(run.failure()).isEqualTo(c.failure());
        assertThat(run.log()).contains(c.failure());
        assertThat(run.callbacks()).containsExactlyElementsOf(c.callbacks());
    }

    @Test
    void everyRowWhereAProcessCanFailHasItsCase() {
        List<String> covered = rows().map(Case::toString).toList();
        assertThat(SpankSequence.rows()).filteredOn(r -> r.step() != Step.LAUNCH)
                .allSatisfy(r -> assertThat(covered).contains(r.process() + " " + r.step()));
    }

    @Test
    void aTaskWhoseChildFailedBeforeExecIsReapedWithExitStatusOne() {
        FailingPlugin plugin = failing(REMOTE, TASK_INIT);
        SpankRunner.of(plugin).tasks(2).taskExitCode(3).srun();
        assertThat(plugin.exitStatus).isEqualTo(Map.of(0, 1 << 8, 1, 3 << 8));
    }
}
