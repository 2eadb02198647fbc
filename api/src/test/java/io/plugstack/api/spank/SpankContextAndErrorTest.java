package io.plugstack.api.spank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import io.plugstack.api.slurm.SlurmErrno;

class SpankContextAndErrorTest {

    @ParameterizedTest(name = "{0} = {1} ({2})")
    @CsvSource({"ERROR, 0, error", "LOCAL, 1, local", "REMOTE, 2, remote", "ALLOCATOR, 3, allocator",
            "SLURMD, 4, slurmd", "JOB_SCRIPT, 5, job_script"})
    void contextsHaveTheValuesOfSpankH7(String name, int value, String slurmName) {
        SpankContext c = SpankContext.valueOf(name);
        assertEquals(value, c.value());
        assertEquals(slurmName, c.slurmName());
        assertEquals(c, SpankContext.of(value).orElseThrow());
    }

    @Test
    void contextSymbolIsTheCConstant() {
        assertEquals("S_CTX_JOB_SCRIPT", SpankContext.JOB_SCRIPT.symbol());
    }

    @Test
    void unknownContextValueIsEmpty() {
        assertTrue(SpankContext.of(6).isEmpty());
    }

    @ParameterizedTest
    @EnumSource(SpankError.class)
    void spankErrorTakesItsNumberAndTextFromTheSlurmTable(SpankError e) {
        assertEquals(e.errno().code(), e.code());
        assertEquals(SlurmErrno.strerror(e.code()), e.strerror());
        assertEquals(e, SpankError.of(e.code()).orElseThrow());
    }

    @Test
    void espankSuccessIsZeroWithNoError() {
        assertEquals(0, SpankError.SUCCESS.code());
        assertEquals("No error", SpankError.SUCCESS.strerror());
        assertEquals("ESPANK_SUCCESS", SpankError.SUCCESS.symbol());
    }

    @Test
    void espankNotRemoteIs3006WithSlurmText() {
        assertEquals(3006, SpankError.NOT_REMOTE.code());
        assertEquals("Valid only in remote context", SpankError.NOT_REMOTE.strerror());
        assertEquals("ESPANK_NOT_REMOTE", SpankError.NOT_REMOTE.symbol());
    }

    @Test
    void initFailureModesAre3011And3012() {
        assertEquals(3011, SpankError.NODE_FAILURE.code());
        assertEquals(3012, SpankError.JOB_FAILURE.code());
        assertEquals("Spank plugin failure, job failed", SpankError.JOB_FAILURE.strerror());
    }

    @Test
    void spankErrorsSpan3000To3012() {
        assertEquals(14, SpankError.values().length);
        assertEquals(3000, SpankError.ERROR.code());
        assertTrue(SpankError.of(3013).isEmpty());
    }
}
