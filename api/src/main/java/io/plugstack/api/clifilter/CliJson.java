package io.plugstack.api.clifilter;

import java.util.List;
import java.util.Map;

/**
 * A tiny compact JSON writer producing what Slurm's serializer/json (json-c, JSON_C_TO_STRING_PLAIN)
 * prints: no spaces; in strings {@code "} {@code \} and {@code /} are backslash-escaped, \b \f \n \r \t
 * use their short escapes, other characters below U+0020 become <code>&#92;u00xx</code> (lower-case hex), and
 * everything else is written as is. Values may be strings, {@code null}, lists and string-keyed maps
 * (written in their iteration order).
 */
public final class CliJson {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private CliJson() {
    }

    /**
     * The compact JSON text of {@code value}.
     *
     * @param value a string, null, list or string-keyed map, nested as deep as needed
     * @return the JSON text
     * @throws IllegalArgumentException for any other kind of value
     */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        value(out, value);
        return out.toString();
    }

    private static void value(StringBuilder out, Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            string(out, s);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                string(out, String.valueOf(e.getKey()));
                out.append(':');
                value(out, e.getValue());
            }
            out.append('}');
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                value(out, list.get(i));
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("not a JSON string, list, map or null: " + value.getClass().getName());
        }
    }

    private static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '/' -> out.append("\\/");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
