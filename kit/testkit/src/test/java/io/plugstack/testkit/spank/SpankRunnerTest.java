package io.plugstack.testkit.spank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankItem;
import io.plugstack.api.spank.SpankPlugin;

class SpankRunnerTest {

    @Test
    void aProjectOptionGivenToSrunReachesEveryTaskAsProject() {
        SpankRun run = SpankRunner.of(new ProjectPlugin()).option("project", "chem").tasks(3).srun();
        assertThat(run.ok()).as(run.failure()).isTrue();
        for (int task = 0; task < 3; task++) {
            assertThat(run.taskEnv(task)).containsEntry("PROJECT", "chem").containsEntry("SLURM_PROCID", String.valueOf(task));
        }
    }

    @Test
    void theProjectOptionInSrunsEnvironmentReachesTheTasksToo() {
        SpankRun run = SpankRunner.of(new ProjectPlugin()).env("SLURM_SPANK__SLURM_SPANK_OPTION_project_project", "bio").srun();
        assertThat(run.taskEnv(0)).containsEntry("PROJECT", "bio");
    }

    @Test
    void anUnknownOptionIsRefusedAsSrunRefusesIt() {
        SpankRun run = SpankRunner.of(new ProjectPlugin()).option("nope", "1").srun();
        assertThat(run.ok()).isFalse();
        assertThat(run.failure()).isEqualTo("srun: unrecognized option '--nope=1'");
        assertThat(run.log()).containsSubsequence("srun: unrecognized option '--nope=1'", "Try \"srun --help\" for more information");
        assertThat(run.callbacks()).containsExactly("local init");
    }

    @Test
    void anOptionArgumentThePluginRefusesFailsSrunInSlurmsWords() {
        SpankRun run = SpankRunner.of(new ProjectPlugin()).option("project", "-x").srun();
        assertThat(run.failure()).isEqualTo("srun: error: Invalid --project argument: -x");
    }

    @Test
    void anOptionThatTakesAnArgumentGivenWithoutOneIsRefusedByGetopt() {
        SpankRun run = SpankRunner.of(new ProjectPlugin()).option("project", null).srun();
        assertThat(run.failure()).isEqualTo("srun: option '--project' requires an argument");
    }

    @Test
    void aRequiredPluginFailingInitFailsSrunWithSlurmsMessage() {
        SpankRun run = SpankRunner.of(new FailingPlugin(SpankContext.LOCAL, SpankCallback.INIT, -1)).srun();
        assertThat(run.failure()).isEqualTo("srun: error: Plug-in initialization failed");
        assertThat(run.log()).containsSubsequence("srun: error: spank: required plugin failing: init() failed with rc=-1",
                "srun: error: Plug-in initialization failed");
        assertThat(run.callbacks()).containsExactly("local init rc=-1");
    }

    @Test
    void srunCallsTheCallbacksInTheOrderOfSlurmsSource() {
        SpankRun run = SpankRunner.of(FailingPlugin.never()).tasks(2).srun();
        assertThat(run.callbacks()).containsExactly("local init", "local init_post_opt", "local local_user_init",
                "remote init", "remote init_post_opt", "remote user_init",
                "remote task_init_privileged 0", "remote task_init_privileged 1",
                "remote task_post_fork 0", "remote task_post_fork 1",
                "remote task_init 0", "remote task_init 1",
                "remote task_exit 0", "remote task_exit 1", "remote exit", "local exit");
    }

    @Test
    void sbatchCallsTheAllocatorContextsCallbacks() {
        assertThat(SpankRunner.of(FailingPlugin.never()).sbatch().callbacks())
                .containsExactly("allocator init", "allocator init_post_opt", "allocator exit");
    }

    @Test
    void slurmdCallsInitAndSlurmdExit() {
        assertThat(SpankRunner.of(FailingPlugin.never()).run(SpankContext.SLURMD).callbacks())
                .containsExactly("slurmd init", "slurmd slurmd_exit");
    }

    @Test
    void aJobScriptRunIsTheProlog() {
        assertThat(SpankRunner.of(FailingPlugin.never()).run(SpankContext.JOB_SCRIPT).callbacks())
                .containsExactly("job_script job_prolog", "job_script job_epilog");
    }

    @Test
    void itemsAreValidOrNotPerContextAndCallbackAsSpanksItemTableSays() {
        ItemRecorder recorder = new ItemRecorder(SpankItem.S_TASK_ID);
        SpankRunner.of(recorder).srun();
        assertThat(recorder.seen).hasSizeGreaterThan(10).allSatisfy(s -> {
            SpankError rule = SpankItem.S_TASK_ID.check(s.context(), s.callback());
            assertThat(s.error()).as(s.toString()).isEqualTo(rule);
        });
    }

    @Test
    void theJobIsKnownToSrunsPluginsFromLocalUserInitOn() {
        ItemRecorder recorder = new ItemRecorder(SpankItem.S_JOB_ID);
        SpankRunner.of(recorder).job(42, 3).run(SpankContext.LOCAL);
        assertThat(recorder.seen).filteredOn(s -> s.callback() == SpankCallback.INIT).singleElement()
                .satisfies(s -> assertThat(s.error()).isNotEqualTo(SpankError.SUCCESS));
        assertThat(recorder.seen).filteredOn(s -> s.callback() == SpankCallback.LOCAL_USER_INIT).singleElement()
                .satisfies(s -> assertThat(s.value()).isEqualTo(42L));
    }

    @Test
    void aPositiveRcFromTaskInitFailsTheStepFrom25_05OnButNotBefore() {
        assertThat(SpankRunner.of(new FailingPlugin(SpankCallback.TASK_INIT, 1)).release("22.05.8").srun().ok()).isTrue();
        SpankRun run = SpankRunner.of(new FailingPlugin(SpankCallback.TASK_INIT, 1)).release("25.05.0").srun();
        assertThat(run.failure()).isEqualTo("slurmstepd: error: Failed to invoke spank plugin stack");
    }

    @Test
    void prependTaskArgvExistsFrom23_11On() {
        SpankPlugin prepending = new SpankPlugin() {
            @Override
            public int taskInit(Spank spank, List<String> args) {
                spank.prependTaskArgv(List.of("nice", "-n", "5"));
                return 0;
            }
        };
        assertThat(SpankRunner.of(prepending).release("22.05.8").srun().taskArgv(0)).containsExactly("true");
        assertThat(SpankRunner.of(prepending).release("23.11.0").command("hostname").srun().taskArgv(0))
                .containsExactly("nice", "-n", "5", "hostname");
    }

    @Test
    void everyCallbackGetsTheWordsOfThePluginsPlugstackLine() {
        List<List<String>> seen = new ArrayList<>();
        SpankPlugin plugin = new SpankPlugin() {
            @Override
            public int spankInit(Spank spank, List<String> args) {
                seen.add(args);
                return 0;
            }
        };
        SpankRunner.of(plugin, "limit=5", "verbose").sbatch();
        assertThat(seen).containsExactly(List.of("limit=5", "verbose"));
    }

    @Test
    void anArgumentAPlugstackLineCannotCarryIsRefused() {
        assertThatThrownBy(() -> SpankRunner.of(FailingPlugin.never(), "two words"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"two words\"");
    }

    @Test
    void aPluginWhoseGenericInitFailsIsNotLoadedAndSrunFails() {
        SpankPlugin failsInit = new SpankPlugin() {
            @Override
            public int init() {
                return 1;
            }

            @Override
            public int exit(Spank spank, List<String> args) {
                return 0;
            }
        };
        SpankRun run = SpankRunner.of(failsInit).name("broken").srun();
        assertThat(run.failure()).isEqualTo("srun: error: Plug-in initialization failed");
        assertThat(run.log()).contains("srun: error: spank: /etc/slurm/plugstack.conf:1: Failed to load plugin broken. Aborting.");
        assertThat(run.callbacks()).isEmpty();
    }

    @Test
    void whatThePluginLogsIsPrintedAsEachProcessPrintsIt() {
        SpankPlugin talking = new SpankPlugin() {
            @Override
            public int spankInit(Spank spank, List<String> args) {
                spank.log().info("init in " + spank.context().slurmName());
                return 0;
            }

            @Override
            public int taskInit(Spank spank, List<String> args) {
                spank.log().error("task " + spank.taskId().orElse(-1));
                return 0;
            }
        };
        assertThat(SpankRunner.of(talking).srun().log())
                .containsSubsequence("srun: init in local", "slurmstepd: init in remote", "slurmstepd: error: task 0");
    }

    @Test
    void theJobControlEnvironmentSbatchBuiltIsKeptWithTheOptionsItFound() {
        SpankPlugin settingJobControl = new SpankPlugin() {
            @Override
            public int spankInit(Spank spank, List<String> args) {
                spank.optionRegister(ProjectPlugin.PROJECT);
                return spank.jobControlSetenv("ACCOUNTING", "on", true) == SpankError.SUCCESS ? 0 : -1;
            }
        };
        SpankRun run = SpankRunner.of(settingJobControl).name("project").option("project", "chem").sbatch();
        assertThat(run.jobControlEnv()).containsEntry("ACCOUNTING", "on")
                .containsEntry("_SLURM_SPANK_OPTION_project_project", "chem");
        assertThat(run.optionsHelp()).contains("--project=name", "charge the job to project NAME");
    }

    @Test
    void aPrologFindsTheOptionTheJobWasSubmittedWith() {
        List<Optional<String>> seen = new ArrayList<>();
        SpankPlugin prolog = new SpankPlugin() {
            @Override
            public int jobProlog(Spank spank, List<String> args) {
                seen.add(spank.optionGetopt(ProjectPlugin.PROJECT).orElse(Optional.of("not found")));
                return 0;
            }
        };
        SpankRunner.of(prolog).name("project").option("project", "chem").run(SpankContext.JOB_SCRIPT);
        assertThat(seen).containsExactly(Optional.of("chem"));
    }

    @Test
    void slurmstepdAloneGetsTheOptionsAsSrunForwardsThem() {
        SpankRun run = SpankRunner.of(new ProjectPlugin()).option("project", "chem").run(SpankContext.REMOTE);
        assertThat(run.callbacks()).startsWith("remote init").doesNotContain("local init");
        assertThat(run.taskEnv(0)).containsEntry("PROJECT", "chem").doesNotContainKey("_SLURM_SPANK_OPTION_project_project");
    }

    @Test
    void withASupplierEveryProcessGetsItsOwnInstanceAsACPluginHasItsOwnGlobals() {
        assertThat(SpankRunner.of(new Remembering()).srun().taskEnv(0)).containsEntry("SEEN_IN_SRUN", "yes");
        assertThat(SpankRunner.of(Remembering::new).srun().taskEnv(0)).containsEntry("SEEN_IN_SRUN", "no");
    }

    /** Remembers in a field that srun's init ran, and tells the task in task_init. */
    static final class Remembering implements SpankPlugin {
        boolean srunInitRan;

        @Override
        public int spankInit(Spank spank, List<String> args) {
            srunInitRan |= spank.context() == SpankContext.LOCAL;
            return 0;
        }

        @Override
        public int taskInit(Spank spank, List<String> args) {
            spank.setenv("SEEN_IN_SRUN", srunInitRan ? "yes" : "no", true);
            return 0;
        }
    }

    /** Records one item's answer in every callback. */
    static final class ItemRecorder extends AllCallbacks {
        record Seen(SpankContext context, SpankCallback callback, SpankError error, Object value) {
        }

        final SpankItem item;
        final List<Seen> seen = new ArrayList<>();

        ItemRecorder(SpankItem item) {
            this.item = item;
        }

        @Override
        int on(SpankCallback callback, Spank spank) {
            var r = spank.getItem(item);
            seen.add(new Seen(spank.context(), callback, r.error(), r.value()));
            return 0;
        }
    }
}
