package io.plugstack.runtime.bench.options;

import java.util.ArrayList;
import java.util.List;

/**
 * sbatch's "#SBATCH" lines: read from the top of the script up to the first line that is not
 * blank or a comment; each directive's words are split like a shell would (quotes kept together).
 */
public final class ScriptDirectives {
    private ScriptDirectives() {
    }

    /** The option words of every #SBATCH line, in order. */
    public static List<String> words(String script) {
        List<String> out = new ArrayList<>();
        for (String line : script.split("\n", -1)) {
            String l = line.strip();
            if (l.startsWith("#SBATCH")) {
                String rest = l.substring("#SBATCH".length());
                if (rest.isEmpty() || Character.isWhitespace(rest.charAt(0))) {
                    out.addAll(split(stripComment(rest)));
                }
            } else if (!l.isEmpty() && !l.startsWith("#")) {
                break;
            }
        }
        return out;
    }

    /** A '#' after whitespace starts a comment on a directive line (outside quotes). */
    private static String stripComment(String s) {
        boolean single = false;
        boolean dbl = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'' && !dbl) {
                single = !single;
            } else if (c == '"' && !single) {
                dbl = !dbl;
            } else if (c == '#' && !single && !dbl && i > 0 && Character.isWhitespace(s.charAt(i - 1))) {
                return s.substring(0, i);
            }
        }
        return s;
    }

    static List<String> split(String s) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (char c : s.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(w.toString());
        }
        return words;
    }
}
