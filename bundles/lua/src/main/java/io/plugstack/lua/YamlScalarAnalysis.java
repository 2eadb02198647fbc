package io.plugstack.lua;

import java.nio.charset.StandardCharsets;

/**
 * How libyaml 0.2.5's emitter sees a scalar before it picks a style (emitter.c
 * {@code yaml_emitter_analyze_scalar}, api.c {@code yaml_check_utf8}, yaml_private.h's character
 * macros) for {@link YamlEmitter}, with unicode output off: anything not ASCII is "special".
 */
final class YamlScalarAnalysis {

    private YamlScalarAnalysis() {
    }

    /** yaml_emitter_analyze_scalar's findings. */
    record Analysis(byte[] value, boolean multiline, boolean flowPlain, boolean blockPlain, boolean singleQuoted) {
    }

    // the scalar bytes as yaml_private.h's macros see them (past the end reads the NUL terminator)

    static int at(byte[] s, int i) {
        return i < s.length ? s[i] & 0xff : 0;
    }

    static int width(byte[] s, int i) {
        int o = at(s, i);
        return (o & 0x80) == 0 ? 1 : (o & 0xE0) == 0xC0 ? 2 : (o & 0xF0) == 0xE0 ? 3 : (o & 0xF8) == 0xF0 ? 4 : 0;
    }

    static boolean isBreak(byte[] s, int i) {
        int c = at(s, i);
        return c == '\r' || c == '\n' || (c == 0xC2 && at(s, i + 1) == 0x85)
                || (c == 0xE2 && at(s, i + 1) == 0x80 && (at(s, i + 2) == 0xA8 || at(s, i + 2) == 0xA9));
    }

    private static boolean isBlankz(byte[] s, int i) {
        int c = at(s, i);
        return c == ' ' || c == '\t' || isBreak(s, i) || c == 0;
    }

    static boolean isPrintable(byte[] s, int i) {
        int c = at(s, i);
        int n = at(s, i + 1);
        return c == 0x0A || (c >= 0x20 && c <= 0x7E) || (c == 0xC2 && n >= 0xA0) || (c > 0xC2 && c < 0xED)
                || (c == 0xED && n < 0xA0) || c == 0xEE
                || (c == 0xEF && !(n == 0xBB && at(s, i + 2) == 0xBF) && !(n == 0xBF && (at(s, i + 2) == 0xBE || at(s, i + 2) == 0xBF)));
    }

    /** yaml_check_utf8 then yaml_emitter_analyze_scalar. */
    static Analysis analyze(String bytes) throws YamlEmitter.Refused {
        byte[] s = bytes.getBytes(StandardCharsets.ISO_8859_1);
        if (!checkUtf8(s)) {
            throw new YamlEmitter.Refused();
        }
        if (s.length == 0) {
            return new Analysis(s, false, false, true, true);
        }
        boolean block = false, flow = false, lineBreaks = false, special = false;
        boolean leadingSpace = false, leadingBreak = false, trailingSpace = false, trailingBreak = false;
        boolean breakSpace = false, spaceBreak = false, previousSpace = false, previousBreak = false;
        if ((at(s, 0) == '-' && at(s, 1) == '-' && at(s, 2) == '-') || (at(s, 0) == '.' && at(s, 1) == '.' && at(s, 2) == '.')) {
            block = flow = true;
        }
        boolean precededByWs = true;
        boolean followedByWs = isBlankz(s, width(s, 0));
        for (int i = 0; i < s.length; ) {
            int c = s[i] & 0xff;
            if (i == 0) {
                if ("#,[]{}&*!|>'\"%@`".indexOf(c) >= 0) {
                    flow = block = true;
                }
                if (c == '?' || c == ':') {
                    flow = true;
                    block |= followedByWs;
                }
                if (c == '-' && followedByWs) {
                    flow = block = true;
                }
            } else {
                if (",?[]{}".indexOf(c) >= 0) {
                    flow = true;
                }
                if (c == ':') {
                    flow = true;
                    block |= followedByWs;
                }
                if (c == '#' && precededByWs) {
                    flow = block = true;
                }
            }
            if (!isPrintable(s, i) || c > 0x7F) {
                special = true;
            }
            if (isBreak(s, i)) {
                lineBreaks = true;
            }
            int w = width(s, i);
            if (c == ' ') {
                leadingSpace |= i == 0;
                trailingSpace |= i + w == s.length;
                breakSpace |= previousBreak;
                previousSpace = true;
                previousBreak = false;
            } else if (isBreak(s, i)) {
                leadingBreak |= i == 0;
                trailingBreak |= i + w == s.length;
                spaceBreak |= previousSpace;
                previousSpace = false;
                previousBreak = true;
            } else {
                previousSpace = previousBreak = false;
            }
            precededByWs = isBlankz(s, i);
            i += w;
            if (i < s.length) {
                followedByWs = isBlankz(s, i + width(s, i));
            }
        }
        boolean flowPlain = true, blockPlain = true, single = true;
        if (leadingSpace || leadingBreak || trailingSpace || trailingBreak || lineBreaks) {
            flowPlain = blockPlain = false;
        }
        if (breakSpace || spaceBreak || special) {
            flowPlain = blockPlain = single = false;
        }
        return new Analysis(s, lineBreaks, flowPlain && !flow, blockPlain && !block, single);
    }

    /** yaml_check_utf8 (api.c): lead bytes, continuations and shortest forms only. */
    private static boolean checkUtf8(byte[] s) {
        for (int i = 0; i < s.length; ) {
            int w = width(s, i);
            if (w == 0 || i + w > s.length) {
                return false;
            }
            int o = s[i] & 0xff;
            int value = w == 1 ? o & 0x7F : w == 2 ? o & 0x1F : w == 3 ? o & 0x0F : o & 0x07;
            for (int k = 1; k < w; k++) {
                int b = s[i + k] & 0xff;
                if ((b & 0xC0) != 0x80) {
                    return false;
                }
                value = (value << 6) + (b & 0x3F);
            }
            if (!(w == 1 || (w == 2 && value >= 0x80) || (w == 3 && value >= 0x800) || (w == 4 && value >= 0x10000))) {
                return false;
            }
            i += w;
        }
        return true;
    }
}
