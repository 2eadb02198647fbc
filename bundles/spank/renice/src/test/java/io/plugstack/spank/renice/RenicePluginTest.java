package io.plugstack.spank.renice;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankItem;
import io.plugstack.api.spank.SpankLog;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankResult;

/** --renice=prio: checked when given, applied in task_init as the task's niceness. */
class RenicePluginTest {

    /** A handle that keeps the registered option, the niceness set and the log lines. */
    static final class TaskSpank implements Spank {
        final SpankContext context;
        final List<SpankOption> registered = new ArrayList<>();
        final List<String> lines = new ArrayList<>();
        final List<Integer> nicenessSet = new ArrayList<>();
        final List<List<String>> prepended = new ArrayList<>();
        SpankError answer = SpankError.SUCCESS;

        TaskSpank(SpankContext context) {
            this.context = context;
        }

        @Override public SpankContext context() { return context; }
        @Override public <T> SpankResult<T> getItem(SpankItem item) { return SpankResult.failure(SpankError.NOT_AVAIL); }
        @Override public <T> SpankResult<T> getItem(SpankItem item, long argument) { return SpankResult.failure(SpankError.NOT_AVAIL); }
        @Override public SpankResult<String> getenv(String name) { return SpankResult.failure(SpankError.ENV_NOEXIST); }
        @Override public SpankError setenv(String name, String value, boolean overwrite) { return SpankError.SUCCESS; }
        @Override public SpankError unsetenv(String name) { return SpankError.SUCCESS; }
        @Override public SpankResult<String> jobControlGetenv(String name) { return SpankResult.failure(SpankError.NOT_LOCAL); }
        @Override public SpankError jobControlSetenv(String name, String value, boolean overwrite) { return SpankError.NOT_LOCAL; }
        @Override public SpankError jobControlUnsetenv(String name) { return SpankError.NOT_LOCAL; }

        @Override
        public SpankError optionRegister(SpankOption option) {
            registered.add(option);
            return SpankError.SUCCESS;
        }

        @Override public SpankResult<Optional<String>> optionGetopt(SpankOption option) { return SpankResult.failure(SpankError.ERROR); }

        @Override
        public SpankError prependTaskArgv(List<String> args) {
            prepended.add(args);
            return SpankError.SUCCESS;
        }

        @Override
        public SpankError setTaskNiceness(int niceness) {
            nicenessSet.add(niceness);
            return answer;
        }

        @Override
        public SpankLog log() {
            return new SpankLog() {
                @Override public void info(String m) { lines.add("info:" + m); }
                @Override public void error(String m) { lines.add("error:" + m); }
                @Override public void verbose(String m) { lines.add("verbose:" + m); }
                @Override public void debug(String m) { lines.add("debug:" + m); }
                @Override public void debug2(String m) { lines.add("debug2:" + m); }
                @Override public void debug3(String m) { lines.add("debug3:" + m); }
                @Override public void spankLog(String m) { lines.add("spank:" + m); }
            };
        }
    }

    /** A plugin initialised in {@code spank} with plugstack.conf arguments {@code args}, given --renice={@code optarg}. */
    static RenicePlugin givenRenice(TaskSpank spank, String optarg, String... args) {
        RenicePlugin p = new RenicePlugin();
        assertThat(p.spankInit(spank, List.of(args))).isZero();
        assertThat(spank.registered).singleElement().extracting(SpankOption::name).isEqualTo("renice");
        assertThat(spank.registered.get(0).callback().handle(0, optarg, true)).isZero();
        return p;
    }

    @Test
    void reniceSetsTheNicenessOfTheTaskInTaskInitPrivileged() {
        TaskSpank spank = new TaskSpank(SpankContext.REMOTE);
        RenicePlugin p = givenRenice(spank, "-3");
        assertThat(p.taskInitPrivileged(spank, List.of())).isZero();
        assertThat(spank.nicenessSet).containsExactly(-3);
        assertThat(spank.prepended).as("the task's argv is left alone").isEmpty();
        assertThat(spank.lines).containsExactly("debug:renice: task runs at priority -3");
    }

    @Test
    void withoutTheOptionTheTasksNicenessIsLeftAlone() {
        TaskSpank spank = new TaskSpank(SpankContext.REMOTE);
        RenicePlugin p = new RenicePlugin();
        assertThat(p.spankInit(spank, List.of())).isZero();
        assertThat(p.taskInitPrivileged(spank, List.of())).isZero();
        assertThat(spank.nicenessSet).isEmpty();
    }

    @Test
    void aNicenessTheHandleRefusesFailsTaskInitPrivilegedWithSlurmsReason() {
        TaskSpank spank = new TaskSpank(SpankContext.REMOTE);
        RenicePlugin p = givenRenice(spank, "5");
        spank.answer = SpankError.NOT_TASK;
        assertThat(p.taskInitPrivileged(spank, List.of())).isEqualTo(-1);
        assertThat(spank.lines).containsExactly("error:renice: cannot set the priority of the task: "
                + SpankError.NOT_TASK.strerror());
    }

    @Test
    void aPriorityOutsideThePluginsLimitsIsRefusedWhenGiven() {
        TaskSpank spank = new TaskSpank(SpankContext.LOCAL);
        RenicePlugin p = new RenicePlugin();
        assertThat(p.spankInit(spank, List.of("min=0", "max=10"))).isZero();
        assertThat(spank.registered.get(0).callback().handle(0, "-3", false)).isEqualTo(-1);
        assertThat(spank.lines).containsExactly("error:renice: --renice=-3: priority must be from 0 to 10");
        assertThat(p.priority()).isNull();
    }
}
