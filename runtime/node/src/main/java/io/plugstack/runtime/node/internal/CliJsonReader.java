package io.plugstack.runtime.node.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what {@code slurm.json_cli_options(options)} gives (json-c's text, the inverse of
 * {@link io.plugstack.api.clifilter.CliJson}): an object whose values are strings, null, numbers,
 * booleans (kept as their text) and lists or objects of those. Strict: anything else is an error, so a
 * malformed request never reaches a plugin.
 */
final class CliJsonReader {

    private final String s;
    private int p;

    private CliJsonReader(String s) {
        this.s = s;
    }

    /** The top-level object, keys in the text's order. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> object(String json) throws IOException {
        CliJsonReader r = new CliJsonReader(json);
        r.space();
        if (!r.at('{')) {
            throw new IOException("options: not a JSON object");
        }
        Object o = r.value();
        r.space();
        if (r.p != json.length()) {
            throw new IOException("options: text after the JSON object at " + r.p);
        }
        return (Map<String, Object>) o;
    }

    private boolean at(char c) {
        return p < s.length() && s.charAt(p) == c;
    }

    private void space() {
        while (p < s.length() && " \t\r\n".indexOf(s.charAt(p)) >= 0) {
            p++;
        }
    }

    private void expect(char c) throws IOException {
        space();
        if (!at(c)) {
            throw new IOException("options: '" + c + "' expected at " + p);
        }
        p++;
    }

    /**
     * How deep the JSON may nest: Slurm's options are an object of strings and one array (argv). A user
     * sends this text; a deeper one is refused before the recursion could exhaust the thread's stack.
     */
    static final int MAX_DEPTH = 8;
    private int depth;

    private Object value() throws IOException {
        if (++depth > MAX_DEPTH) {
            throw new IOException("options: JSON nested deeper than " + MAX_DEPTH + " at " + p);
        }
        try {
            return valueAtDepth();
        } finally {
            depth--;
        }
    }

    private Object valueAtDepth() throws IOException {
        space();
        if (p >= s.length()) {
            throw new IOException("options: the JSON ends early");
        }
        char c = s.charAt(p);
        if (c == '{') {
            p++;
            Map<String, Object> m = new LinkedHashMap<>();
            space();
            if (at('}')) {
                p++;
                return m;
            }
            do {
                space();
                String k = string();
                expect(':');
                m.put(k, value());
                space();
            } while (at(',') && ++p > 0);
            expect('}');
            return m;
        }
        if (c == '[') {
            p++;
            List<Object> l = new ArrayList<>();
            space();
            if (at(']')) {
                p++;
                return l;
            }
            do {
                l.add(value());
                space();
            } while (at(',') && ++p > 0);
            expect(']');
            return l;
        }
        if (c == '"') {
            return string();
        }
        int start = p;
        while (p < s.length() && (Character.isLetterOrDigit(s.charAt(p)) || "+-.".indexOf(s.charAt(p)) >= 0)) {
            p++;
        }
        String word = s.substring(start, p);
        if (word.equals("null")) {
            return null;
        }
        if (word.equals("true") || word.equals("false") || word.matches("-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?")) {
            return word;
        }
        throw new IOException("options: unexpected JSON at " + start);
    }

    private String string() throws IOException {
        if (!at('"')) {
            throw new IOException("options: a string expected at " + p);
        }
        p++;
        StringBuilder b = new StringBuilder();
        while (p < s.length()) {
            char c = s.charAt(p++);
            if (c == '"') {
                return b.toString();
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (p >= s.length()) {
                break;
            }
            char e = s.charAt(p++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (p + 4 > s.length()) {
                        throw new IOException("options: a cut \\u escape");
                    }
                    try {
                        b.append((char) Integer.parseInt(s.substring(p, p + 4), 16));
                    } catch (NumberFormatException x) {
                        throw new IOException("options: a bad \\u escape at " + p);
                    }
                    p += 4;
                }
                default -> throw new IOException("options: a bad escape at " + (p - 1));
            }
        }
        throw new IOException("options: a string without its end");
    }
}
