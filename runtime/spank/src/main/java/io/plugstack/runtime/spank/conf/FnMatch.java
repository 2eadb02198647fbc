package io.plugstack.runtime.spank.conf;

import java.nio.charset.StandardCharsets;

/**
 * {@code fnmatch(pattern, name, FNM_PERIOD)} as glibc's {@code glob(3)} applies it to one path
 * component when called with flags 0 (Slurm's {@code include}): byte-wise, in the C locale.
 *
 * <ul>
 *   <li>{@code *} any run of bytes, {@code ?} one byte, {@code \x} the byte {@code x};
 *       a trailing lone {@code \} never matches.</li>
 *   <li>{@code [...]}: {@code !} or {@code ^} negates (POSIXLY_CORRECT assumed unset); a leading
 *       {@code ]} is a member; ranges compare byte values ({@code [b-a]} is empty); {@code \}
 *       escapes inside brackets; {@code [:class:]} for the 12 POSIX classes, ASCII only (an
 *       unknown class name fails the match); {@code [=c=]} and {@code [.c.]} with a single
 *       byte {@code c} (a longer collating symbol fails the match). A {@code [} whose bracket
 *       is not closed matches a literal {@code [}.</li>
 *   <li>A leading {@code .} is matched only by a literal {@code .} (or {@code \.}), never by
 *       {@code *}, {@code ?} or a bracket; glibc's quirk that {@code *?[.]} still counts the
 *       byte after {@code *?} as "leading" is kept.</li>
 * </ul>
 * The malformed-bracket corner cases follow glibc 2.36 (Debian 12), checked against it with a
 * table of generated cases (FnMatchTest); other glibc releases differ in a few of them.
 * Strings are compared as their UTF-8 bytes.
 */
final class FnMatch {

    private static final int NO = -1;
    private static final int LITERAL = -2;
    private static final int CLASS_NAME_MAX = 256;

    private FnMatch() {
    }

    static boolean matches(String pattern, String name) {
        return matches(pattern.getBytes(StandardCharsets.UTF_8), name.getBytes(StandardCharsets.UTF_8));
    }

    static boolean matches(byte[] pattern, byte[] name) {
        return match(pattern, 0, name, 0, true);
    }

    /** The byte at {@code i}, or 0 past the end (C's terminating NUL). */
    private static int at(byte[] b, int i) {
        return i < b.length ? b[i] & 0xff : 0;
    }

    private static boolean match(byte[] p, int pi, byte[] s, int n, boolean leadingPeriod) {
        int c;
        while ((c = at(p, pi++)) != 0) {
            switch (c) {
                case '?':
                    if (n == s.length || (s[n] == '.' && leadingPeriod)) {
                        return false;
                    }
                    break;
                case '\\':
                    c = at(p, pi++);
                    if (c == 0 || n == s.length || (s[n] & 0xff) != c) {
                        return false;
                    }
                    break;
                case '*':
                    return star(p, pi, s, n, leadingPeriod);
                case '[': {
                    if (n == s.length || (s[n] == '.' && leadingPeriod)) {
                        return false;
                    }
                    int next = bracket(p, pi, s[n] & 0xff);
                    if (next == NO || (next == LITERAL && s[n] != '[')) {
                        return false;
                    }
                    if (next != LITERAL) {
                        pi = next;
                    }
                    break;
                }
                default:
                    if (n == s.length || (s[n] & 0xff) != c) {
                        return false;
                    }
            }
            leadingPeriod = false;
            n++;
        }
        return n == s.length;
    }

    /** {@code pi} is just after a '*'. */
    private static boolean star(byte[] p, int pi, byte[] s, int n, boolean leadingPeriod) {
        if (n != s.length && s[n] == '.' && leadingPeriod) {
            return false;
        }
        int c;
        for (c = at(p, pi++); c == '?' || c == '*'; c = at(p, pi++)) {
            if (c == '?') {
                if (n == s.length) {
                    return false;
                }
                n++;
            }
        }
        if (c == 0) {
            return true;
        }
        int rest = pi - 1;
        int first = c == '\\' ? at(p, pi) : c;
        // The first try keeps leadingPeriod as it was at the '*' (glibc does the same).
        for (; n < s.length; n++, leadingPeriod = false) {
            if ((c == '[' || (s[n] & 0xff) == first) && match(p, rest, s, n, leadingPeriod)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Matches byte {@code fn} against the bracket expression whose body starts at {@code i} (just
     * after '['). Returns the index after the closing ']' on a match, {@link #NO}, or
     * {@link #LITERAL} when the bracket is unterminated and '[' must be matched as itself.
     */
    private static int bracket(byte[] p, int i, int fn) {
        boolean not = at(p, i) == '!' || at(p, i) == '^';
        if (not) {
            i++;
        }
        int c = at(p, i++);
        while (true) {
            int low;          // the member (or range start) just read, or -1 for a class/equivalence
            boolean symbol = false;
            if (c == '\\') {
                if (at(p, i) == 0) {
                    return NO;
                }
                low = at(p, i++);
            } else if (c == '[' && at(p, i) == ':') {
                int end = className(p, i);
                if (end == NO) {
                    return NO;
                }
                if (end == LITERAL) {
                    low = '[';
                } else {
                    int member = inClass(new String(p, i + 1, end - i - 3, StandardCharsets.ISO_8859_1), fn);
                    if (member < 0) {
                        return NO; // unknown class name
                    }
                    if (member > 0) {
                        return skipRest(p, end, not);
                    }
                    i = end;
                    c = at(p, i++);
                    if (c == ']') {
                        break;
                    }
                    continue;
                }
            } else if (c == '[' && at(p, i) == '=') {
                int eq = at(p, i + 1);
                if (eq != 0 && at(p, i + 2) == '=' && at(p, i + 3) == ']') {
                    if (fn == eq) {
                        return skipRest(p, i + 4, not);
                    }
                    i += 4;
                    c = at(p, i++);
                    if (c == ']') {
                        break;
                    }
                    continue;
                }
                low = '[';
            } else if (c == 0) {
                return LITERAL;
            } else if (c == '[' && at(p, i) == '.') {
                int end = collatingSymbol(p, i);
                if (end < 0) {
                    return NO;
                }
                low = at(p, i + 1);
                i = end;
                symbol = true;
            } else {
                low = c;
            }
            boolean range = at(p, i) == '-' && at(p, i + 1) != 0 && (symbol || at(p, i + 1) != ']');
            if (!range && low == fn) {
                return skipRest(p, i, not);
            }
            c = at(p, i++);
            if (c == '-' && at(p, i) != ']') {
                int high = at(p, i++);
                if (high == '[' && at(p, i) == '.') {
                    int end = collatingSymbol(p, i);
                    if (end < 0) {
                        return NO;
                    }
                    high = at(p, i + 1);
                    i = end;
                } else {
                    if (high == '\\') {
                        high = at(p, i++);
                    }
                    if (high == 0) {
                        return NO;
                    }
                }
                if (low <= fn && fn <= high) {
                    return skipRest(p, i, not);
                }
                c = at(p, i++);
            }
            if (c == ']') {
                break;
            }
        }
        return not ? i : NO;
    }

    /**
     * {@code i} is at the ':' of "[:". Returns the index after ":]", {@link #LITERAL} when this
     * cannot be a class name (then '[' is an ordinary member), or {@link #NO} when it is too long.
     */
    private static int className(byte[] p, int i) {
        for (int len = 0; ; len++) {
            if (len == CLASS_NAME_MAX) {
                return NO;
            }
            int c = at(p, i + 1 + len);
            if (c == ':' && at(p, i + 2 + len) == ']') {
                return i + 3 + len;
            }
            if (c < 'a' || c >= 'z') {
                return LITERAL;
            }
        }
    }

    /** {@code i} is at the '.' of "[.". Index after ".]" for a one-byte symbol, else -1 (no match). */
    private static int collatingSymbol(byte[] p, int i) {
        int len = 0;
        for (int j = i + 1; ; j++, len++) {
            int c = at(p, j);
            if (c == 0) {
                return -1;
            }
            if (c == '.' && at(p, j + 1) == ']') {
                return len == 1 ? j + 2 : -1;
            }
        }
    }

    /** A member matched: skip to the closing ']' the way glibc does. */
    private static int skipRest(byte[] p, int i, boolean not) {
        int c;
        while ((c = at(p, i++)) != ']') {
            if (c == 0) {
                return LITERAL;
            }
            if (c == '\\') {
                if (at(p, i) == 0) {
                    return NO;
                }
                i++;
            } else if (c == '[' && at(p, i) == ':') {
                int start = i;
                for (int len = 1; ; len++) {
                    int cc = at(p, ++i);
                    if (len == CLASS_NAME_MAX) {
                        return NO;
                    }
                    if (cc == ':' && at(p, i + 1) == ']') {
                        i += 2;
                        break;
                    }
                    if (cc < 'a' || cc >= 'z') {
                        i = start;
                        break;
                    }
                }
            } else if (c == '[' && at(p, i) == '=') {
                if (at(p, i + 1) == 0 || at(p, i + 2) != '=' || at(p, i + 3) != ']') {
                    return NO;
                }
                i += 4;
            } else if (c == '[' && at(p, i) == '.') {
                int j = i + 1;
                while (!(at(p, j) == '.' && at(p, j + 1) == ']')) {
                    if (at(p, j) == 0) {
                        return NO;
                    }
                    j++;
                }
                i = j + 2;
            }
        }
        return not ? NO : i;
    }

    /** 1 if byte {@code b} is in POSIX class {@code name} in the C locale (ASCII only), 0 if not, -1 for an unknown name. */
    private static int inClass(String name, int b) {
        boolean alpha = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
        boolean digit = b >= '0' && b <= '9';
        boolean graph = b > ' ' && b < 127;
        Boolean in = switch (name) {
            case "alnum" -> alpha || digit;
            case "alpha" -> alpha;
            case "blank" -> b == ' ' || b == '\t';
            case "cntrl" -> b < ' ' || b == 127;
            case "digit" -> digit;
            case "graph" -> graph;
            case "lower" -> b >= 'a' && b <= 'z';
            case "print" -> graph || b == ' ';
            case "punct" -> graph && !alpha && !digit;
            case "space" -> b == ' ' || (b >= '\t' && b <= '\r');
            case "upper" -> b >= 'A' && b <= 'Z';
            case "xdigit" -> digit || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F');
            default -> null;
        };
        return in == null ? -1 : in ? 1 : 0;
    }
}
