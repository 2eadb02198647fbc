package io.plugstack.spank.renice;

import java.util.List;

/** The priorities users may ask for: plugstack.conf's min=/max= arguments, within nice(2)'s -20..19. */
record Limits(int min, int max) {

    static final Limits DEFAULT = new Limits(-20, 19);

    static Limits parse(List<String> args) {
        int min = DEFAULT.min();
        int max = DEFAULT.max();
        for (String a : args) {
            if (a.startsWith("min=")) {
                min = number(a.substring(4), a);
            } else if (a.startsWith("max=")) {
                max = number(a.substring(4), a);
            } else {
                throw new IllegalArgumentException("unknown argument \"" + a + "\" (expected min=<prio> or max=<prio>)");
            }
        }
        if (min < DEFAULT.min() || max > DEFAULT.max() || min > max) {
            throw new IllegalArgumentException("limits min=" + min + " max=" + max + " are not within -20..19");
        }
        return new Limits(min, max);
    }

    private static int number(String text, String arg) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + arg + "\" is not a number");
        }
    }

    /** The priority in {@code optarg}, or why it is refused. */
    int check(String optarg) {
        if (optarg == null) {
            throw new IllegalArgumentException("--renice needs a priority");
        }
        int p;
        try {
            p = Integer.parseInt(optarg.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--renice=" + optarg + ": not an integer");
        }
        if (p < min || p > max) {
            throw new IllegalArgumentException("--renice=" + optarg + ": priority must be from " + min + " to " + max);
        }
        return p;
    }
}
