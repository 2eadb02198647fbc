package io.plugstack.lua;

import java.nio.charset.StandardCharsets;

/**
 * The text slurm.from_yaml reads, with the scanning primitives {@link YamlParser} builds on: a cursor
 * over the characters libyaml's reader would give (UTF-8 checked as reader.c checks it, control
 * characters refused, a leading BOM skipped, CR LF and CR read as LF) and the scalar forms of
 * scanner.c's {@code yaml_parser_scan_flow_scalar} (single and double quotes, escapes, line folding)
 * and {@code yaml_parser_scan_plain_scalar}'s folding. Values come out as byte strings (UTF-8 bytes,
 * one char each), as libyaml's events carry them.
 */
final class YamlText {

    /** A document libyaml would refuse (its reader, scanner or parser). */
    static final class Invalid extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Invalid(String problem) {
            super(problem, null, false, false);
        }
    }

    final String s;
    int pos;
    private int lineStart;

    YamlText(byte[] utf8) {
        this.s = decode(utf8);
    }

    /** reader.c's decoding: well-formed UTF-8, no surrogates, printable characters only. */
    private static String decode(byte[] b) {
        StringBuilder out = new StringBuilder(b.length);
        int i = (b.length >= 3 && (b[0] & 0xff) == 0xEF && (b[1] & 0xff) == 0xBB && (b[2] & 0xff) == 0xBF) ? 3 : 0;
        while (i < b.length) {
            int o = b[i] & 0xff;
            int w = (o & 0x80) == 0 ? 1 : (o & 0xE0) == 0xC0 ? 2 : (o & 0xF0) == 0xE0 ? 3 : (o & 0xF8) == 0xF0 ? 4 : 0;
            if (w == 0) {
                throw new Invalid("invalid leading UTF-8 octet");
            }
            if (i + w > b.length) {
                throw new Invalid("incomplete UTF-8 octet sequence");
            }
            int v = w == 1 ? o : w == 2 ? o & 0x1F : w == 3 ? o & 0x0F : o & 0x07;
            for (int k = 1; k < w; k++) {
                int t = b[i + k] & 0xff;
                if ((t & 0xC0) != 0x80) {
                    throw new Invalid("invalid trailing UTF-8 octet");
                }
                v = (v << 6) + (t & 0x3F);
            }
            if (!(w == 1 || (w == 2 && v >= 0x80) || (w == 3 && v >= 0x800) || (w == 4 && v >= 0x10000))) {
                throw new Invalid("invalid length of a UTF-8 sequence");
            }
            if ((v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF) {
                throw new Invalid("invalid Unicode character");
            }
            if (!(v == 0x09 || v == 0x0A || v == 0x0D || (v >= 0x20 && v <= 0x7E) || v == 0x85 || (v >= 0xA0 && v <= 0xD7FF)
                    || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000)) {
                throw new Invalid("control characters are not allowed");
            }
            if (v == '\r') {
                v = '\n';
                if (i + 1 < b.length && b[i + 1] == '\n') {
                    i++;
                }
            }
            out.appendCodePoint(v);
            i += w;
        }
        return out.toString();
    }

    /** The character {@code k} ahead, or 0 past the end (the reader's NUL). */
    char peek(int k) {
        return pos + k < s.length() ? s.charAt(pos + k) : '\0';
    }

    char peek() {
        return peek(0);
    }

    boolean eof() {
        return pos >= s.length();
    }

    int column() {
        return pos - lineStart;
    }

    void next() {
        if (s.charAt(pos++) == '\n') {
            lineStart = pos;
        }
    }

    /** A mark to come back to (a lookahead). */
    long mark() {
        return ((long) pos << 32) | lineStart;
    }

    void reset(long mark) {
        pos = (int) (mark >>> 32);
        lineStart = (int) mark;
    }

    static boolean blank(char c) {
        return c == ' ' || c == '\t';
    }

    static boolean blankz(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\0';
    }

    boolean blankzAt(int k) {
        return blankz(peek(k));
    }

    /** "---" or "..." at a line's start, then a blank or the end. */
    boolean documentIndicator() {
        return column() == 0 && ((peek() == '-' && peek(1) == '-' && peek(2) == '-') || (peek() == '.' && peek(1) == '.' && peek(2) == '.'))
                && blankzAt(3);
    }

    static String bytes(CharSequence text) {
        return new String(text.toString().getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    /** The whitespace and line breaks after a line's content, folded as flow and plain scalars fold them. */
    private static void fold(StringBuilder value, int breaks) {
        if (breaks == 1) {
            value.append(' ');
        } else {
            value.append("\n".repeat(breaks - 1));
        }
    }

    /** yaml_parser_scan_flow_scalar: a single- or double-quoted scalar, at its opening quote. */
    String quoted() {
        char quote = peek();
        next();
        StringBuilder v = new StringBuilder();
        while (true) {
            if (documentIndicator()) {
                throw new Invalid("found unexpected document indicator");
            }
            if (eof()) {
                throw new Invalid("found unexpected end of stream");
            }
            StringBuilder spaces = new StringBuilder();
            while (!blankz(peek())) {
                char c = peek();
                if (quote == '\'' && c == '\'' && peek(1) == '\'') {
                    v.append(spaces).append('\'');
                    next();
                    next();
                } else if (c == quote) {
                    break;
                } else if (quote == '"' && c == '\\' && peek(1) == '\n') {
                    next();
                    next();
                    skipBlanks();
                    continue;
                } else if (quote == '"' && c == '\\') {
                    v.append(spaces);
                    escape(v);
                } else {
                    v.append(spaces).append(c);
                    next();
                }
                spaces.setLength(0);
            }
            if (peek() == quote) {
                next();
                return bytes(v);
            }
            while (blank(peek())) {
                spaces.append(peek());
                next();
            }
            if (peek() == '\n') {
                int breaks = 0;
                while (blank(peek()) || peek() == '\n') {
                    if (peek() == '\n') {
                        breaks++;
                    }
                    next();
                }
                fold(v, breaks);
                spaces.setLength(0);
            } else if (!eof()) {
                v.append(spaces);
            }
        }
    }

    private void skipBlanks() {
        while (blank(peek())) {
            next();
        }
    }

    /** A double-quoted scalar's escape, at the backslash. */
    private void escape(StringBuilder v) {
        next();
        char c = peek();
        next();
        int digits = 0;
        switch (c) {
            case '0' -> v.append('\0');
            case 'a' -> v.append('\u0007');
            case 'b' -> v.append('\b');
            case 't', '\t' -> v.append('\t');
            case 'n' -> v.append('\n');
            case 'v' -> v.append('\u000b');
            case 'f' -> v.append('\f');
            case 'r' -> v.append('\r');
            case 'e' -> v.append('\u001b');
            case ' ' -> v.append(' ');
            case '"' -> v.append('"');
            case '/' -> v.append('/');
            case '\\' -> v.append('\\');
            case 'N' -> v.append('\u0085');
            case '_' -> v.append('\u00a0');
            case 'L' -> v.append('\u2028');
            case 'P' -> v.append('\u2029');
            case 'x' -> digits = 2;
            case 'u' -> digits = 4;
            case 'U' -> digits = 8;
            default -> throw new Invalid("found unknown escape character");
        }
        if (digits > 0) {
            long code = 0;
            for (int k = 0; k < digits; k++) {
                int d = Character.digit(peek(), 16);
                if (d < 0) {
                    throw new Invalid("did not find expected hexdecimal number");
                }
                code = code * 16 + d;
                next();
            }
            if ((code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) {
                throw new Invalid("found invalid Unicode character escape code");
            }
            v.appendCodePoint((int) code);
        }
    }

    /**
     * yaml_parser_scan_plain_scalar: at its first character; {@code indent} is the enclosing block's
     * column (continuation lines must go further in), {@code flow} whether inside [] or {}.
     */
    String plain(int indent, boolean flow) {
        StringBuilder v = new StringBuilder();
        int breaks = 0;
        String spaces = "";
        while (true) {
            if (documentIndicator() || peek() == '#') {
                break;
            }
            boolean any = false;
            while (!blankz(peek())) {
                char c = peek();
                if (flow && c == ':' && ",?[]{}".indexOf(peek(1)) >= 0) {
                    throw new Invalid("found unexpected ':'");
                }
                if (c == ':' && blankzAt(1)) {
                    break;
                }
                if (flow && ",[]{}".indexOf(c) >= 0) {
                    break;
                }
                if (breaks > 0) {
                    fold(v, breaks);
                    breaks = 0;
                } else {
                    v.append(spaces);
                }
                spaces = "";
                v.append(c);
                next();
                any = true;
            }
            if (!blank(peek()) && peek() != '\n') {
                break;
            }
            long before = mark();
            StringBuilder ws = new StringBuilder();
            int newBreaks = 0;
            while (blank(peek()) || peek() == '\n') {
                if (peek() == '\n') {
                    newBreaks++;
                    ws.setLength(0);
                } else if (newBreaks == 0) {
                    ws.append(peek());
                }
                next();
            }
            if (newBreaks > 0 && !flow && column() <= indent) {
                reset(before);
                break;
            }
            if (newBreaks > 0 && (documentIndicator() || peek() == '#' || eof())) {
                reset(before);
                break;
            }
            if (newBreaks == 0 && peek() == '#') {
                reset(before);
                break;
            }
            if (newBreaks > 0) {
                breaks = newBreaks;
                spaces = "";
            } else if (any || breaks == 0) {
                spaces = ws.toString();
            }
            if (eof()) {
                reset(before);
                break;
            }
        }
        return bytes(v);
    }
}
