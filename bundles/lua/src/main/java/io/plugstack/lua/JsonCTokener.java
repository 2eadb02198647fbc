package io.plugstack.lua;

/**
 * slurm.from_json's parser: json-c 0.16's {@code json_tokener_parse_ex} (json_tokener.c) as
 * serializer_json.c {@code _try_parse} calls it, with a default tokener (depth 32, not strict) and the
 * string's exact length, then {@code _json_to_data}. Not strict means: comments, single quotes,
 * trailing commas, case-insensitive true/false/null/NaN/Infinity, and anything after the first value
 * ignored. Given the exact length, a value that could go on (a number or literal at the very end, e.g.
 * "123" or "true") is incomplete ({@code json_tokener_continue}), and a top-level {@code null} is a
 * NULL object, which _try_parse takes as failure. A state machine over the bytes, as json-c's is.
 */
final class JsonCTokener extends JsonCLexer {

    private JsonCTokener(byte[] in) {
        super(in);
    }

    /**
     * The outcome: the value, or null with json_tokener_error_desc's text ("success" for a top-level
     * null, which _try_parse takes as a failure all the same).
     */
    record Result(SlurmData data, String error) {
    }

    static Result parse(byte[] text) {
        JsonCTokener t = new JsonCTokener(text);
        SlurmData obj = t.run();
        if (t.err != SUCCESS) {
            return new Result(null, ERRORS[t.err]);
        }
        return new Result(obj, obj == null ? ERRORS[SUCCESS] : null);
    }

    private SlurmData run() {
        SlurmData obj = null;
        out:
        while (peek()) {
            redo:
            while (true) {
                switch (state[depth]) {
                    case EATWS:
                        while (isWs(c)) {
                            if (advance() == 0 || !peek()) {
                                break out;
                            }
                        }
                        if (c == '/') {
                            pb.reset();
                            pb.write(c);
                            state[depth] = S.COMMENT_START;
                            break redo;
                        }
                        state[depth] = saved[depth];
                        continue redo;
                    case START:
                        switch (c) {
                            case '{' -> {
                                state[depth] = S.EATWS;
                                saved[depth] = S.OBJECT_FIELD_START;
                                current[depth] = SlurmData.ofNull().setDict();
                            }
                            case '[' -> {
                                state[depth] = S.EATWS;
                                saved[depth] = S.ARRAY;
                                current[depth] = SlurmData.ofNull().setList();
                            }
                            case 'I', 'i' -> {
                                state[depth] = S.INF;
                                pb.reset();
                                stPos = 0;
                                continue redo;
                            }
                            case 'N', 'n' -> {
                                state[depth] = S.NULL;
                                pb.reset();
                                stPos = 0;
                                continue redo;
                            }
                            case '\'', '"' -> {
                                state[depth] = S.STRING;
                                pb.reset();
                                quoteChar = c;
                            }
                            case 'T', 't', 'F', 'f' -> {
                                state[depth] = S.BOOLEAN;
                                pb.reset();
                                stPos = 0;
                                continue redo;
                            }
                            case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-' -> {
                                state[depth] = S.NUMBER;
                                pb.reset();
                                isDouble = false;
                                continue redo;
                            }
                            default -> {
                                err = UNEXPECTED;
                                break out;
                            }
                        }
                        break redo;
                    case FINISH:
                        if (depth == 0) {
                            break out;
                        }
                        obj = current[depth];
                        reset(depth);
                        depth--;
                        continue redo;
                    case INF: {
                        String inf = "Infinity";
                        while (stPos < inf.length()) {
                            if (c != inf.charAt(stPos) && c != swapCase(inf.charAt(stPos))) {
                                err = UNEXPECTED;
                                break out;
                            }
                            stPos++;
                            advance();
                            if (!peek()) {
                                break out;
                            }
                        }
                        boolean negative = pb.size() > 0 && pb.toByteArray()[0] == '-';
                        finishWith(SlurmData.ofFloat(negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY));
                        continue redo;
                    }
                    case NULL: {
                        pb.write(c);
                        if (matches("null", Math.min(stPos + 1, 4))) {
                            if (stPos == 4) {
                                finishWith(null);
                                continue redo;
                            }
                        } else if (matches("NaN", Math.min(stPos + 1, 3))) {
                            if (stPos == 3) {
                                finishWith(SlurmData.ofFloat(Double.NaN));
                                continue redo;
                            }
                        } else {
                            err = NULL_EXPECTED;
                            break out;
                        }
                        stPos++;
                        break redo;
                    }
                    case COMMENT_START:
                        if (c == '*') {
                            state[depth] = S.COMMENT;
                        } else if (c == '/') {
                            state[depth] = S.COMMENT_EOL;
                        } else {
                            err = COMMENT;
                            break out;
                        }
                        break redo;
                    case COMMENT:
                        while (c != '*') {
                            if (advance() == 0 || !peek()) {
                                break out;
                            }
                        }
                        state[depth] = S.COMMENT_END;
                        break redo;
                    case COMMENT_EOL:
                        while (c != '\n') {
                            if (advance() == 0 || !peek()) {
                                break out;
                            }
                        }
                        state[depth] = S.EATWS;
                        break redo;
                    case COMMENT_END:
                        state[depth] = c == '/' ? S.EATWS : S.COMMENT;
                        break redo;
                    case STRING:
                    case OBJECT_FIELD:
                        while (true) {
                            if (c == quoteChar) {
                                if (state[depth] == S.STRING) {
                                    finishWith(SlurmData.ofString(pbString()));
                                } else {
                                    fieldName[depth] = SlurmData.cString(pbString());
                                    saved[depth] = S.OBJECT_FIELD_END;
                                    state[depth] = S.EATWS;
                                }
                                break;
                            } else if (c == '\\') {
                                saved[depth] = state[depth];
                                state[depth] = S.STRING_ESCAPE;
                                break;
                            }
                            pb.write(c);
                            if (advance() == 0 || !peek()) {
                                break out;
                            }
                        }
                        break redo;
                    case STRING_ESCAPE:
                        switch (c) {
                            case '"', '\\', '/' -> pb.write(c);
                            case 'b' -> pb.write('\b');
                            case 'n' -> pb.write('\n');
                            case 'r' -> pb.write('\r');
                            case 't' -> pb.write('\t');
                            case 'f' -> pb.write('\f');
                            case 'u' -> {
                                ucsChar = 0;
                                stPos = 0;
                                state[depth] = S.ESCAPE_UNICODE;
                                break redo;
                            }
                            default -> {
                                err = STRING;
                                break out;
                            }
                        }
                        state[depth] = saved[depth];
                        break redo;
                    case ESCAPE_UNICODE:
                        while (true) {
                            if (c == 0 || !isHex(c)) {
                                err = STRING;
                                break out;
                            }
                            ucsChar |= Character.digit(c, 16) << ((3 - stPos) * 4);
                            stPos++;
                            if (stPos >= 4) {
                                break;
                            }
                            advance();
                            if (!peek()) {
                                break out;
                            }
                        }
                        stPos = 0;
                        if (unicodeChar()) {
                            state[depth] = S.ESCAPE_UNICODE_NEED_ESCAPE;
                        } else {
                            state[depth] = saved[depth];
                        }
                        break redo;
                    case ESCAPE_UNICODE_NEED_ESCAPE:
                        if (c != '\\') {
                            pb.write(REPLACEMENT, 0, 3);
                            highSurrogate = 0;
                            ucsChar = 0;
                            stPos = 0;
                            state[depth] = saved[depth];
                            continue redo;
                        }
                        state[depth] = S.ESCAPE_UNICODE_NEED_U;
                        break redo;
                    case ESCAPE_UNICODE_NEED_U:
                        if (c != 'u') {
                            pb.write(REPLACEMENT, 0, 3);
                            highSurrogate = 0;
                            ucsChar = 0;
                            stPos = 0;
                            state[depth] = S.STRING_ESCAPE;
                            continue redo;
                        }
                        state[depth] = S.ESCAPE_UNICODE;
                        break redo;
                    case BOOLEAN: {
                        pb.write(c);
                        if (matches("true", Math.min(stPos + 1, 4))) {
                            if (stPos == 4) {
                                finishWith(SlurmData.ofBool(true));
                                continue redo;
                            }
                        } else if (matches("false", Math.min(stPos + 1, 5))) {
                            if (stPos == 5) {
                                finishWith(SlurmData.ofBool(false));
                                continue redo;
                            }
                        } else {
                            err = BOOLEAN;
                            break out;
                        }
                        stPos++;
                        break redo;
                    }
                    case NUMBER: {
                        if (!number()) {
                            break out;
                        }
                        continue redo;
                    }
                    case ARRAY_AFTER_SEP:
                    case ARRAY:
                        if (c == ']') {
                            saved[depth] = S.FINISH;
                            state[depth] = S.EATWS;
                        } else {
                            if (depth >= MAX_DEPTH - 1) {
                                err = DEPTH;
                                break out;
                            }
                            state[depth] = S.ARRAY_ADD;
                            depth++;
                            reset(depth);
                            continue redo;
                        }
                        break redo;
                    case ARRAY_ADD:
                        current[depth].list().add(obj == null ? SlurmData.ofNull() : obj);
                        saved[depth] = S.ARRAY_SEP;
                        state[depth] = S.EATWS;
                        continue redo;
                    case ARRAY_SEP:
                        if (c == ']') {
                            saved[depth] = S.FINISH;
                            state[depth] = S.EATWS;
                        } else if (c == ',') {
                            saved[depth] = S.ARRAY_AFTER_SEP;
                            state[depth] = S.EATWS;
                        } else {
                            err = ARRAY;
                            break out;
                        }
                        break redo;
                    case OBJECT_FIELD_START:
                    case OBJECT_FIELD_START_AFTER_SEP:
                        if (c == '}') {
                            saved[depth] = S.FINISH;
                            state[depth] = S.EATWS;
                        } else if (c == '"' || c == '\'') {
                            quoteChar = c;
                            pb.reset();
                            state[depth] = S.OBJECT_FIELD;
                        } else {
                            err = KEY_NAME;
                            break out;
                        }
                        break redo;
                    case OBJECT_FIELD_END:
                        if (c != ':') {
                            err = KEY_SEP;
                            break out;
                        }
                        saved[depth] = S.OBJECT_VALUE;
                        state[depth] = S.EATWS;
                        break redo;
                    case OBJECT_VALUE:
                        if (depth >= MAX_DEPTH - 1) {
                            err = DEPTH;
                            break out;
                        }
                        state[depth] = S.OBJECT_VALUE_ADD;
                        depth++;
                        reset(depth);
                        continue redo;
                    case OBJECT_VALUE_ADD:
                        current[depth].dict().put(fieldName[depth], obj == null ? SlurmData.ofNull() : obj);
                        fieldName[depth] = null;
                        saved[depth] = S.OBJECT_SEP;
                        state[depth] = S.EATWS;
                        continue redo;
                    case OBJECT_SEP:
                        if (c == '}') {
                            saved[depth] = S.FINISH;
                            state[depth] = S.EATWS;
                        } else if (c == ',') {
                            saved[depth] = S.OBJECT_FIELD_START_AFTER_SEP;
                            state[depth] = S.EATWS;
                        } else {
                            err = VALUE_SEP;
                            break out;
                        }
                        break redo;
                    default:
                        throw new IllegalStateException(state[depth].toString());
                }
            }
            if (advance() == 0) {
                break;
            }
        }
        // out:
        if (c == 0 && state[depth] != S.FINISH && saved[depth] != S.FINISH) {
            err = EOF;
        }
        return err == SUCCESS ? current[depth] : null;
    }

}
