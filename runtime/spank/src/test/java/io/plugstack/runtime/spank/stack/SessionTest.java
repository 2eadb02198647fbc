package io.plugstack.runtime.spank.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankOptionCallback;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.spank.JobFacts;
import io.plugstack.runtime.spank.LaunchOption;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.TaskFacts;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/** A session drives its stack phase by phase, as spank.c's entry points do. */
class SessionTest {

    final List<String> seen = new ArrayList<>();
    final StackFixtures.RecordingLog log = new StackFixtures.RecordingLog();

    /** Records every callback with what the plugin sees; registers --opt in init and records its callback. */
    final SpankPlugin recorder = new SpankPlugin() {
        @Override
        public int spankInit(Spank spank, List<String> args) {
            seen.add("init");
            spank.optionRegister(new SpankOption("opt", "v", "an option", SpankOption.Arg.REQUIRED, 0,
                    (val, optarg, remote) -> {
                        seen.add("option " + optarg + (remote ? " remote" : ""));
                        return 0;
                    }));
            return 0;
        }

        @Override
        public int initPostOpt(Spank spank, List<String> args) {
            seen.add("init_post_opt");
            return 0;
        }

        @Override
        public int userInit(Spank spank, List<String> args) {
            seen.add("user_init STEP=" + spank.getenv("STEP").orElse(null));
            return 0;
        }

        @Override
        public int taskInitPrivileged(Spank spank, List<String> args) {
            seen.add("task_init_privileged task=" + spank.taskId().orElse(-1));
            return 0;
        }

        @Override
        public int taskInit(Spank spank, List<String> args) {
            seen.add("task_init TASK=" + spank.getenv("TASK").orElse(null));
            spank.setenv("SET_BY_PLUGIN", "yes", true);
            return 0;
        }

        @Override
        public int taskPostFork(Spank spank, List<String> args) {
            seen.add("task_post_fork pid=" + spank.taskPid().orElse(-1));
            return 0;
        }

        @Override
        public int taskExit(Spank spank, List<String> args) {
            seen.add("task_exit status=" + spank.taskExitStatus().orElse(-1));
            return 0;
        }

        @Override
        public int exit(Spank spank, List<String> args) {
            seen.add("exit");
            return 0;
        }
    };

    private SpankSession remote(Map<String, String> stepEnv) {
        PlugstackConf.Result conf = new PlugstackConf.Result(List.of(StackFixtures.required("rec")), Optional.empty());
        SpankSession.Opened o = Session.open(SpankContext.REMOTE, conf, SpankSession.Setup.step(stepEnv), StackFixtures.RELEASE,
                new StackFixtures.MapResolver().with("rec", recorder), log);
        assertThat(o.ok()).as(o.failure()).isTrue();
        return o.session();
    }

    @Test
    void aStepsPhasesCallTheCallbacksInSlurmstepdsOrder() {
        Map<String, String> stepEnv = new LinkedHashMap<>(Map.of("STEP", "1"));
        try (SpankSession s = remote(stepEnv)) {
            s.job(JobFacts.job(1000, 100, 7).tasks(1, 1).layoutKnown(true).globalTaskIdsHere(List.of(0L)).build());
            s.tasks(List.of(new TaskFacts(0, 0, 0, null, List.of("true"))));
            s.init();
            s.initPostOpt(List.of());
            s.userInit();
            Map<String, String> taskEnv = new LinkedHashMap<>(Map.of("TASK", "0"));
            s.taskInitPrivileged(0, taskEnv);
            s.taskInit(0, taskEnv);
            s.taskPostFork(0, 4321);
            s.taskExit(0, 3 << 8);
            s.exit();
        }
        assertThat(seen).containsExactly("init", "init_post_opt", "user_init STEP=1", "task_init_privileged task=0",
                "task_init TASK=0", "task_post_fork pid=4321", "task_exit status=768", "exit");
    }

    @Test
    void taskPhasesActOnTheTasksOwnEnvironmentNotTheSteps() {
        Map<String, String> stepEnv = new LinkedHashMap<>(Map.of("STEP", "1"));
        Map<String, String> taskEnv = new LinkedHashMap<>(Map.of("TASK", "0"));
        try (SpankSession s = remote(stepEnv)) {
            s.tasks(List.of(new TaskFacts(0, 0, 0, null, List.of("true"))));
            s.init();
            s.taskInit(0, taskEnv);
            s.userInit();
        }
        assertThat(taskEnv).containsEntry("SET_BY_PLUGIN", "yes");
        assertThat(stepEnv).doesNotContainKey("SET_BY_PLUGIN");
        assertThat(seen).contains("user_init STEP=1");
    }

    @Test
    void theSessionReportsTheNicenessPluginsSetForATask() {
        SpankPlugin renicing = new SpankPlugin() {
            @Override
            public int taskInit(Spank spank, List<String> args) {
                return spank.taskId().orElse(-1) == 1 ? spank.setTaskNiceness(7).code() : 0;
            }
        };
        PlugstackConf.Result conf = new PlugstackConf.Result(List.of(StackFixtures.required("renicing")), Optional.empty());
        SpankSession.Opened o = Session.open(SpankContext.REMOTE, conf, SpankSession.Setup.step(new LinkedHashMap<>()),
                StackFixtures.RELEASE, new StackFixtures.MapResolver().with("renicing", renicing), log);
        assertThat(o.ok()).as(o.failure()).isTrue();
        try (SpankSession s = o.session()) {
            s.job(JobFacts.job(1000, 100, 7).tasks(2, 2).layoutKnown(true).globalTaskIdsHere(List.of(0L, 1L)).build());
            s.tasks(List.of(new TaskFacts(0, 0, 0, null, List.of("true")), new TaskFacts(1, 1, 0, null, List.of("true"))));
            s.init();
            for (int i = 0; i < 2; i++) {
                s.taskInitPrivileged(i, new LinkedHashMap<>());
                assertThat(s.taskInit(i, new LinkedHashMap<>()).ok()).isTrue();
            }
            assertThat(s.task(0).niceness()).as("unchanged").isNull();
            assertThat(s.task(1).niceness()).isEqualTo(7);
            assertThat(s.task(1).argv()).containsExactly("true");
            s.taskPostFork(1, 4321);
            assertThat(s.task(1).niceness()).as("kept by the later phases").isEqualTo(7);
        }
    }

    /** A plugin whose option callback logs through the handle it is given, and refuses "bad". */
    final SpankPlugin strict = new SpankPlugin() {
        @Override
        public int spankInit(Spank spank, List<String> args) {
            return spank.optionRegister(new SpankOption("level", "n", "a level", SpankOption.Arg.REQUIRED, 0,
                    SpankOptionCallback.withHandle((handle, val, optarg, remote) -> {
                        if (optarg.equals("bad")) {
                            handle.log().error("strict: " + optarg + " is not a level (" + handle.context() + ")");
                            return -1;
                        }
                        return 0;
                    }))).code();
        }
    };

    @Test
    void anOptionCallbackLogsThroughTheHandleItIsGivenAndItsRefusalStaysSlurms() {
        PlugstackConf.Result conf = new PlugstackConf.Result(List.of(StackFixtures.required("strict")), Optional.empty());
        SpankSession.Opened o = Session.open(SpankContext.REMOTE, conf, SpankSession.Setup.step(new LinkedHashMap<>()),
                StackFixtures.RELEASE, new StackFixtures.MapResolver().with("strict", strict), log);
        try (SpankSession s = o.session()) {
            s.init();
            s.initPostOpt(List.of(LaunchOption.spank("level:strict", "bad")));
        }
        assertThat(log.lines).contains("ERROR strict: bad is not a level (REMOTE)", "ERROR spank: failed to process option level=bad");
    }

    @Test
    void slurmstepdAppliesTheLaunchRequestsOptionsAfterInitAndBeforeInitPostOpt() {
        try (SpankSession s = remote(new LinkedHashMap<>())) {
            s.init();
            s.initPostOpt(List.of(LaunchOption.spank("opt:rec", "42")));
        }
        assertThat(seen).containsExactly("init", "option 42 remote", "init_post_opt");
    }

    @Test
    void aPlugstackConfThatCouldNotBeReadOpensNoSession() {
        PlugstackConf.Result broken = new PlugstackConf.Result(List.of(), Optional.of("/etc/slurm/plugstack.conf: Permission denied"));
        SpankSession.Opened o = Session.open(SpankContext.REMOTE, broken, SpankSession.Setup.step(new LinkedHashMap<>()),
                StackFixtures.RELEASE, new StackFixtures.MapResolver(), log);
        assertThat(o.ok()).isFalse();
        assertThat(o.failure()).isEqualTo("/etc/slurm/plugstack.conf: Permission denied");
    }

    @Test
    void aRequiredPluginThatCannotBeLoadedOpensNoSessionAndSaysWhy() {
        PlugstackConf.Result conf = new PlugstackConf.Result(List.of(StackFixtures.required("missing")), Optional.empty());
        SpankSession.Opened o = Session.open(SpankContext.REMOTE, conf, SpankSession.Setup.step(new LinkedHashMap<>()),
                StackFixtures.RELEASE, new StackFixtures.MapResolver(), log);
        assertThat(o.ok()).isFalse();
        assertThat(o.failure()).contains("missing");
    }
}
