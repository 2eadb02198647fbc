package io.plugstack.api.spank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The default methods of SpankPlugin, Spank and SpankLog. */
class SpankDefaultsTest {

    /** A handle that answers each item with its own name and records the argument. */
    static final class FakeSpank implements Spank {
        final SpankContext context;
        final List<String> asked = new ArrayList<>();

        FakeSpank(SpankContext context) {
            this.context = context;
        }

        @Override public SpankContext context() { return context; }

        @Override
        @SuppressWarnings("unchecked")
        public <T> SpankResult<T> getItem(SpankItem item) {
            asked.add(item.name());
            return (SpankResult<T>) SpankResult.success(item.name());
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> SpankResult<T> getItem(SpankItem item, long argument) {
            asked.add(item.name() + "(" + argument + ")");
            return (SpankResult<T>) SpankResult.success(item.name());
        }

        @Override public SpankResult<String> getenv(String name) { return SpankResult.failure(SpankError.ENV_NOEXIST); }
        @Override public SpankError setenv(String name, String value, boolean overwrite) { return SpankError.SUCCESS; }
        @Override public SpankError unsetenv(String name) { return SpankError.SUCCESS; }
        @Override public SpankResult<String> jobControlGetenv(String name) { return SpankResult.failure(SpankError.ENV_NOEXIST); }
        @Override public SpankError jobControlSetenv(String name, String value, boolean overwrite) { return SpankError.SUCCESS; }
        @Override public SpankError jobControlUnsetenv(String name) { return SpankError.SUCCESS; }
        @Override public SpankError optionRegister(SpankOption option) { return SpankError.SUCCESS; }
        @Override public SpankResult<Optional<String>> optionGetopt(SpankOption option) { return SpankResult.failure(SpankError.ERROR); }
        @Override public SpankError prependTaskArgv(List<String> args) { return SpankError.NOT_TASK; }
        @Override public SpankError setTaskNiceness(int niceness) { return SpankError.NOT_TASK; }
        @Override public SpankLog log() { return new RecordingLog(); }
    }

    static final class RecordingLog implements SpankLog {
        final List<String> lines = new ArrayList<>();

        @Override public void info(String m) { lines.add("info:" + m); }
        @Override public void error(String m) { lines.add("error:" + m); }
        @Override public void verbose(String m) { lines.add("verbose:" + m); }
        @Override public void debug(String m) { lines.add("debug:" + m); }
        @Override public void debug2(String m) { lines.add("debug2:" + m); }
        @Override public void debug3(String m) { lines.add("debug3:" + m); }
        @Override public void spankLog(String m) { lines.add("spank:" + m); }
    }

    @ParameterizedTest
    @EnumSource(value = SpankCallback.class, names = "INIT_FAILURE_MODE", mode = EnumSource.Mode.EXCLUDE)
    void everyDefaultCallbackReturnsZero(SpankCallback c) {
        assertEquals(0, c.invoke(new SpankPlugin() { }, new FakeSpank(SpankContext.REMOTE), List.of("x")));
    }

    @Test
    void defaultPluginDefinesNoFailureModeAndNoStaticOptions() {
        SpankPlugin p = new SpankPlugin() { };
        assertTrue(p.initFailureMode().isEmpty());
        assertTrue(p.options().isEmpty());
        assertEquals(0, p.init());
    }

    @ParameterizedTest
    @EnumSource(SpankContext.class)
    void spankRemoteIsOneOnlyInRemoteContext(SpankContext ctx) {
        assertEquals(ctx == SpankContext.REMOTE ? 1 : 0, new FakeSpank(ctx).remote());
    }

    @Test
    void conveniencesAskForTheirItem() {
        FakeSpank s = new FakeSpank(SpankContext.REMOTE);
        s.jobId();
        s.uid();
        s.argv();
        s.taskExitStatus();
        s.pidToGlobalId(1234);
        s.globalToLocalId(3);
        assertEquals(List.of("S_JOB_ID", "S_JOB_UID", "S_JOB_ARGV", "S_TASK_EXIT_STATUS",
                "S_JOB_PID_TO_GLOBAL_ID(1234)", "S_JOB_GLOBAL_TO_LOCAL_ID(3)"), s.asked);
    }

    @Test
    void typedGetItemRefusesAnotherType() {
        FakeSpank s = new FakeSpank(SpankContext.REMOTE);
        assertThrows(IllegalArgumentException.class, () -> s.getItem(SpankItem.S_JOB_ID, String.class));
        assertEquals("S_SLURM_VERSION", s.getItem(SpankItem.S_SLURM_VERSION, String.class).value());
    }

    @Test
    void strerrorIsSpankStrerror() {
        assertEquals("Item not available from this callback", new FakeSpank(SpankContext.LOCAL).strerror(SpankError.NOT_AVAIL));
    }

    @Test
    void formattingLogOverloadsFormatBeforeLogging() {
        RecordingLog log = new RecordingLog();
        log.spankLog("[Job: %d] Found (%s,%s)", 12, "init", "remote");
        log.error("100%");
        assertEquals(List.of("spank:[Job: 12] Found (init,remote)", "error:100%"), log.lines);
    }
}
