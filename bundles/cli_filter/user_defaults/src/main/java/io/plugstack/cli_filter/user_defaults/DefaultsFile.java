package io.plugstack.cli_filter.user_defaults;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code ~/.slurm/defaults} the way cli_filter_user_defaults.c does (CLI-21, CLI-22):
 * <ul>
 * <li>lines end at '\n' only (getline); a last line without '\n' still counts;</li>
 * <li>each line is trimmed of C {@code isspace} characters (space, \t, \n, \v, \f, \r);</li>
 * <li>a line starting with '#' is a comment; a line without '=' is skipped;</li>
 * <li>key = text before the first '=', value = the rest (further '=' kept), both trimmed;</li>
 * <li>the key is cut at ':' like {@code strtok}: empty tokens vanish (so {@code "a::b"} is two tokens),
 *     at most 3 tokens are kept and the rest ignored; each token is trimmed. The last kept token is the
 *     option, the one before it the cluster, the one before that the command.</li>
 * </ul>
 * A key with no token at all (e.g. {@code "= x"}) names no option and is dropped here.
 */
final class DefaultsFile {

    private DefaultsFile() {
    }

    /** The entries of a whole file's text. */
    static List<DefaultsEntry> parse(String text) {
        List<DefaultsEntry> entries = new ArrayList<>();
        int lineNo = 0;
        int start = 0;
        while (start < text.length()) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? text.length() : nl + 1;
            lineNo++;
            DefaultsEntry e = parseLine(text.substring(start, end), lineNo);
            if (e != null) {
                entries.add(e);
            }
            start = end;
        }
        return entries;
    }

    /** One line's entry, or {@code null} for a comment, a line without '=' or a key without tokens. */
    static DefaultsEntry parseLine(String raw, int lineNo) {
        String line = cTrim(raw);
        if (line.startsWith("#")) {
            return null;
        }
        int eq = line.indexOf('=');
        if (eq < 0) {
            return null;
        }
        String value = cTrim(line.substring(eq + 1));
        List<String> tokens = strtok(cTrim(line.substring(0, eq)), 3);
        int n = tokens.size();
        if (n == 0) {
            return null;
        }
        String command = n > 2 ? cTrim(tokens.get(0)) : null;
        String cluster = n > 1 ? cTrim(tokens.get(n - 2)) : null;
        String option = cTrim(tokens.get(n - 1));
        return new DefaultsEntry(lineNo, command, cluster, option, value);
    }

    /** The non-empty ':'-separated tokens of {@code key}, at most {@code max} of them (strtok_r). */
    static List<String> strtok(String key, int max) {
        List<String> tokens = new ArrayList<>(max);
        for (String t : key.split(":", -1)) {
            if (tokens.size() == max) {
                break;
            }
            if (!t.isEmpty()) {
                tokens.add(t);
            }
        }
        return tokens;
    }

    /** Trims the characters C's {@code isspace} accepts in the C locale, and nothing else. */
    static String cTrim(String s) {
        int b = 0;
        int e = s.length();
        while (b < e && isCSpace(s.charAt(b))) {
            b++;
        }
        while (e > b && isCSpace(s.charAt(e - 1))) {
            e--;
        }
        return s.substring(b, e);
    }

    private static boolean isCSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }
}
