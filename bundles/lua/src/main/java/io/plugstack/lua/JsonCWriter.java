package io.plugstack.lua;

import java.util.Map;

/**
 * slurm.to_json's text: serializer_json.c {@code _data_to_json} then json-c's
 * {@code json_object_to_json_string_ext} with the flags {@code serialize_p_data_to_string} picks for
 * {@code SER_FLAGS_NONE}: the plugin's default {@code SER_FLAGS_PRETTY}, so
 * {@code JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_PRETTY} (two-space indent, {@code "key": value}).
 * Layout, escaping and numbers are json-c's (json_object.c) as Debian's Slurm 26.05 links it (forky's
 * 0.19; 0.17 and later write an empty object or array as "{}" and "[]", where 0.16 broke its line,
 * "{\n}": a real 26.05.5 run printed "[]"), '/' is escaped, other bytes below 0x20 are backslash-u00XX escapes, bytes from
 * 0x80 are copied as they are, doubles are {@code %.17g} with ".0" on integral values. NaN and
 * infinities become {@code (double) NO_VAL64} / {@code (double) INFINITE64} (no SER_FLAGS_COMPLEX).
 */
final class JsonCWriter {

    /** (double) INFINITE64 and (double) NO_VAL64: both round to 2^64. */
    private static final double U64_AS_DOUBLE = 18446744073709551616.0;
    private static final String HEX = "0123456789abcdef";

    private final StringBuilder out = new StringBuilder();
    private final long limit;

    private JsonCWriter(long limit) {
        this.limit = limit;
    }

    /**
     * @param data  the converted value
     * @param limit the most characters the text may have
     * @return the text as a byte string, or null when it would be longer than {@code limit}
     */
    static String write(SlurmData data, long limit) {
        JsonCWriter w = new JsonCWriter(limit);
        try {
            w.value(data, 0);
        } catch (TooLarge e) {
            return null;
        }
        return w.out.toString();
    }

    private static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super(null, null, false, false);
        }
    }

    private void append(CharSequence s) {
        if (out.length() + (long) s.length() > limit) {
            throw new TooLarge();
        }
        out.append(s);
    }

    private void indent(int level) {
        append(" ".repeat(level * 2));
    }

    private void value(SlurmData d, int level) {
        switch (d.type()) {
            case NULL -> append("null");
            case BOOL -> append(d.bool() ? "true" : "false");
            case INT -> append(Long.toString(d.integer()));
            case FLOAT -> append(CNumbers.jsonDouble(Double.isNaN(d.real()) || Double.isInfinite(d.real()) ? U64_AS_DOUBLE : d.real()));
            case STRING -> string(d.string());
            case DICT -> object(d.dict(), level);
            case LIST -> array(d, level);
            default -> throw new IllegalStateException(d.type().toString());
        }
    }

    /** json_object_object_to_json_string (0.17+), PRETTY | SPACED. */
    private void object(Map<String, SlurmData> dict, int level) {
        if (dict.isEmpty()) {
            append("{}");
            return;
        }
        append("{\n");
        boolean had = false;
        for (Map.Entry<String, SlurmData> e : dict.entrySet()) {
            if (had) {
                append(",\n");
            }
            had = true;
            indent(level + 1);
            string(e.getKey());
            append(": ");
            value(e.getValue(), level + 1);
        }
        if (had) {
            append("\n");
        }
        indent(level);
        append("}");
    }

    /** json_object_array_to_json_string (0.17+), PRETTY | SPACED. */
    private void array(SlurmData d, int level) {
        if (d.list().isEmpty()) {
            append("[]");
            return;
        }
        append("[\n");
        boolean had = false;
        for (SlurmData v : d.list()) {
            if (had) {
                append(",\n");
            }
            had = true;
            indent(level + 1);
            value(v, level + 1);
        }
        if (had) {
            append("\n");
        }
        indent(level);
        append("]");
    }

    /** json_escape_str without JSON_C_TO_STRING_NOSLASHESCAPE, quoted. */
    private void string(String bytes) {
        StringBuilder s = new StringBuilder(bytes.length() + 2).append('"');
        for (int i = 0; i < bytes.length(); i++) {
            char c = bytes.charAt(i);
            switch (c) {
                case '\b' -> s.append("\\b");
                case '\n' -> s.append("\\n");
                case '\r' -> s.append("\\r");
                case '\t' -> s.append("\\t");
                case '\f' -> s.append("\\f");
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '/' -> s.append("\\/");
                default -> {
                    if (c < ' ') {
                        s.append("\\u00").append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 0xf));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        append(s.append('"'));
    }
}
