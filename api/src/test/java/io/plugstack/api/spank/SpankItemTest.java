package io.plugstack.api.spank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The item table of spec §1.2, re-typed here from the spec (yes = SUCCESS) and compared row by row. */
class SpankItemTest {

    @ParameterizedTest(name = "{1} ({0})")
    @CsvSource({
            // value, item,                     remote,  local,      allocator,  slurmd,    job_script
            "0,  S_JOB_UID,                     SUCCESS, SUCCESS,    NOT_AVAIL,  NOT_AVAIL, SUCCESS",
            "1,  S_JOB_GID,                     SUCCESS, SUCCESS,    NOT_AVAIL,  NOT_AVAIL, SUCCESS",
            "2,  S_JOB_ID,                      SUCCESS, SUCCESS,    BAD_ARG,    NOT_AVAIL, SUCCESS",
            "3,  S_JOB_STEPID,                  SUCCESS, SUCCESS,    BAD_ARG,    NOT_AVAIL, NOT_AVAIL",
            "4,  S_JOB_NNODES,                  SUCCESS, SUCCESS,    BAD_ARG,    NOT_AVAIL, NOT_AVAIL",
            "5,  S_JOB_NODEID,                  SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "6,  S_JOB_LOCAL_TASK_COUNT,        SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "7,  S_JOB_TOTAL_TASK_COUNT,        SUCCESS, SUCCESS,    BAD_ARG,    NOT_AVAIL, NOT_AVAIL",
            "8,  S_JOB_NCPUS,                   SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "9,  S_JOB_ARGV,                    SUCCESS, SUCCESS,    BAD_ARG,    NOT_AVAIL, NOT_AVAIL",
            "10, S_JOB_ENV,                     SUCCESS, SUCCESS,    BAD_ARG,    NOT_AVAIL, NOT_AVAIL",
            "11, S_TASK_ID,                     SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "12, S_TASK_GLOBAL_ID,              SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "13, S_TASK_EXIT_STATUS,            SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "14, S_TASK_PID,                    SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "15, S_JOB_PID_TO_GLOBAL_ID,        SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "16, S_JOB_PID_TO_LOCAL_ID,         SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "17, S_JOB_LOCAL_TO_GLOBAL_ID,      SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "18, S_JOB_GLOBAL_TO_LOCAL_ID,      SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "19, S_JOB_SUPPLEMENTARY_GIDS,      SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "20, S_SLURM_VERSION,               SUCCESS, SUCCESS,    SUCCESS,    SUCCESS,   SUCCESS",
            "21, S_SLURM_VERSION_MAJOR,         SUCCESS, SUCCESS,    SUCCESS,    SUCCESS,   SUCCESS",
            "22, S_SLURM_VERSION_MINOR,         SUCCESS, SUCCESS,    SUCCESS,    SUCCESS,   SUCCESS",
            "23, S_SLURM_VERSION_MICRO,         SUCCESS, SUCCESS,    SUCCESS,    SUCCESS,   SUCCESS",
            "24, S_STEP_CPUS_PER_TASK,          SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "25, S_JOB_ALLOC_CORES,             SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "26, S_JOB_ALLOC_MEM,               SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "27, S_STEP_ALLOC_CORES,            SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "28, S_STEP_ALLOC_MEM,              SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "29, S_SLURM_RESTART_COUNT,         SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "30, S_JOB_ARRAY_ID,                SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
            "31, S_JOB_ARRAY_TASK_ID,           SUCCESS, NOT_REMOTE, NOT_REMOTE, NOT_AVAIL, NOT_AVAIL",
    })
    void itemRowMatchesTheSpecTable(int value, String name, SpankError remote, SpankError local,
                                    SpankError allocator, SpankError slurmd, SpankError jobScript) {
        SpankItem item = SpankItem.valueOf(name);
        assertEquals(value, item.value());
        assertEquals(item, SpankItem.of(value).orElseThrow());
        assertEquals(remote, item.rule(SpankContext.REMOTE).error(), "remote");
        assertEquals(local, item.rule(SpankContext.LOCAL).error(), "local");
        assertEquals(allocator, item.rule(SpankContext.ALLOCATOR).error(), "allocator");
        assertEquals(slurmd, item.rule(SpankContext.SLURMD).error(), "slurmd");
        assertEquals(jobScript, item.rule(SpankContext.JOB_SCRIPT).error(), "job_script");
    }

    @Test
    void thereAreThirtyTwoItemsAndAnUnknownNumberIsNotOne() {
        assertEquals(32, SpankItem.values().length);
        assertTrue(SpankItem.of(32).isEmpty());
        assertTrue(SpankItem.of(-1).isEmpty());
    }

    @ParameterizedTest
    @EnumSource(SpankItem.class)
    void noContextMeansBadArg(SpankItem item) {
        assertEquals(SpankError.BAD_ARG, item.check(SpankContext.ERROR, SpankCallback.INIT));
    }

    @Test
    void localItemsNeedJobInfoWhichOnlyLocalUserInitHas() {
        Set<SpankItem> starred = EnumSet.of(SpankItem.S_JOB_UID, SpankItem.S_JOB_GID, SpankItem.S_JOB_ID, SpankItem.S_JOB_STEPID,
                SpankItem.S_JOB_NNODES, SpankItem.S_JOB_TOTAL_TASK_COUNT, SpankItem.S_JOB_ARGV, SpankItem.S_JOB_ENV);
        for (SpankItem item : SpankItem.values()) {
            assertEquals(starred.contains(item), item.rule(SpankContext.LOCAL).has(SpankItemCondition.LOCAL_NEEDS_JOB_INFO), item.name());
        }
        assertEquals(SpankError.NOT_AVAIL, SpankItem.S_JOB_ID.check(SpankContext.LOCAL, SpankCallback.INIT));
        assertEquals(SpankError.NOT_AVAIL, SpankItem.S_JOB_ID.check(SpankContext.LOCAL, SpankCallback.INIT_POST_OPT));
        assertEquals(SpankError.NOT_AVAIL, SpankItem.S_JOB_ID.check(SpankContext.LOCAL, SpankCallback.EXIT));
        assertEquals(SpankError.SUCCESS, SpankItem.S_JOB_ID.check(SpankContext.LOCAL, SpankCallback.LOCAL_USER_INIT));
    }

    @Test
    void allocatorUidAndGidAreNotAvailableBecauseTheHandleHasNoJobInfo() {
        for (SpankItem item : List.of(SpankItem.S_JOB_UID, SpankItem.S_JOB_GID)) {
            SpankItemRule rule = item.rule(SpankContext.ALLOCATOR);
            assertEquals(SpankError.NOT_AVAIL, rule.error());
            assertTrue(rule.has(SpankItemCondition.ALLOCATOR_HAS_NO_JOB_INFO));
        }
    }

    @Test
    void localNodeAndTaskCountsNeedAStepLayout() {
        assertTrue(SpankItem.S_JOB_NNODES.rule(SpankContext.LOCAL).has(SpankItemCondition.NEEDS_STEP_LAYOUT));
        assertTrue(SpankItem.S_JOB_TOTAL_TASK_COUNT.rule(SpankContext.LOCAL).has(SpankItemCondition.NEEDS_STEP_LAYOUT));
        assertEquals(SpankError.ENV_NOEXIST, SpankItemCondition.NEEDS_STEP_LAYOUT.dataError());
    }

    @Test
    void localJobEnvSucceedsButIsAlwaysNull() {
        SpankItemRule rule = SpankItem.S_JOB_ENV.rule(SpankContext.LOCAL);
        assertTrue(rule.isAvailable());
        assertTrue(rule.has(SpankItemCondition.LOCAL_ENV_ALWAYS_NULL));
    }

    @Test
    void taskItemsOutsideTaskCallbacksAreNotTask() {
        for (SpankItem item : List.of(SpankItem.S_TASK_ID, SpankItem.S_TASK_GLOBAL_ID, SpankItem.S_TASK_PID)) {
            assertEquals(SpankError.NOT_TASK, item.check(SpankContext.REMOTE, SpankCallback.USER_INIT), item.name());
            assertEquals(SpankError.NOT_TASK, item.check(SpankContext.REMOTE, SpankCallback.EXIT), item.name());
            assertEquals(SpankError.SUCCESS, item.check(SpankContext.REMOTE, SpankCallback.TASK_INIT), item.name());
            assertEquals(SpankError.SUCCESS, item.check(SpankContext.REMOTE, SpankCallback.TASK_POST_FORK), item.name());
        }
    }

    @Test
    void taskExitStatusOnlyOnceTheTaskHasExited() {
        assertEquals(SpankError.NOT_TASK, SpankItem.S_TASK_EXIT_STATUS.check(SpankContext.REMOTE, SpankCallback.TASK_INIT));
        assertEquals(SpankError.SUCCESS, SpankItem.S_TASK_EXIT_STATUS.check(SpankContext.REMOTE, SpankCallback.TASK_EXIT));
    }

    @Test
    void pidLookupsBeforeTasksRunAreNotExecd() {
        for (SpankItem item : List.of(SpankItem.S_JOB_PID_TO_GLOBAL_ID, SpankItem.S_JOB_PID_TO_LOCAL_ID)) {
            assertEquals(SpankError.NOT_EXECD, item.check(SpankContext.REMOTE, SpankCallback.TASK_INIT), item.name());
            assertEquals(SpankError.SUCCESS, item.check(SpankContext.REMOTE, SpankCallback.TASK_POST_FORK), item.name());
            assertEquals(SpankError.SUCCESS, item.check(SpankContext.REMOTE, SpankCallback.EXIT), item.name());
            assertTrue(item.rule(SpankContext.REMOTE).has(SpankItemCondition.PID_MUST_BE_A_TASK), item.name());
        }
        assertEquals(SpankError.NOEXIST, SpankItemCondition.PID_MUST_BE_A_TASK.dataError());
    }

    @Test
    void globalToLocalIdBeyondTheTaskCountIsBadArgAndOffNodeIsNoexist() {
        SpankItemRule rule = SpankItem.S_JOB_GLOBAL_TO_LOCAL_ID.rule(SpankContext.REMOTE);
        assertEquals(EnumSet.of(SpankItemCondition.GLOBAL_ID_BELOW_TOTAL, SpankItemCondition.GLOBAL_ID_ON_THIS_NODE), rule.conditions());
        assertEquals(SpankError.BAD_ARG, SpankItemCondition.GLOBAL_ID_BELOW_TOTAL.dataError());
        assertEquals(SpankError.NOEXIST, SpankItemCondition.GLOBAL_ID_ON_THIS_NODE.dataError());
        assertEquals(SpankError.NOEXIST, SpankItemCondition.LOCAL_ID_ON_THIS_NODE.dataError());
    }

    @Test
    void versionItemsAreValidInEveryContextAndCallback() {
        for (SpankContext ctx : EnumSet.complementOf(EnumSet.of(SpankContext.ERROR))) {
            for (SpankCallback phase : SpankCallback.values()) {
                assertEquals(SpankError.SUCCESS, SpankItem.S_SLURM_VERSION_MICRO.check(ctx, phase), ctx + " " + phase);
            }
        }
    }

    @Test
    void refusedCellStaysRefusedInEveryCallback() {
        assertEquals(SpankError.NOT_REMOTE, SpankItem.S_TASK_ID.check(SpankContext.LOCAL, SpankCallback.TASK_INIT));
    }

    @Test
    void itemsTakingAnArgumentAreTheLookups() {
        assertEquals(SpankItem.Argument.PID, SpankItem.S_JOB_PID_TO_GLOBAL_ID.argument());
        assertEquals(SpankItem.Argument.PID, SpankItem.S_JOB_PID_TO_LOCAL_ID.argument());
        assertEquals(SpankItem.Argument.LOCAL_TASK_ID, SpankItem.S_JOB_LOCAL_TO_GLOBAL_ID.argument());
        assertEquals(SpankItem.Argument.GLOBAL_TASK_ID, SpankItem.S_JOB_GLOBAL_TO_LOCAL_ID.argument());
        long others = java.util.Arrays.stream(SpankItem.values()).filter(i -> i.argument() != SpankItem.Argument.NONE).count();
        assertEquals(4, others);
    }

    @Test
    void valueTypesFollowTheCTypes() {
        assertEquals(Long.class, SpankItem.S_JOB_UID.valueType());
        assertEquals(Integer.class, SpankItem.S_JOB_NCPUS.valueType());
        assertEquals(Integer.class, SpankItem.S_TASK_ID.valueType());
        assertEquals(List.class, SpankItem.S_JOB_ARGV.valueType());
        assertEquals(String.class, SpankItem.S_JOB_ALLOC_CORES.valueType());
        assertEquals(Long.class, SpankItem.S_JOB_ALLOC_MEM.valueType());
        assertEquals("int *, char ***", SpankItem.S_JOB_ARGV.cArgs());
    }

    @Test
    void dataConditionsDoNotDependOnTheCallback() {
        assertTrue(SpankItemCondition.PID_MUST_BE_A_TASK.phases().isEmpty());
        assertNull(SpankItemCondition.PID_MUST_BE_A_TASK.outsidePhases());
        assertEquals(SpankError.SUCCESS, SpankItemCondition.PID_MUST_BE_A_TASK.in(SpankCallback.INIT));
    }
}
