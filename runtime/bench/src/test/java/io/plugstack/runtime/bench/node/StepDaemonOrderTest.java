package io.plugstack.runtime.bench.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.runtime.bench.node.TaskRunnerNicenessTest.RenicingSession;

/**
 * The simulated slurmstepd calls a step's callbacks in mgr.c's order (the engine's SpankSequence), with its
 * tasks real processes: each task's child is forked and held after its task_init_privileged, task_post_fork
 * sees every task's real pid before any task_init, and a task starts only after its task_init.
 */
class StepDaemonOrderTest {

    private static final OnBehalfOf ME = OnBehalfOf.thisProcess();

    private static StepResult step(RenicingSession s, int ntasks, String script) {
        return TaskRunnerNicenessTest.runStep(s, ME.uid(), ME.gid(), ntasks, List.of("/bin/sh", "-c", script),
                new ByteArrayOutputStream(), new ByteArrayOutputStream());
    }

    @Test
    void taskPostForkRunsForEveryTaskBeforeAnyTaskInit() {
        RenicingSession s = new RenicingSession(null);
        step(s, 2, "true");
        assertThat(s.calls.subList(0, 9)).containsExactly("init", "init_post_opt", "user_init",
                "task_init_privileged 0", "task_init_privileged 1", "task_post_fork 0", "task_post_fork 1", "task_init 0", "task_init 1");
        assertThat(s.calls.subList(9, 11)).containsExactlyInAnyOrder("task_exit 0 0", "task_exit 1 0");
        assertThat(s.calls.get(11)).isEqualTo("exit");
    }

    @Test
    void aTaskDoesNotStartBeforeItsTaskInit(@TempDir Path dir) throws Exception {
        Path ran = dir.resolve("ran");
        RenicingSession s = new RenicingSession(null) {
            @Override
            public io.plugstack.runtime.spank.CallResult taskPostFork(int localId, long pid) {
                calls.add("task " + localId + " ran before task_init: " + Files.exists(ran)
                        + ", pid alive: " + ProcessHandle.of(pid).isPresent());
                return io.plugstack.runtime.spank.CallResult.OK;
            }
        };
        step(s, 1, "touch " + ran);
        assertThat(s.calls).contains("task 0 ran before task_init: false, pid alive: true");
        assertThat(ran).exists();
    }

    @Test
    void aRemoteInitPostOptFailureEndsTheStepWithoutExit() {
        RenicingSession s = new RenicingSession(null);
        s.failing = SpankCallback.INIT_POST_OPT;
        StepResult r = step(s, 1, "true");
        assertThat(s.calls).containsExactly("init", "init_post_opt");
        assertThat(r.failed()).hasValueSatisfying(f -> assertThat(f.callback()).isEqualTo(SpankCallback.INIT_POST_OPT));
    }

    @Test
    void aUserInitFailureStartsNoTaskAndRunsExit(@TempDir Path dir) {
        Path ran = dir.resolve("ran");
        RenicingSession s = new RenicingSession(null);
        s.failing = SpankCallback.USER_INIT;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StepResult r = TaskRunnerNicenessTest.runStep(s, ME.uid(), ME.gid(), 1, List.of("/bin/sh", "-c", "echo ran; touch " + ran), out,
                new ByteArrayOutputStream());
        assertThat(s.calls).containsExactly("init", "init_post_opt", "user_init", "exit");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(ran).doesNotExist();
        assertThat(r.failed()).hasValueSatisfying(f -> assertThat(f.callback()).isEqualTo(SpankCallback.USER_INIT));
    }

    @Test
    void aTaskPostForkFailureKillsTheHeldTasksAndRunsExitWithoutTaskExit(@TempDir Path dir) {
        Path ran = dir.resolve("ran");
        RenicingSession s = new RenicingSession(null);
        s.failing = SpankCallback.TASK_POST_FORK;
        step(s, 2, "touch " + ran);
        assertThat(s.calls).containsExactly("init", "init_post_opt", "user_init", "task_init_privileged 0", "task_init_privileged 1",
                "task_post_fork 0", "exit");
        assertThat(ran).doesNotExist();
    }

    @Test
    void aTaskWhoseTaskInitPrivilegedFailedExitsOneBeforeExecWhileTheOthersRun(@TempDir Path dir) {
        RenicingSession s = new RenicingSession(null) {
            @Override
            public io.plugstack.runtime.spank.CallResult taskInitPrivileged(int localId, java.util.Map<String, String> env) {
                calls.add("task_init_privileged " + localId);
                return localId == 0 ? new io.plugstack.runtime.spank.CallResult(-1, java.util.Optional.of("renicing"),
                        java.util.Optional.empty()) : io.plugstack.runtime.spank.CallResult.OK;
            }
        };
        step(s, 2, "true");
        assertThat(s.calls).doesNotContain("task_init 0").contains("task_post_fork 0", "task_post_fork 1", "task_init 1",
                "task_exit 0 256", "task_exit 1 0");
    }
}
