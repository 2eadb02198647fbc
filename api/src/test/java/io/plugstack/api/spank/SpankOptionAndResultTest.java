package io.plugstack.api.spank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SpankOptionAndResultTest {

    private static SpankOption named(String name) {
        return new SpankOption(name, null, "usage", SpankOption.Arg.NONE, 0, null);
    }

    @Test
    void optionMaxlenIs75() {
        assertEquals(75, SpankOption.MAXLEN);
    }

    @Test
    void nameOf75CharactersFitsAnd76IsTooLong() {
        assertFalse(named("x".repeat(75)).nameTooLong());
        assertTrue(named("x".repeat(76)).nameTooLong());
    }

    @Test
    void hasArgValuesAreGetoptLongs() {
        assertEquals(0, SpankOption.Arg.NONE.value());
        assertEquals(1, SpankOption.Arg.REQUIRED.value());
        assertEquals(2, SpankOption.Arg.OPTIONAL.value());
    }

    @Test
    void nullHasArgMeansNoArgument() {
        assertEquals(SpankOption.Arg.NONE, new SpankOption("o", null, "u", null, 0, null).hasArg());
    }

    @Test
    void nullNameOrUsageLacksRequiredFields() {
        assertFalse(new SpankOption(null, null, "u", null, 0, null).hasRequiredFields());
        assertFalse(new SpankOption("o", null, null, null, 0, null).hasRequiredFields());
        assertTrue(named("o").hasRequiredFields());
    }

    @Test
    void optionCallbackGetsValBack() {
        SpankOption o = new SpankOption("o", "n", "u", SpankOption.Arg.REQUIRED, 42, (val, arg, remote) -> remote ? -val : val);
        assertEquals(42, o.callback().handle(o.val(), "4", false));
        assertEquals(-42, o.callback().handle(o.val(), "4", true));
    }

    @Test
    void aCallbackWithoutTheHandleIsCalledTheSameWhenTheStackGivesOne() {
        SpankOptionCallback plain = (val, arg, remote) -> val + 1;
        assertEquals(43, plain.handle(null, 42, "4", false));
    }

    @Test
    void aCallbackWrittenWithTheHandleGetsTheStacksHandleAndCannotBeCalledWithoutIt() {
        Spank[] given = new Spank[1];
        SpankOptionCallback withHandle = SpankOptionCallback.withHandle((spank, val, arg, remote) -> {
            given[0] = spank;
            return val;
        });
        Spank handle = (Spank) java.lang.reflect.Proxy.newProxyInstance(Spank.class.getClassLoader(), new Class<?>[] {Spank.class},
                (proxy, method, args) -> null);
        assertEquals(7, withHandle.handle(handle, 7, "x", true));
        assertTrue(handle == given[0]);
        assertThrows(UnsupportedOperationException.class, () -> withHandle.handle(7, "x", true));
    }

    @Test
    void successResultCarriesItsValue() {
        SpankResult<Long> r = SpankResult.success(7L);
        assertTrue(r.isSuccess());
        assertEquals(7L, r.orElseThrow());
        assertEquals(7L, r.orElse(0L));
    }

    @Test
    void failedResultThrowsSpankExceptionCarryingTheError() {
        SpankResult<Long> r = SpankResult.failure(SpankError.NOT_REMOTE);
        assertFalse(r.isSuccess());
        assertNull(r.value());
        SpankException e = assertThrows(SpankException.class, r::orElseThrow);
        assertEquals(SpankError.NOT_REMOTE, e.error());
        assertEquals(3006, e.code());
        assertEquals("ESPANK_NOT_REMOTE (3006): Valid only in remote context", e.getMessage());
        assertEquals(5L, r.orElse(5L));
    }

    @Test
    void failureWithSuccessCodeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SpankResult.failure(SpankError.SUCCESS));
        assertThrows(IllegalArgumentException.class, () -> new SpankResult<>(SpankError.ERROR, "x"));
    }

    @Test
    void mapKeepsAFailure() {
        assertEquals(SpankError.NOT_TASK, SpankResult.<Integer>failure(SpankError.NOT_TASK).map(i -> i + 1).error());
        assertEquals(3, SpankResult.success(2).map(i -> i + 1).value());
    }
}
