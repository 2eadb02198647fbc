package io.plugstack.api.slurm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NoValTest {

    @Test
    void noValIsTheUnsigned4294967294OfLua3() {
        assertEquals(4294967294L, NoVal.NO_VAL);
        assertEquals(65534, NoVal.NO_VAL16);
        assertEquals(254, NoVal.NO_VAL8);
    }

    @Test
    void noVal64IsTwoToThe64MinusTwo() {
        assertEquals("18446744073709551614", Long.toUnsignedString(NoVal.NO_VAL64));
    }

    @Test
    void infiniteIsAllOnesOfEachWidth() {
        assertEquals(4294967295L, NoVal.INFINITE);
        assertEquals(0xffff, NoVal.INFINITE16);
        assertEquals(0xff, NoVal.INFINITE8);
        assertEquals("18446744073709551615", Long.toUnsignedString(NoVal.INFINITE64));
    }

    @Test
    void niceOffsetIsTwoToThe31AndMemPerCpuTwoToThe63() {
        assertEquals(2147483648L, NoVal.NICE_OFFSET);
        assertEquals("9223372036854775808", Long.toUnsignedString(NoVal.MEM_PER_CPU));
    }

    @Test
    void batchScriptStepIdIsFffffffb() {
        assertEquals(4294967291L, NoVal.SLURM_BATCH_SCRIPT);
        assertEquals(4294967292L, NoVal.SLURM_EXTERN_CONT);
    }

    @Test
    void isSetIsFalseOnlyForTheSentinelOfThatWidth() {
        assertFalse(NoVal.isSet(NoVal.NO_VAL));
        assertTrue(NoVal.isSet(NoVal.INFINITE));
        assertTrue(NoVal.isSet(NoVal.NO_VAL16));
        assertFalse(NoVal.isSet16(NoVal.NO_VAL16));
        assertFalse(NoVal.isSet8(NoVal.NO_VAL8));
        assertFalse(NoVal.isSet64(NoVal.NO_VAL64));
        assertTrue(NoVal.isSet64(0));
        assertTrue(NoVal.isInfinite(NoVal.INFINITE));
    }
}
