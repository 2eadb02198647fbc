package io.plugstack.api.slurm;

/**
 * Slurm's sentinel values ({@code slurm/slurm.h}). C stores them in unsigned fields; Java has no
 * unsigned types, so 8- and 16-bit values are {@code int}, 32-bit values are {@code long} holding the
 * unsigned value (NO_VAL is 4294967294, never -2), and 64-bit values are {@code long} bit patterns
 * (compare with {@code ==}, print with {@link Long#toUnsignedString(long)}).
 */
public final class NoVal {
    /** "Not set" for a uint8_t field. */
    public static final int NO_VAL8 = 0xfe;
    /** "Not set" for a uint16_t field. */
    public static final int NO_VAL16 = 0xfffe;
    /** "Not set" for a uint32_t field (4294967294). */
    public static final long NO_VAL = 0xfffffffeL;
    /** "Not set" for a uint64_t field (2^64 - 2). */
    public static final long NO_VAL64 = 0xfffffffffffffffeL;

    /** "Unlimited" for a uint8_t field. */
    public static final int INFINITE8 = 0xff;
    /** "Unlimited" for a uint16_t field. */
    public static final int INFINITE16 = 0xffff;
    /** "Unlimited" for a uint32_t field (4294967295), e.g. a time limit of UNLIMITED. */
    public static final long INFINITE = 0xffffffffL;
    /** "Unlimited" for a uint64_t field (2^64 - 1). */
    public static final long INFINITE64 = 0xffffffffffffffffL;

    /** Added to nice and site_factor so that negative values fit a uint32_t (2^31). */
    public static final long NICE_OFFSET = 0x80000000L;
    /** Flag bit in a memory request (pn_min_memory): the value is per CPU, not per node (2^63). */
    public static final long MEM_PER_CPU = 0x8000000000000000L;

    /** Step id of an interactive step (salloc's step). */
    public static final long SLURM_INTERACTIVE_STEP = 0xfffffffaL;
    /** Step id of a batch script's step, as S_JOB_STEPID reports it (test7.21). */
    public static final long SLURM_BATCH_SCRIPT = 0xfffffffbL;
    /** Step id of the extern step (PrologFlags=Contain). */
    public static final long SLURM_EXTERN_CONT = 0xfffffffcL;
    /** Step id of a step not yet created. */
    public static final long SLURM_PENDING_STEP = 0xfffffffdL;

    private NoVal() {
    }

    /**
     * Whether a uint8_t value is set (not NO_VAL8).
     *
     * @param value the field's value
     * @return the answer
     */
    public static boolean isSet8(int value) {
        return value != NO_VAL8;
    }

    /**
     * Whether a uint16_t value is set (not NO_VAL16).
     *
     * @param value the field's value
     * @return the answer
     */
    public static boolean isSet16(int value) {
        return value != NO_VAL16;
    }

    /**
     * Whether a uint32_t value is set (not NO_VAL).
     *
     * @param value the field's value
     * @return the answer
     */
    public static boolean isSet(long value) {
        return value != NO_VAL;
    }

    /**
     * Whether a uint64_t value is set (not NO_VAL64).
     *
     * @param value the field's value
     * @return the answer
     */
    public static boolean isSet64(long value) {
        return value != NO_VAL64;
    }

    /**
     * Whether a uint32_t value means "unlimited".
     *
     * @param value the field's value
     * @return the answer
     */
    public static boolean isInfinite(long value) {
        return value == INFINITE;
    }
}
