package io.plugstack.lua;

/**
 * A literal ("|") or folded (">") block scalar, as libyaml 0.2.5's scanner.c
 * {@code yaml_parser_scan_block_scalar} and {@code yaml_parser_scan_block_scalar_breaks} read it:
 * chomping and indentation indicators, the indentation found from the first non-empty line, folding,
 * clip/strip/keep. The cursor is left at the end of the scalar's last content line.
 */
final class YamlBlockScalar {

    private YamlBlockScalar() {
    }

    /** @param parentIndent the enclosing block's column (parser->indent), -1 at the root */
    static String read(YamlText t, int parentIndent) {
        boolean literal = t.peek() == '|';
        t.next();
        int chomping = 0;
        int increment = 0;
        if (t.peek() == '+' || t.peek() == '-') {
            chomping = t.peek() == '+' ? 1 : -1;
            t.next();
            increment = digit(t);
        } else if (Character.isDigit(t.peek()) && t.peek() < 0x80) {
            increment = digit(t);
            if (t.peek() == '+' || t.peek() == '-') {
                chomping = t.peek() == '+' ? 1 : -1;
                t.next();
            }
        }
        while (YamlText.blank(t.peek())) {
            t.next();
        }
        if (t.peek() == '#') {
            while (!t.eof() && t.peek() != '\n') {
                t.next();
            }
        }
        if (!t.eof() && t.peek() != '\n') {
            throw new YamlText.Invalid("did not find expected comment or line break");
        }
        long end = t.mark();
        if (!t.eof()) {
            t.next();
        }
        int[] indent = {increment > 0 ? (parentIndent >= 0 ? parentIndent + increment : increment) : 0};
        StringBuilder value = new StringBuilder();
        StringBuilder leadingBreak = new StringBuilder();
        StringBuilder trailingBreaks = new StringBuilder();
        breaks(t, indent, trailingBreaks, parentIndent);
        boolean leadingBlank = false;
        while (t.column() == indent[0] && !t.eof()) {
            boolean trailingBlank = YamlText.blank(t.peek());
            if (!literal && leadingBreak.length() > 0 && leadingBreak.charAt(0) == '\n' && !leadingBlank && !trailingBlank) {
                if (trailingBreaks.length() == 0) {
                    value.append(' ');
                }
            } else {
                value.append(leadingBreak);
            }
            leadingBreak.setLength(0);
            value.append(trailingBreaks);
            trailingBreaks.setLength(0);
            leadingBlank = YamlText.blank(t.peek());
            while (!t.eof() && t.peek() != '\n') {
                value.append(t.peek());
                t.next();
            }
            end = t.mark();
            if (!t.eof()) {
                leadingBreak.append('\n');
                t.next();
            }
            breaks(t, indent, trailingBreaks, parentIndent);
        }
        if (chomping != -1) {
            value.append(leadingBreak);
        }
        if (chomping == 1) {
            value.append(trailingBreaks);
        }
        t.reset(end);
        return YamlText.bytes(value);
    }

    private static int digit(YamlText t) {
        if (!Character.isDigit(t.peek()) || t.peek() >= 0x80) {
            return 0;
        }
        if (t.peek() == '0') {
            throw new YamlText.Invalid("found an indentation indicator equal to 0");
        }
        int d = t.peek() - '0';
        t.next();
        return d;
    }

    /** yaml_parser_scan_block_scalar_breaks: indentation and empty lines; finds the indentation when not known. */
    private static void breaks(YamlText t, int[] indent, StringBuilder breaks, int parentIndent) {
        int maxIndent = 0;
        while (true) {
            while ((indent[0] == 0 || t.column() < indent[0]) && t.peek() == ' ') {
                t.next();
            }
            maxIndent = Math.max(maxIndent, t.column());
            if ((indent[0] == 0 || t.column() < indent[0]) && t.peek() == '\t') {
                throw new YamlText.Invalid("found a tab character where an indentation space is expected");
            }
            if (t.peek() != '\n') {
                break;
            }
            breaks.append('\n');
            t.next();
        }
        if (indent[0] == 0) {
            indent[0] = Math.max(Math.max(maxIndent, parentIndent + 1), 1);
        }
    }
}
