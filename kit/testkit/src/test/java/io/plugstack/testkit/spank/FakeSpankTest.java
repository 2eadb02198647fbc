package io.plugstack.testkit.spank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankItem;

class FakeSpankTest {

    @Test
    void aTaskInitCalledDirectlySeesTheOptionTheUserGaveAndExportsIt() {
        FakeSpank spank = FakeSpank.in(SpankContext.REMOTE).during(SpankCallback.TASK_INIT).option("project", "chem");
        assertThat(new ProjectPlugin().taskInit(spank, List.of())).isZero();
        assertThat(spank.environment()).containsEntry("PROJECT", "chem");
    }

    @Test
    void anItemAnswersAsSpanksItemTableSaysForTheContextAndCallback() {
        assertThat(FakeSpank.in(SpankContext.LOCAL).getItem(SpankItem.S_TASK_ID).error())
                .isEqualTo(SpankItem.S_TASK_ID.check(SpankContext.LOCAL, SpankCallback.INIT)).isNotEqualTo(SpankError.SUCCESS);
        assertThat(FakeSpank.in(SpankContext.REMOTE).during(SpankCallback.USER_INIT).getItem(SpankItem.S_TASK_ID).error())
                .isEqualTo(SpankItem.S_TASK_ID.check(SpankContext.REMOTE, SpankCallback.USER_INIT)).isNotEqualTo(SpankError.SUCCESS);
        assertThat(FakeSpank.in(SpankContext.REMOTE).during(SpankCallback.TASK_INIT).tasks(2).task(1).taskId().value()).isEqualTo(1);
    }

    @Test
    void srunsPluginsKnowTheJobFromLocalUserInitOn() {
        assertThat(FakeSpank.in(SpankContext.LOCAL).job(42, 0).jobId().error()).isEqualTo(SpankError.NOT_AVAIL);
        assertThat(FakeSpank.in(SpankContext.LOCAL).during(SpankCallback.LOCAL_USER_INIT).job(42, 0).jobId().value()).isEqualTo(42);
    }

    @Test
    void setenvActsOnTheStepInRemoteContextOnly() {
        assertThat(FakeSpank.in(SpankContext.LOCAL).setenv("A", "1", true)).isEqualTo(SpankError.NOT_REMOTE);
        FakeSpank remote = FakeSpank.in(SpankContext.REMOTE).env("A", "0");
        assertThat(remote.setenv("A", "1", false)).isEqualTo(SpankError.ENV_EXISTS);
        assertThat(remote.setenv("B", "2", false)).isEqualTo(SpankError.SUCCESS);
        assertThat(remote.environment()).containsEntry("A", "0").containsEntry("B", "2");
    }

    @Test
    void anOptionIsRegisteredDuringInitOnly() {
        FakeSpank init = FakeSpank.in(SpankContext.LOCAL);
        assertThat(new ProjectPlugin().spankInit(init, List.of())).isZero();
        assertThat(init.registeredOptions()).containsExactly(ProjectPlugin.PROJECT);
        assertThat(FakeSpank.in(SpankContext.LOCAL).during(SpankCallback.LOCAL_USER_INIT).optionRegister(ProjectPlugin.PROJECT))
                .isEqualTo(SpankError.BAD_ARG);
    }

    @Test
    void getoptIsNotAvailableInInitWhereOptionsAreNotProcessedYet() {
        assertThat(FakeSpank.in(SpankContext.REMOTE).option("project", "chem").optionGetopt(ProjectPlugin.PROJECT).error())
                .isEqualTo(SpankError.NOT_AVAIL);
    }

    @Test
    void aPrologFindsTheOptionInTheJobControlEnvironmentAsSlurmPassesIt() {
        FakeSpank prolog = FakeSpank.in(SpankContext.JOB_SCRIPT).name("project").option("project", "chem");
        assertThat(prolog.optionGetopt(ProjectPlugin.PROJECT).value()).isEqualTo(Optional.of("chem"));
        assertThat(prolog.environment()).containsEntry("SPANK__SLURM_SPANK_OPTION_project_project", "chem");
    }

    @Test
    void srunsLocalUserInitFindsAnOptionTheUserGave() {
        FakeSpank srun = FakeSpank.in(SpankContext.LOCAL).during(SpankCallback.LOCAL_USER_INIT).option("project", "chem");
        assertThat(srun.optionGetopt(ProjectPlugin.PROJECT).value()).isEqualTo(Optional.of("chem"));
    }

    @Test
    void aCallbackSlurmNeverCallsInTheContextIsRefused() {
        assertThatThrownBy(() -> FakeSpank.in(SpankContext.LOCAL).during(SpankCallback.TASK_INIT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("never calls task_init in local context");
    }

    @Test
    void aHandleInUseCannotBeSetUpAgain() {
        FakeSpank spank = FakeSpank.in(SpankContext.REMOTE);
        spank.getenv("X");
        assertThatThrownBy(() -> spank.env("X", "1")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void prependTaskArgvIsThereFrom23_11On() {
        FakeSpank old = FakeSpank.in(SpankContext.REMOTE).during(SpankCallback.TASK_INIT).release("22.05.8");
        assertThat(old.prependTaskArgv(List.of("nice"))).isEqualTo(SpankError.NOT_AVAIL);
        FakeSpank current = FakeSpank.in(SpankContext.REMOTE).during(SpankCallback.TASK_INIT).release("23.11.0").command("a.out");
        assertThat(current.prependTaskArgv(List.of("nice"))).isEqualTo(SpankError.SUCCESS);
        assertThat(current.taskArgv()).containsExactly("nice", "a.out");
    }

    @Test
    void taskExitSeesTheTasksWaitStatus() {
        assertThat(FakeSpank.in(SpankContext.REMOTE).during(SpankCallback.TASK_EXIT).taskExitStatus(3 << 8).taskExitStatus().value())
                .isEqualTo(3 << 8);
    }

    @Test
    void whatThePluginLogsIsPrintedAsItsProcessPrintsIt() {
        FakeSpank spank = FakeSpank.in(SpankContext.REMOTE).during(SpankCallback.TASK_INIT);
        spank.log().error("no project");
        spank.log().spankLog("plain");
        assertThat(spank.loggedLines()).containsExactly("slurmstepd: error: no project", "plain");
    }

    @Test
    void aJobControlEntryIsSetInTheSubmittingCommandAndRefusedInSlurmstepd() {
        FakeSpank sbatch = FakeSpank.in(SpankContext.ALLOCATOR);
        assertThat(sbatch.jobControlSetenv("X", "1", true)).isEqualTo(SpankError.SUCCESS);
        assertThat(sbatch.jobControlEnvironment()).containsEntry("X", "1");
        assertThat(FakeSpank.in(SpankContext.REMOTE).jobControlSetenv("X", "1", true)).isEqualTo(SpankError.NOT_LOCAL);
    }
}
