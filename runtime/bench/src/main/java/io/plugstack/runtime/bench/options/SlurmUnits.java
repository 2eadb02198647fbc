package io.plugstack.runtime.bench.options;

/** Slurm's memory sizes (--mem, --mem-per-cpu): a number with an optional K, M, G or T suffix; MB without one. */
public final class SlurmUnits {
    private SlurmUnits() {
    }

    /** Megabytes; K rounds up to a whole MB. */
    public static long megabytes(String text) {
        String s = text.trim().toUpperCase();
        if (!s.matches("\\d+[KMGT]?B?")) {
            throw new IllegalArgumentException("Invalid --mem specification");
        }
        s = s.endsWith("B") ? s.substring(0, s.length() - 1) : s;
        char unit = Character.isDigit(s.charAt(s.length() - 1)) ? 'M' : s.charAt(s.length() - 1);
        long n = Long.parseLong(Character.isDigit(unit) ? s : s.replaceAll("[KMGT]$", ""));
        return switch (unit) {
            case 'K' -> (n + 1023) / 1024;
            case 'G' -> n * 1024;
            case 'T' -> n * 1024 * 1024;
            default -> n;
        };
    }

    /**
     * A count Slurm keeps in an int (--ntasks, --cpus-per-task): at least 1; above INT_MAX Slurm's
     * parse_int words it "Numeric argument (N) to big for --option." (its spelling), where Slurm
     * would go on with the number cut to 32 bits.
     */
    public static int intCount(String text, String option, String what) {
        long v = count(text, 1, what);
        if (v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("Numeric argument (" + v + ") to big for --" + option + ".");
        }
        return (int) v;
    }

    /** A whole number of at least {@code min}, or the error Slurm words as "Invalid <what>". */
    public static long count(String text, long min, String what) {
        try {
            long v = Long.parseLong(text.trim());
            if (v < min) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Invalid " + what + ": " + text);
        }
    }
}
