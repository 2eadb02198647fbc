package io.plugstack.api.slurm;

/**
 * slurm.h's MAIL_* flags of job_desc.mail_type, the one table of them: the bit, the word --mail-type
 * takes, and the name the Lua plugins' {@code slurm} table exports it under.
 */
public enum MailType {
    /** Bit 1: --mail-type=BEGIN. */
    BEGIN(1, "BEGIN", "MAIL_JOB_BEGIN"),
    /** Bit 2: --mail-type=END. */
    END(2, "END", "MAIL_JOB_END"),
    /** Bit 4: --mail-type=FAIL. */
    FAIL(4, "FAIL", "MAIL_JOB_FAIL"),
    /** Bit 8: --mail-type=REQUEUE. */
    REQUEUE(8, "REQUEUE", "MAIL_JOB_REQUEUE"),
    /** Bit 16: --mail-type=TIME_LIMIT. */
    TIME100(16, "TIME_LIMIT", "MAIL_JOB_TIME100"),
    /** Slurm exports the 90 % flag to Lua as MAIL_JOB_TIME890 (sic, since 16.05). */
    TIME90(32, "TIME_LIMIT_90", "MAIL_JOB_TIME890"),
    /** Bit 64: --mail-type=TIME_LIMIT_80. */
    TIME80(64, "TIME_LIMIT_80", "MAIL_JOB_TIME80"),
    /** Bit 128: --mail-type=TIME_LIMIT_50. */
    TIME50(128, "TIME_LIMIT_50", "MAIL_JOB_TIME50"),
    /** Bit 256: --mail-type=STAGE_OUT. */
    STAGE_OUT(256, "STAGE_OUT", "MAIL_JOB_STAGE_OUT"),
    /** Bit 1024: --mail-type=INVALID_DEPEND. */
    INVALID_DEPEND(1024, "INVALID_DEPEND", "MAIL_INVALID_DEPEND");

    /** --mail-type=ALL: BEGIN, END, FAIL, REQUEUE and STAGE_OUT (parse_mail_type). */
    public static final long ALL = BEGIN.bit | END.bit | FAIL.bit | REQUEUE.bit | STAGE_OUT.bit;

    private final long bit;
    private final String word;
    private final String luaName;

    MailType(long bit, String word, String luaName) {
        this.bit = bit;
        this.word = word;
        this.luaName = luaName;
    }

    /** {@return the flag's bit in mail_type} */
    public long bit() {
        return bit;
    }

    /** {@return the --mail-type word} */
    public String word() {
        return word;
    }

    /** {@return the name in the Lua plugins' {@code slurm} table} */
    public String luaName() {
        return luaName;
    }

    /**
     * --mail-type's comma list (case-insensitive; NONE is 0, ALL as {@link #ALL}) as flags.
     *
     * @param text e.g. "BEGIN,END"
     * @return the mail_type bits
     * @throws IllegalArgumentException "Invalid --mail-type specification", as sbatch says
     */
    public static long flags(String text) {
        long f = 0;
        for (String w : text.toUpperCase(java.util.Locale.ROOT).split(",")) {
            f |= bitOf(w.trim());
        }
        return f;
    }

    /**
     * print_mail_type: "NONE", or the set flags' words joined by commas in Slurm's order ("END,FAIL"), as
     * cli_filter getters and scontrol show job print them.
     *
     * @param flags the mail_type bits
     * @return the words
     */
    public static String print(long flags) {
        if (flags == 0) {
            return "NONE";
        }
        java.util.List<String> words = new java.util.ArrayList<>();
        for (MailType t : values()) {
            if ((flags & t.bit) != 0) {
                words.add(t.word);
            }
        }
        return String.join(",", words);
    }

    private static long bitOf(String word) {
        if (word.equals("NONE")) {
            return 0;
        }
        if (word.equals("ALL")) {
            return ALL;
        }
        for (MailType t : values()) {
            if (t.word.equals(word)) {
                return t.bit;
            }
        }
        throw new IllegalArgumentException("Invalid --mail-type specification");
    }
}
