package io.plugstack.api.spank;

/**
 * {@code struct spank_option} (SPANK-H-9): an option a plugin adds to srun/sbatch/salloc. Fields keep
 * C's order and meaning; nulls are allowed so that a host can answer them the way Slurm does
 * (null name or usage: ESPANK_BAD_ARG at registration).
 *
 * @param name     the long option name, without "--"; at most {@link #MAXLEN} characters
 * @param arginfo  what the argument is, shown in help as {@code --name=arginfo}; null for none
 * @param usage    the help text
 * @param hasArg   getopt_long's has_arg
 * @param val      a plugin-chosen value passed back to the callback
 * @param callback called when the option is used; may be null (use {@link Spank#optionGetopt} instead)
 */
public record SpankOption(String name, String arginfo, String usage, Arg hasArg, int val,
                          SpankOptionCallback callback) {

    /** {@code SPANK_OPTION_MAXLEN}: a longer name is refused with ESPANK_NOSPACE (SPANK-H-8). */
    public static final int MAXLEN = 75;

    /** {@code has_arg}, getopt_long semantics. */
    public enum Arg {
        /** 0: the option takes no argument. */
        NONE(0),
        /** 1: the option requires an argument. */
        REQUIRED(1),
        /** 2: the argument is optional ({@code --name} or {@code --name=value}). */
        OPTIONAL(2);

        private final int value;

        Arg(int value) {
            this.value = value;
        }

        /** {@return the C value of has_arg} */
        public int value() {
            return value;
        }
    }

    /**
     * An option; a null {@code hasArg} means {@link Arg#NONE}, as a zeroed C field would.
     *
     * @param name     the long option name, without "--"
     * @param arginfo  what the argument is, or null
     * @param usage    the help text
     * @param hasArg   getopt_long's has_arg; null for none
     * @param val      a plugin-chosen value passed back to the callback
     * @param callback called when the option is used, or null
     */
    public SpankOption {
        if (hasArg == null) {
            hasArg = Arg.NONE;
        }
    }

    /** {@return whether name and usage are present; registration answers ESPANK_BAD_ARG otherwise (SPANK-H-11)} */
    public boolean hasRequiredFields() {
        return name != null && usage != null;
    }

    /** {@return whether the name exceeds {@link #MAXLEN}; registration answers ESPANK_NOSPACE then (SPANK-H-8)} */
    public boolean nameTooLong() {
        return name != null && name.length() > MAXLEN;
    }
}
