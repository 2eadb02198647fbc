package io.plugstack.spank.renice;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.testkit.spank.FakeSpank;
import io.plugstack.testkit.spank.SpankRun;
import io.plugstack.testkit.spank.SpankRunner;

/**
 * --renice=prio: checked when given, applied in task_post_fork as the task's niceness (from slurmstepd, as Slurm's renice.c). Every process gets
 * its own instance, as the plugin's prototype-scope component does in the runtime.
 */
class RenicePluginTest {

    @Test
    void reniceSetsTheNicenessOfEveryTaskInTaskPostFork() {
        SpankRun run = SpankRunner.of(RenicePlugin::new).option("renice", "-3").tasks(2).verbosity(2).srun();
        assertThat(run.ok()).as(run.failure()).isTrue();
        assertThat(run.taskNiceness(0)).hasValue(-3);
        assertThat(run.taskNiceness(1)).hasValue(-3);
        assertThat(run.taskArgv(0)).as("the task's argv is left alone").containsExactly("true");
        assertThat(run.log()).contains("slurmstepd: debug:  renice: task runs at priority -3");
    }

    /** The bridge calls a plugin only for what it defines: with no task_init_privileged or task_init, a task child opens no connection. */
    @Test
    void reniceDefinesNoCallbackThatRunsInTheTasksOwnProcess() {
        java.util.Set<String> declared = java.util.Arrays.stream(RenicePlugin.class.getDeclaredMethods())
                .map(java.lang.reflect.Method::getName).collect(java.util.stream.Collectors.toSet());
        assertThat(declared).contains("taskPostFork").doesNotContain("taskInitPrivileged", "taskInit");
    }

    @Test
    void withoutTheOptionTheTasksNicenessIsLeftAlone() {
        SpankRun run = SpankRunner.of(RenicePlugin::new).srun();
        assertThat(run.ok()).as(run.failure()).isTrue();
        assertThat(run.taskNiceness(0)).isEmpty();
    }

    @Test
    void aPriorityOutsideThePluginsLimitsStopsSrunWithThePluginsReason() {
        SpankRun run = SpankRunner.of(RenicePlugin::new, "min=0", "max=10").option("renice", "-3").srun();
        assertThat(run.log()).containsSubsequence("srun: error: renice: --renice=-3: priority must be from 0 to 10",
                "srun: error: Invalid --renice argument: -3");
        assertThat(run.callbacks()).as("no step is launched").noneMatch(c -> c.startsWith("remote"));
    }

    @Test
    void aBadPlugstackArgumentFailsInit() {
        SpankRun run = SpankRunner.of(RenicePlugin::new, "max=99").srun();
        assertThat(run.failure()).isEqualTo("srun: error: Plug-in initialization failed");
        assertThat(run.log()).contains("srun: error: renice: limits min=-20 max=99 are not within -20..19");
    }

    @Test
    void aNicenessTheHandleRefusesFailsTheCallbackWithSlurmsReason() {
        RenicePlugin p = new RenicePlugin();
        FakeSpank init = FakeSpank.in(SpankContext.REMOTE);
        assertThat(p.spankInit(init, List.of())).isZero();
        assertThat(init.registeredOptions()).singleElement().satisfies(o -> assertThat(o.callback().handle(init, o.val(), "5", true)).isZero());
        // user_init is no task callback: the real handle refuses the niceness there
        FakeSpank userInit = FakeSpank.in(SpankContext.REMOTE).during(SpankCallback.USER_INIT);
        assertThat(p.taskPostFork(userInit, List.of())).isEqualTo(-1);
        assertThat(userInit.loggedLines()).containsExactly("slurmstepd: error: renice: cannot set the priority of the task: "
                + SpankError.NOT_TASK.strerror());
    }
}
