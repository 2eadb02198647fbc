package io.plugstack.runtime.spank.stack;

import io.plugstack.runtime.spank.TaskFacts;
import io.plugstack.runtime.spank.JobFacts;
import static io.plugstack.runtime.spank.stack.StackFixtures.handle;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankItem;
import io.plugstack.api.spank.SpankOption;

/** spank_t's calls, per context and callback (SPANK-H-3, H-11, H-13…H-17, the §1.2 item table). */
class SpankHandleTest {

    static JobFacts job(boolean layoutKnown) {
        return new JobFacts(1000, 100, 42, 0, 2, 1, 2, 4, 8, List.of("hostname"), List.of(10L, 20L), 1, "0-3", 4096,
                "0-1", 2048, 0, 0, JobFacts.NOT_AN_ARRAY_TASK, layoutKnown, List.of(2L, 3L));
    }

    static SpankHandle remoteWithTasks() {
        SpankHandle h = handle(SpankContext.REMOTE);
        h.job(job(true));
        h.tasks(List.of(new TaskFacts(0, 2, 501, null, List.of("hostname")), new TaskFacts(1, 3, 502, null, List.of("hostname"))));
        return h;
    }

    @Test
    void getenvOutsideRemoteContextIsNotRemote() {
        assertThat(handle(SpankContext.LOCAL).getenv("HOME").error()).isEqualTo(SpankError.NOT_REMOTE);
    }

    @Test
    void getenvReadsTheStepEnvironment() {
        SpankHandle h = handle(SpankContext.REMOTE);
        h.stepEnv().put("TMPDIR", "/tmp/job42");
        assertThat(h.getenv("TMPDIR").orElseThrow()).isEqualTo("/tmp/job42");
        assertThat(h.getenv("NOPE").error()).isEqualTo(SpankError.ENV_NOEXIST);
        assertThat(h.getenv(null).error()).isEqualTo(SpankError.BAD_ARG);
    }

    @Test
    void setenvWithoutOverwriteOnExistingNameIsEnvExists() {
        SpankHandle h = handle(SpankContext.REMOTE);
        assertThat(h.setenv("A", "1", false)).isEqualTo(SpankError.SUCCESS);
        assertThat(h.setenv("A", "2", false)).isEqualTo(SpankError.ENV_EXISTS);
        assertThat(h.setenv("A", "3", true)).isEqualTo(SpankError.SUCCESS);
        assertThat(h.stepEnv()).containsEntry("A", "3");
    }

    @Test
    void unsetenvOfMissingNameIsSuccess() {
        assertThat(handle(SpankContext.REMOTE).unsetenv("NOPE")).isEqualTo(SpankError.SUCCESS);
    }

    @Test
    void jobControlEnvInRemoteIsNotLocalAndInSlurmdNotAvail() {
        assertThat(handle(SpankContext.REMOTE).jobControlSetenv("X", "1", true)).isEqualTo(SpankError.NOT_LOCAL);
        assertThat(handle(SpankContext.SLURMD).jobControlGetenv("X").error()).isEqualTo(SpankError.NOT_AVAIL);
    }

    @Test
    void jobControlSetenvWithoutOverwriteKeepsOldValueAndSucceeds() {
        SpankHandle h = handle(SpankContext.ALLOCATOR);
        h.jobControlSetenv("PROJECT", "a", true);
        assertThat(h.jobControlSetenv("PROJECT", "b", false)).isEqualTo(SpankError.SUCCESS);
        assertThat(h.jobControlGetenv("PROJECT").orElseThrow()).isEqualTo("a");
    }

    @Test
    void jobControlNameWithEqualsSignIsBadArg() {
        assertThat(handle(SpankContext.LOCAL).jobControlSetenv("A=B", "1", true)).isEqualTo(SpankError.BAD_ARG);
    }

    @Test
    void optionRegisterOutsideInitIsBadArg() {
        SpankHandle h = handle(SpankContext.LOCAL);
        SpankOption o = new SpankOption("x", null, "usage", SpankOption.Arg.NONE, 0, null);
        h.enter(null, SpankCallback.INIT_POST_OPT);
        assertThat(h.optionRegister(o)).isEqualTo(SpankError.BAD_ARG);
        h.enter(null, SpankCallback.INIT);
        assertThat(h.optionRegister(o)).isEqualTo(SpankError.SUCCESS);
        assertThat(h.optionRegister(new SpankOption("x", null, null, SpankOption.Arg.NONE, 0, null))).isEqualTo(SpankError.BAD_ARG);
    }

    @Test
    void prependTaskArgvWorksOnlyInTaskInitCallbacks() {
        SpankHandle h = remoteWithTasks();
        h.currentTask(1);
        h.enter(null, SpankCallback.USER_INIT);
        assertThat(h.prependTaskArgv(List.of("nice", "-n", "5"))).isEqualTo(SpankError.NOT_TASK);
        h.enter(null, SpankCallback.TASK_INIT);
        assertThat(h.prependTaskArgv(List.of("nice", "-n", "5"))).isEqualTo(SpankError.SUCCESS);
        assertThat(h.tasks().get(1).argv()).containsExactly("nice", "-n", "5", "hostname");
    }

    @Test
    void prependTaskArgvIsNotAvailableBeforeSlurm2311() {
        SpankHandle h = new SpankHandle(SpankContext.REMOTE, io.plugstack.api.plugin.SlurmVersion.parse("23.02.7"), (level, message) -> { },
                null);
        h.tasks(List.of(new TaskFacts(0, 0, 501, null, List.of("hostname"))));
        h.currentTask(0);
        h.enter(null, SpankCallback.TASK_INIT);
        assertThat(h.prependTaskArgv(List.of("nice"))).isEqualTo(SpankError.NOT_AVAIL);
        assertThat(h.tasks().get(0).argv()).containsExactly("hostname");
    }

    @ParameterizedTest
    @EnumSource(value = SpankCallback.class, names = {"TASK_INIT_PRIVILEGED", "TASK_POST_FORK", "TASK_INIT"})
    void setTaskNicenessIsValidInTaskInitPrivilegedTaskPostForkAndTaskInit(SpankCallback callback) {
        SpankHandle h = remoteWithTasks();
        h.currentTask(1);
        h.enter(null, callback);
        assertThat(h.setTaskNiceness(-5)).isEqualTo(SpankError.SUCCESS);
        assertThat(h.tasks().get(1).niceness()).isEqualTo(-5);
        assertThat(h.tasks().get(1).argv()).containsExactly("hostname");
        assertThat(h.tasks().get(0).niceness()).isNull();
    }

    @ParameterizedTest
    @EnumSource(value = SpankCallback.class, names = {"TASK_INIT_PRIVILEGED", "TASK_POST_FORK", "TASK_INIT"}, mode = EnumSource.Mode.EXCLUDE)
    void setTaskNicenessIsNotTaskInEveryOtherCallback(SpankCallback callback) {
        SpankHandle h = remoteWithTasks();
        h.currentTask(1);
        h.enter(null, callback);
        assertThat(h.setTaskNiceness(5)).isEqualTo(SpankError.NOT_TASK);
        assertThat(h.tasks()).allSatisfy(t -> assertThat(t.niceness()).isNull());
    }

    @Test
    void setTaskNicenessWithoutACurrentTaskIsNotTask() {
        SpankHandle h = remoteWithTasks();
        h.currentTask(-1);
        h.enter(null, SpankCallback.TASK_INIT);
        assertThat(h.setTaskNiceness(5)).isEqualTo(SpankError.NOT_TASK);
        SpankHandle noTasks = handle(SpankContext.REMOTE);
        noTasks.currentTask(0);
        noTasks.enter(null, SpankCallback.TASK_INIT);
        assertThat(noTasks.setTaskNiceness(5)).isEqualTo(SpankError.NOT_TASK);
    }

    @Test
    void setTaskNicenessOutsideMinus20To19IsBadArg() {
        SpankHandle h = remoteWithTasks();
        h.currentTask(0);
        h.enter(null, SpankCallback.TASK_INIT);
        assertThat(h.setTaskNiceness(-21)).isEqualTo(SpankError.BAD_ARG);
        assertThat(h.setTaskNiceness(20)).isEqualTo(SpankError.BAD_ARG);
        assertThat(h.tasks().get(0).niceness()).isNull();
        assertThat(h.setTaskNiceness(-20)).isEqualTo(SpankError.SUCCESS);
        assertThat(h.setTaskNiceness(19)).isEqualTo(SpankError.SUCCESS);
        assertThat(h.tasks().get(0).niceness()).as("the last call wins").isEqualTo(19);
    }

    @Test
    void localJobItemsAreNotAvailOutsideLocalUserInit() {
        SpankHandle h = handle(SpankContext.LOCAL);
        h.job(job(true));
        h.enter(null, SpankCallback.INIT);
        assertThat(h.getItem(SpankItem.S_JOB_ID).error()).isEqualTo(SpankError.NOT_AVAIL);
        h.enter(null, SpankCallback.LOCAL_USER_INIT);
        assertThat(h.<Long>getItem(SpankItem.S_JOB_ID).orElseThrow()).isEqualTo(42L);
    }

    @Test
    void localNnodesWithoutStepLayoutIsEnvNoexist() {
        SpankHandle h = handle(SpankContext.LOCAL);
        h.job(job(false));
        h.enter(null, SpankCallback.LOCAL_USER_INIT);
        assertThat(h.getItem(SpankItem.S_JOB_NNODES).error()).isEqualTo(SpankError.ENV_NOEXIST);
    }

    @Test
    void allocatorJobIdIsBadArgAndUidNotAvail() {
        SpankHandle h = handle(SpankContext.ALLOCATOR);
        h.enter(null, SpankCallback.INIT);
        assertThat(h.getItem(SpankItem.S_JOB_ID).error()).isEqualTo(SpankError.BAD_ARG);
        assertThat(h.getItem(SpankItem.S_JOB_UID).error()).isEqualTo(SpankError.NOT_AVAIL);
    }

    @Test
    void remoteTaskIdOutsideTaskCallbacksIsNotTask() {
        SpankHandle h = remoteWithTasks();
        h.enter(null, SpankCallback.USER_INIT);
        assertThat(h.getItem(SpankItem.S_TASK_ID).error()).isEqualTo(SpankError.NOT_TASK);
        h.currentTask(1);
        h.enter(null, SpankCallback.TASK_INIT);
        assertThat(h.<Integer>getItem(SpankItem.S_TASK_ID).orElseThrow()).isEqualTo(1);
        assertThat(h.<Long>getItem(SpankItem.S_TASK_GLOBAL_ID).orElseThrow()).isEqualTo(3L);
    }

    @Test
    void taskExitStatusOnlyInTaskExit() {
        SpankHandle h = remoteWithTasks();
        h.currentTask(0);
        h.updateTask(h.tasks().get(0).withExitStatus(256));
        h.enter(null, SpankCallback.TASK_POST_FORK);
        assertThat(h.getItem(SpankItem.S_TASK_EXIT_STATUS).error()).isEqualTo(SpankError.NOT_TASK);
        h.enter(null, SpankCallback.TASK_EXIT);
        assertThat(h.<Integer>getItem(SpankItem.S_TASK_EXIT_STATUS).orElseThrow()).isEqualTo(256);
    }

    @Test
    void pidLookupsBeforeTasksRunAreNotExecdAndUnknownPidIsNoexist() {
        SpankHandle h = remoteWithTasks();
        h.enter(null, SpankCallback.USER_INIT);
        assertThat(h.getItem(SpankItem.S_JOB_PID_TO_GLOBAL_ID, 501).error()).isEqualTo(SpankError.NOT_EXECD);
        h.enter(null, SpankCallback.TASK_POST_FORK);
        assertThat(h.<Long>getItem(SpankItem.S_JOB_PID_TO_GLOBAL_ID, 502).orElseThrow()).isEqualTo(3L);
        assertThat(h.getItem(SpankItem.S_JOB_PID_TO_GLOBAL_ID, 999).error()).isEqualTo(SpankError.NOEXIST);
    }

    @Test
    void globalToLocalIdBeyondTotalTasksIsBadArgAndOffNodeIsNoexist() {
        SpankHandle h = remoteWithTasks();
        h.enter(null, SpankCallback.USER_INIT);
        assertThat(h.getItem(SpankItem.S_JOB_GLOBAL_TO_LOCAL_ID, 4).error()).isEqualTo(SpankError.BAD_ARG);
        assertThat(h.getItem(SpankItem.S_JOB_GLOBAL_TO_LOCAL_ID, 0).error()).isEqualTo(SpankError.NOEXIST);
        assertThat(h.<Long>getItem(SpankItem.S_JOB_GLOBAL_TO_LOCAL_ID, 3).orElseThrow()).isEqualTo(1L);
    }

    @Test
    void versionItemsAnswerInEveryContext() {
        for (SpankContext c : List.of(SpankContext.LOCAL, SpankContext.REMOTE, SpankContext.ALLOCATOR, SpankContext.SLURMD,
                SpankContext.JOB_SCRIPT)) {
            SpankHandle h = handle(c);
            h.enter(null, SpankCallback.INIT);
            assertThat(h.<String>getItem(SpankItem.S_SLURM_VERSION).orElseThrow()).isEqualTo("25.11.0");
            assertThat(h.<String>getItem(SpankItem.S_SLURM_VERSION_MINOR).orElseThrow()).isEqualTo("11");
        }
    }

    @Test
    void arrayTaskIdOfAJobThatIsNotAnArrayIsNoVal() {
        SpankHandle h = remoteWithTasks();
        h.enter(null, SpankCallback.TASK_INIT);
        assertThat(h.<Long>getItem(SpankItem.S_JOB_ARRAY_TASK_ID).orElseThrow()).isEqualTo(NoVal.NO_VAL);
        assertThat(h.<Long>getItem(SpankItem.S_JOB_ARRAY_ID).orElseThrow()).isZero();
    }

    @Test
    void nullItemIsBadArg() {
        assertThat(handle(SpankContext.REMOTE).getItem(null).error()).isEqualTo(SpankError.BAD_ARG);
    }

    @Test
    void slurmdContextItemsAreNotAvail() {
        SpankHandle h = handle(SpankContext.SLURMD);
        h.enter(null, SpankCallback.INIT);
        assertThat(h.getItem(SpankItem.S_JOB_ID).error()).isEqualTo(SpankError.NOT_AVAIL);
    }
}
