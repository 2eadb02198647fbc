package io.plugstack.lua;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.OptionalDouble;

/**
 * The state and the character-level steps of json-c 0.16's tokener (json_tokener.c) that
 * {@link JsonCTokener} runs: the per-depth state stack, PEEK_CHAR/ADVANCE_CHAR, the literal
 * comparisons, the backslash-u escapes decoded with surrogate pairs and replacement characters, and the number
 * state with json_parse_int64/json_parse_uint64/strtod as json-c applies them.
 */
abstract class JsonCLexer {

    /** JSON_TOKENER_DEFAULT_DEPTH. */
    static final int MAX_DEPTH = 32;

    static final String[] ERRORS = {"success", "continue", "nesting too deep", "unexpected end of data",
        "unexpected character", "null expected", "boolean expected", "number expected",
        "array value separator ',' expected", "quoted object property name expected",
        "object property name separator ':' expected", "object value separator ',' expected",
        "invalid string sequence", "expected comment", "invalid utf-8 string", "buffer size overflow"};
    static final int SUCCESS = 0, CONTINUE = 1, DEPTH = 2, EOF = 3, UNEXPECTED = 4, NULL_EXPECTED = 5,
            BOOLEAN = 6, NUMBER = 7, ARRAY = 8, KEY_NAME = 9, KEY_SEP = 10, VALUE_SEP = 11, STRING = 12, COMMENT = 13;

    enum S { EATWS, START, FINISH, NULL, COMMENT_START, COMMENT, COMMENT_EOL, COMMENT_END, STRING,
        STRING_ESCAPE, ESCAPE_UNICODE, BOOLEAN, NUMBER, ARRAY, ARRAY_ADD, ARRAY_SEP, OBJECT_FIELD_START, OBJECT_FIELD,
        OBJECT_FIELD_END, OBJECT_VALUE, OBJECT_VALUE_ADD, OBJECT_SEP, INF, ARRAY_AFTER_SEP, OBJECT_FIELD_START_AFTER_SEP,
        ESCAPE_UNICODE_NEED_ESCAPE, ESCAPE_UNICODE_NEED_U }

    static final byte[] REPLACEMENT = {(byte) 0xEF, (byte) 0xBF, (byte) 0xBD};

    final byte[] in;
    int pos;
    int c = 1;
    int depth;
    int err = SUCCESS;
    final S[] state = new S[MAX_DEPTH];
    final S[] saved = new S[MAX_DEPTH];
    /** json_object *current: null is a NULL object, as json-c's null literal. */
    final SlurmData[] current = new SlurmData[MAX_DEPTH];
    final String[] fieldName = new String[MAX_DEPTH];
    final ByteArrayOutputStream pb = new ByteArrayOutputStream();
    int stPos;
    boolean isDouble;
    int quoteChar;
    int ucsChar;
    int highSurrogate;

    JsonCLexer(byte[] in) {
        this.in = in;
        for (int i = 0; i < MAX_DEPTH; i++) {
            reset(i);
        }
    }

    void reset(int d) {
        state[d] = S.EATWS;
        saved[d] = S.START;
        current[d] = null;
        fieldName[d] = null;
    }

    /** PEEK_CHAR. */
    boolean peek() {
        if (pos == in.length) {
            err = depth == 0 && state[depth] == S.EATWS && saved[depth] == S.FINISH ? SUCCESS : CONTINUE;
            return false;
        }
        c = in[pos] & 0xff;
        return true;
    }

    /** ADVANCE_CHAR: moves on, giving the character it leaves (0 ends the loops, as in C). */
    int advance() {
        pos++;
        return c;
    }

    static boolean isWs(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    static boolean isHex(int c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
    }

    String pbString() {
        return new String(pb.toByteArray(), StandardCharsets.ISO_8859_1);
    }

    boolean matches(String word, int size) {
        String got = pbString();
        return got.length() >= size && got.substring(0, size).equalsIgnoreCase(word.substring(0, size));
    }

    void finishWith(SlurmData value) {
        current[depth] = value;
        saved[depth] = S.FINISH;
        state[depth] = S.EATWS;
    }

    static char swapCase(char ch) {
        return Character.isUpperCase(ch) ? Character.toLowerCase(ch) : Character.toUpperCase(ch);
    }

    /** The \\uNNNN in ucsChar appended as UTF-8; true when it is a high surrogate waiting for its pair. */
    boolean unicodeChar() {
        if (highSurrogate != 0) {
            if ((ucsChar & 0xFC00) == 0xDC00) {
                ucsChar = (((highSurrogate & 0x3FF) << 10) + (ucsChar & 0x3FF) + 0x10000);
            } else {
                pb.write(REPLACEMENT, 0, 3);
            }
            highSurrogate = 0;
        }
        int u = ucsChar;
        if (u < 0x80) {
            pb.write(u);
        } else if (u < 0x800) {
            pb.write(0xc0 | (u >> 6));
            pb.write(0x80 | (u & 0x3f));
        } else if ((u & 0xFC00) == 0xD800) {
            highSurrogate = u;
            ucsChar = 0;
            return true;
        } else if ((u & 0xFC00) == 0xDC00) {
            pb.write(REPLACEMENT, 0, 3);
        } else if (u < 0x10000) {
            pb.write(0xe0 | (u >> 12));
            pb.write(0x80 | ((u >> 6) & 0x3f));
            pb.write(0x80 | (u & 0x3f));
        } else if (u < 0x110000) {
            pb.write(0xf0 | ((u >> 18) & 0x07));
            pb.write(0x80 | ((u >> 12) & 0x3f));
            pb.write(0x80 | ((u >> 6) & 0x3f));
            pb.write(0x80 | (u & 0x3f));
        } else {
            pb.write(REPLACEMENT, 0, 3);
        }
        return false;
    }

    /** json_tokener_state_number: false when parsing stops (end of input or an error). */
    boolean number() {
        int caseLen = 0;
        boolean isExponent = false;
        boolean negOk = true;
        boolean posOk = false;
        while (c != 0 && ((c >= '0' && c <= '9') || (!isExponent && (c == 'e' || c == 'E')) || (negOk && c == '-')
                || (posOk && c == '+') || (!isDouble && c == '.'))) {
            posOk = negOk = false;
            ++caseLen;
            if (c == '.') {
                isDouble = true;
                posOk = negOk = true;
            } else if (c == 'e' || c == 'E') {
                isExponent = true;
                isDouble = true;
                posOk = negOk = true;
            }
            pb.write(c);
            if (advance() == 0 || !peek()) {
                return false;
            }
        }
        if (depth > 0 && c != ',' && c != ']' && c != '}' && c != '/' && c != 'I' && c != 'i' && !isWs(c)) {
            err = NUMBER;
            return false;
        }
        String buf = pbString();
        if (buf.charAt(0) == '-' && caseLen <= 1 && (c == 'i' || c == 'I')) {
            state[depth] = S.INF;
            stPos = 0;
            return true;
        }
        if (isDouble) {
            while (buf.length() > 1 && "eE-+".indexOf(buf.charAt(buf.length() - 1)) >= 0) {
                buf = buf.substring(0, buf.length() - 1);
            }
        }
        SlurmData value;
        if (!isDouble && buf.charAt(0) == '-' && buf.length() > 1) {
            value = SlurmData.ofInt(clamp(new BigInteger(buf)));
        } else if (!isDouble && buf.charAt(0) != '-') {
            value = SlurmData.ofInt(clamp(new BigInteger(buf)));
        } else {
            OptionalDouble d = isDouble ? CNumbers.strtodWhole(buf) : OptionalDouble.empty();
            if (d.isEmpty()) {
                err = NUMBER;
                return false;
            }
            value = SlurmData.ofFloat(d.getAsDouble());
        }
        finishWith(value);
        return true;
    }

    /**
     * strtoll clamps below; above INT64_MAX strtoull gives a uint64 object (or ULLONG_MAX), which
     * json_object_get_int64 reads as INT64_MAX.
     */
    private static long clamp(BigInteger v) {
        if (v.bitLength() < 64) {
            return v.longValue();
        }
        return v.signum() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
}
