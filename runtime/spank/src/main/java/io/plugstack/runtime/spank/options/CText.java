package io.plugstack.runtime.spank.options;

/** How C's printf renders a null string, for messages that format a possibly-missing argument. */
final class CText {

    /** glibc prints "(null)" for a null {@code %s}; Slurm's xstrcat does the same. */
    static final String NULL = "(null)";

    private CText() {
    }

    static String str(String s) {
        return s == null ? NULL : s;
    }
}
