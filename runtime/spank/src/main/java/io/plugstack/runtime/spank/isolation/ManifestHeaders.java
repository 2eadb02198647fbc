package io.plugstack.runtime.spank.isolation;

import java.util.ArrayList;
import java.util.List;

/**
 * The paths of an OSGi manifest header ({@code Import-Package}, {@code Service-Component}, ...):
 * {@code clause (',' clause)*}, {@code clause = path (';' path)* (';' param)*}, with parameters
 * {@code key=value} or {@code key:=value} whose values may be quoted (and so hold ',' and ';').
 */
final class ManifestHeaders {

    private ManifestHeaders() {
    }

    /** Every path of every clause, trimmed, in order; empty for a null or blank header. */
    static List<String> paths(String header) {
        List<String> paths = new ArrayList<>();
        if (header == null) {
            return paths;
        }
        for (String clause : split(header, ',')) {
            for (String piece : split(clause, ';')) {
                String p = piece.trim();
                if (!p.isEmpty() && p.indexOf('=') < 0) {
                    paths.add(p);
                }
            }
        }
        return paths;
    }

    /** Splits at {@code sep} outside double quotes. */
    private static List<String> split(String s, char sep) {
        List<String> parts = new ArrayList<>();
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '\\' && quoted) {
                i++;
            } else if (c == sep && !quoted) {
                parts.add(s.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(s.substring(start));
        return parts;
    }
}
