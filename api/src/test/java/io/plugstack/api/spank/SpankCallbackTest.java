package io.plugstack.api.spank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SpankCallbackTest {

    static class Bare implements SpankPlugin {
    }

    static class TaskInitOnly implements SpankPlugin {
        @Override
        public int taskInit(Spank spank, List<String> args) {
            return 0;
        }
    }

    static class SubOfTaskInitOnly extends TaskInitOnly {
    }

    static class FailureModeOnly implements SpankPlugin {
        @Override
        public Optional<SpankError> initFailureMode() {
            return Optional.of(SpankError.JOB_FAILURE);
        }
    }

    /** Returns a distinct rc per callback and records what ran with which args. */
    static class Recording implements SpankPlugin {
        final List<String> calls = new ArrayList<>();

        private int rec(String what, List<String> args) {
            calls.add(what + args);
            return what.length();
        }

        @Override public int spankInit(Spank s, List<String> a) { return rec("spankInit", a); }
        @Override public int jobProlog(Spank s, List<String> a) { return rec("jobProlog", a); }
        @Override public int initPostOpt(Spank s, List<String> a) { return rec("initPostOpt", a); }
        @Override public int localUserInit(Spank s, List<String> a) { return rec("localUserInit", a); }
        @Override public int userInit(Spank s, List<String> a) { return rec("userInit", a); }
        @Override public int taskInitPrivileged(Spank s, List<String> a) { return rec("taskInitPrivileged", a); }
        @Override public int taskInit(Spank s, List<String> a) { return rec("taskInit", a); }
        @Override public int taskPostFork(Spank s, List<String> a) { return rec("taskPostFork", a); }
        @Override public int taskExit(Spank s, List<String> a) { return rec("taskExit", a); }
        @Override public int jobEpilog(Spank s, List<String> a) { return rec("jobEpilog", a); }
        @Override public int slurmdExit(Spank s, List<String> a) { return rec("slurmdExit", a); }
        @Override public int exit(Spank s, List<String> a) { return rec("exit", a); }
    }

    @Test
    void theThirteenSymbolsAreInTheLoadersOrder() {
        List<String> expected = List.of("slurm_spank_init", "slurm_spank_init_failure_mode",
                "slurm_spank_job_prolog", "slurm_spank_init_post_opt", "slurm_spank_local_user_init",
                "slurm_spank_user_init", "slurm_spank_task_init_privileged", "slurm_spank_task_init",
                "slurm_spank_task_post_fork", "slurm_spank_task_exit", "slurm_spank_job_epilog",
                "slurm_spank_slurmd_exit", "slurm_spank_exit");
        assertEquals(expected, Arrays.stream(SpankCallback.values()).map(SpankCallback::symbol).collect(Collectors.toList()));
    }

    @ParameterizedTest
    @EnumSource(SpankCallback.class)
    void symbolSupportedReturnsOneForEachOfTheThirteen(SpankCallback c) {
        assertEquals(1, SpankCallback.symbolSupported(c.symbol()));
    }

    @Test
    void removedSlurmdInitSymbolIsNotSupported() {
        assertEquals(0, SpankCallback.symbolSupported("slurm_spank_slurmd_init"));
    }

    @Test
    void symbolSupportedReturnsMinusOneForNull() {
        assertEquals(-1, SpankCallback.symbolSupported(null));
    }

    @Test
    void symbolSupportedComparesExactly() {
        assertEquals(0, SpankCallback.symbolSupported("SLURM_SPANK_INIT"));
        assertEquals(0, SpankCallback.symbolSupported("spank_options"));
    }

    @Test
    void initFailureModeIsADataSymbolAndTheRestAreFunctions() {
        for (SpankCallback c : SpankCallback.values()) {
            assertEquals(c == SpankCallback.INIT_FAILURE_MODE ? SpankCallback.Kind.DATA : SpankCallback.Kind.FUNCTION, c.kind(), c.symbol());
        }
    }

    @Test
    void shortNamesAreThoseOfStackMessagesInSpank21() {
        List<String> expected = List.of("init", "job_prolog", "init_post_opt", "local_user_init", "user_init",
                "task_init_privileged", "task_init", "task_post_fork", "task_exit", "job_epilog", "slurmd_exit", "exit");
        assertEquals(expected, Arrays.stream(SpankCallback.values())
                .filter(c -> c.kind() == SpankCallback.Kind.FUNCTION).map(SpankCallback::shortName).collect(Collectors.toList()));
    }

    @Test
    void overriddenCallbackIsImplementedAndDefaultsAreNot() {
        assertEquals(EnumSet.of(SpankCallback.TASK_INIT), SpankCallback.implementedBy(TaskInitOnly.class));
    }

    @Test
    void overrideInASuperclassCounts() {
        assertTrue(SpankCallback.TASK_INIT.isImplementedBy(SubOfTaskInitOnly.class));
    }

    @Test
    void initFailureModeIsExportedWhenInitFailureModeIsOverridden() {
        assertEquals(EnumSet.of(SpankCallback.INIT_FAILURE_MODE), SpankCallback.implementedBy(FailureModeOnly.class));
    }

    @Test
    void pluginOverridingNothingExportsZeroSymbols() {
        assertTrue(SpankCallback.implementedBy(Bare.class).isEmpty());
    }

    @Test
    void pluginOverridingEveryFunctionExportsTwelveSymbols() {
        Set<SpankCallback> found = SpankCallback.implementedBy(Recording.class);
        assertEquals(12, found.size());
        assertFalse(found.contains(SpankCallback.INIT_FAILURE_MODE));
    }

    @ParameterizedTest
    @EnumSource(value = SpankCallback.class, names = "INIT_FAILURE_MODE", mode = EnumSource.Mode.EXCLUDE)
    void invokeCallsTheMethodNamedInTheTableWithThePlugstackArgs(SpankCallback c) {
        Recording plugin = new Recording();
        int rc = c.invoke(plugin, null, List.of("a1", "a2"));
        assertEquals(List.of(c.javaName() + "[a1, a2]"), plugin.calls);
        assertEquals(c.javaName().length(), rc);
    }

    @Test
    void invokingTheDataSymbolIsRefused() {
        assertThrows(UnsupportedOperationException.class, () -> SpankCallback.INIT_FAILURE_MODE.invoke(new Bare(), null, List.of()));
    }

    @Test
    void optionRegisterIsAllowedOnlyDuringInit() {
        for (SpankCallback c : SpankCallback.values()) {
            assertEquals(c == SpankCallback.INIT, c.allows(SpankCallback.Allows.OPTION_REGISTER), c.symbol());
        }
    }

    @Test
    void getoptIsValidExactlyInTheCallbacksOfSpank40() {
        Set<SpankCallback> valid = EnumSet.of(SpankCallback.JOB_PROLOG, SpankCallback.LOCAL_USER_INIT, SpankCallback.USER_INIT,
                SpankCallback.TASK_INIT_PRIVILEGED, SpankCallback.TASK_INIT, SpankCallback.TASK_EXIT, SpankCallback.JOB_EPILOG);
        for (SpankCallback c : SpankCallback.values()) {
            assertEquals(valid.contains(c), c.allows(SpankCallback.Allows.OPTION_GETOPT), c.symbol());
        }
    }

    @Test
    void prependTaskArgvIsValidOnlyInTaskInitPrivilegedAndTaskInit() {
        Set<SpankCallback> valid = EnumSet.of(SpankCallback.TASK_INIT_PRIVILEGED, SpankCallback.TASK_INIT);
        for (SpankCallback c : SpankCallback.values()) {
            assertEquals(valid.contains(c), c.allows(SpankCallback.Allows.PREPEND_TASK_ARGV), c.symbol());
        }
    }

    @Test
    void setTaskNicenessIsValidOnlyInTaskInitPrivilegedTaskPostForkAndTaskInit() {
        Set<SpankCallback> valid = EnumSet.of(SpankCallback.TASK_INIT_PRIVILEGED, SpankCallback.TASK_POST_FORK, SpankCallback.TASK_INIT);
        for (SpankCallback c : SpankCallback.values()) {
            assertEquals(valid.contains(c), c.allows(SpankCallback.Allows.SET_TASK_NICENESS), c.symbol());
        }
    }

    @ParameterizedTest
    @EnumSource(value = SpankContext.class, names = "ERROR", mode = EnumSource.Mode.EXCLUDE)
    void eachContextRunsTheCallbacksSpank8Lists(SpankContext ctx) {
        Set<SpankCallback> expected;
        switch (ctx) {
            case LOCAL:
                expected = EnumSet.of(SpankCallback.INIT, SpankCallback.INIT_POST_OPT, SpankCallback.LOCAL_USER_INIT, SpankCallback.EXIT);
                break;
            case ALLOCATOR:
                expected = EnumSet.of(SpankCallback.INIT, SpankCallback.INIT_POST_OPT, SpankCallback.EXIT);
                break;
            case SLURMD:
                expected = EnumSet.of(SpankCallback.INIT, SpankCallback.SLURMD_EXIT);
                break;
            case JOB_SCRIPT:
                expected = EnumSet.of(SpankCallback.JOB_PROLOG, SpankCallback.JOB_EPILOG);
                break;
            default:
                expected = EnumSet.of(SpankCallback.INIT, SpankCallback.INIT_POST_OPT, SpankCallback.USER_INIT,
                        SpankCallback.TASK_INIT_PRIVILEGED, SpankCallback.TASK_INIT, SpankCallback.TASK_POST_FORK,
                        SpankCallback.TASK_EXIT, SpankCallback.EXIT);
        }
        Set<SpankCallback> actual = EnumSet.noneOf(SpankCallback.class);
        for (SpankCallback c : SpankCallback.values()) {
            if (c.contexts().contains(ctx)) {
                actual.add(c);
            }
        }
        assertEquals(expected, actual);
    }

    @Test
    void symbolLooksUpItsCallback() {
        assertEquals(SpankCallback.TASK_EXIT, SpankCallback.ofSymbol("slurm_spank_task_exit").orElseThrow());
        assertTrue(SpankCallback.ofSymbol("task_exit").isEmpty());
    }
}
