package io.plugstack.runtime.spank.options;

import java.util.Map;
import java.util.Objects;

/**
 * The "Options provided by plugins:" block the commands print after their own --help (SPANK-33,
 * {@code spank_print_options} with the callers' (6, 30)).
 */
public final class OptionHelp {

    /** Slurm's heading line. */
    public static final String HEADER = "Options provided by plugins:";
    /** Spaces before "--name". */
    public static final int LEFT_PAD = 6;
    /** The column where usage text starts. */
    public static final int USAGE_COLUMN = 30;
    /** Terminal width without a usable COLUMNS. */
    public static final int DEFAULT_COLUMNS = 80;

    /** Slurm formats the option text in an 81-byte buffer and the usage in a 4096-byte one. */
    private static final int INFO_MAX = 80;
    private static final int USAGE_MAX = 4095;

    private final SpankOptionCache cache;

    public OptionHelp(SpankOptionCache cache) {
        this.cache = Objects.requireNonNull(cache, "cache");
    }

    /**
     * The terminal width from {@code COLUMNS}, read like C's strtol with nothing after the number;
     * {@value #DEFAULT_COLUMNS} when unset or not a number.
     */
    public static int columns(Map<String, String> env) {
        String value = env.get("COLUMNS");
        if (value == null) {
            return DEFAULT_COLUMNS;
        }
        String s = value.stripLeading();
        int i = (!s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-')) ? 1 : 0;
        int digits = i;
        while (digits < s.length() && Character.isDigit(s.charAt(digits)) && s.charAt(digits) < 128) {
            digits++;
        }
        if (digits == i) {
            return value.isEmpty() ? 0 : DEFAULT_COLUMNS; // strtol: "" parses (as 0), "x" does not
        }
        if (digits != s.length()) {
            return DEFAULT_COLUMNS;
        }
        try {
            return Integer.parseInt(s.substring(0, digits));
        } catch (NumberFormatException overflow) {
            return DEFAULT_COLUMNS;
        }
    }

    /** {@link #helpText(int, int, int)} with Slurm's left pad 6 and usage column 30. */
    public String helpText(int columns) {
        return helpText(columns, LEFT_PAD, USAGE_COLUMN);
    }

    /**
     * The block, or "" when no option is cached: a blank line, {@value #HEADER}, then every enabled
     * option. Widths below the usage column are raised so the usage keeps two columns (Slurm's C is
     * undefined there).
     */
    public String helpText(int columns, int leftPad, int width) {
        if (cache.options().isEmpty()) {
            return "";
        }
        int cols = Math.max(columns, width + 2);
        StringBuilder out = new StringBuilder("\n").append(HEADER).append('\n');
        for (CachedOption o : cache.enabledOptions()) {
            printOption(out, o, cols, leftPad, width);
        }
        return out.toString();
    }

    private static void printOption(StringBuilder out, CachedOption o, int columns, int leftPad, int width) {
        String arginfo = o.option().arginfo();
        String info = " ".repeat(leftPad) + "--" + o.name() + (arginfo != null ? "=" + arginfo : "");
        int n = info.length();
        info = info.substring(0, Math.min(n, INFO_MAX));
        if (n > columns && columns - 2 <= INFO_MAX) {
            info = info.substring(0, Math.min(info.length(), Math.max(columns - 2, 0))) + "+";
        }
        String usage = o.option().usage() == null ? "" : o.option().usage();
        Segments segments = new Segments(usage.substring(0, Math.min(usage.length(), USAGE_MAX)), columns - width);
        String first = CText.str(segments.next());
        if (n < width) {
            out.append(info).append(" ".repeat(width - info.length())).append(first).append('\n');
        } else {
            out.append('\n').append(info).append('\n').append(" ".repeat(width)).append(first).append('\n');
        }
        for (String seg = segments.next(); seg != null; seg = segments.next()) {
            out.append(" ".repeat(width)).append(seg).append('\n');
        }
    }

    /**
     * Slurm's usage wrapping ({@code _get_next_segment}): a line is the rest when it fits, else text up
     * to the last word end before the limit; a word that fills the line alone is cut with '-'.
     */
    private static final class Segments {
        private final String text;
        private final int width;
        private int pos;

        Segments(String text, int width) {
            this.text = text;
            this.width = width;
        }

        String next() {
            if (pos >= text.length()) {
                return null;
            }
            if (text.length() - pos <= width) {
                String rest = text.substring(pos);
                pos = text.length();
                return rest;
            }
            int p = pos + width;
            while (p != pos && !isSpace(text.charAt(p))) {
                p--;
            }
            int after = p + 1;
            while (p != pos && isSpace(text.charAt(p))) {
                p--;
            }
            if (p == pos) {
                String cut = text.substring(pos, pos + width - 1) + "-";
                pos += width - 1;
                return cut;
            }
            String line = text.substring(pos, p + 1);
            pos = after;
            return line;
        }

        private static boolean isSpace(char c) {
            return c == ' ' || c == '\t' || c == '\n' || c == '\u000b' || c == '\f' || c == '\r';
        }
    }
}
