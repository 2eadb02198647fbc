package io.plugstack.lua;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * serializer_yaml.c's {@code serialize_p_string_to_data} (Slurm 26.05): the text up to its first NUL
 * (empty: EINVAL), libyaml's events ({@link YamlParser}) fed to {@code _yaml_to_data} /
 * {@code _on_parse_event} / {@code _on_parse_scalar} as they are, with YAML_MAX_DEPTH 64, aliases
 * refused, and a scalar's tag applied by data.c's {@code data_convert_type}: an untagged scalar stays a
 * string ("1", "true" and "null" included); {@code !!int}, {@code !!float}, {@code !!bool},
 * {@code !!null} convert or fail. Any failure is ESLURM_DATA_CONV_FAILED. The state machine's quirks
 * are kept (a document ends with its root node; a collection used as a mapping key turns the mapping
 * into that list, the release-build behaviour of an xassert).
 */
final class SlurmYaml {

    static final int YAML_MAX_DEPTH = 64;
    static final int EINVAL = 22;
    static final int ESLURM_NOT_SUPPORTED = 2036;
    static final int ESLURM_DATA_CONV_FAILED = 9202;
    static final int ESLURM_DATA_PARSING_DEPTH = 9214;
    static final int ESLURM_DATA_PARSER_INVALID_STATE = 9215;

    private static final String TAG = "tag:yaml.org,2002:";

    /** parse_state_t, in its order (a loop runs while the state is before DONE). */
    private enum State { NOT_STARTED, CONTINUE, POP, DONE, FAIL }

    /** The data, or the error code. */
    record Result(SlurmData data, int rc, String problem) {
    }

    private final Iterator<YamlParser.Event> events;
    private int rc;
    private String problem;

    private SlurmYaml(List<YamlParser.Event> events) {
        this.events = events.iterator();
    }

    static Result parse(byte[] text) {
        int length = 0;
        while (length < text.length && text[length] != 0) {
            length++;
        }
        if (length == 0) {
            return new Result(null, EINVAL, null);
        }
        SlurmYaml y = new SlurmYaml(YamlParser.parse(Arrays.copyOf(text, length)));
        SlurmData data = SlurmData.ofNull();
        y.toData(0, data);
        return y.rc == 0 ? new Result(data, 0, null) : new Result(null, ESLURM_DATA_CONV_FAILED, y.problem);
    }

    /** _yaml_to_data. */
    private State toData(int depth, SlurmData dst) {
        if (depth > YAML_MAX_DEPTH) {
            rc = ESLURM_DATA_PARSING_DEPTH;
            problem = "YAML nested too deep (" + depth + " layers)";
            return State.FAIL;
        }
        State state = State.NOT_STARTED;
        while (state.compareTo(State.DONE) < 0) {
            YamlParser.Event event = events.hasNext() ? events.next() : null; // after the end or an error: YAML_NO_EVENT
            if (event != null && event.kind() == YamlParser.Kind.ERROR) {
                rc = ESLURM_DATA_PARSER_INVALID_STATE;
                problem = "YAML parser error: " + event.value();
                return State.FAIL;
            }
            state = onEvent(depth, event, dst);
            if (state == State.POP) {
                break;
            }
        }
        return State.CONTINUE;
    }

    /** _on_parse_event. */
    private State onEvent(int depth, YamlParser.Event event, SlurmData dst) {
        if (event == null) {
            return State.DONE;
        }
        YamlParser.Kind kind = event.kind();
        if (dst.type() == SlurmData.Type.LIST
                && (kind == YamlParser.Kind.SCALAR || kind == YamlParser.Kind.SEQ_START || kind == YamlParser.Kind.MAP_START)) {
            State state = onEvent(depth + 1, event, dst.listAppend());
            return state == State.POP ? State.CONTINUE : state;
        }
        switch (kind) {
            case STREAM_START, DOC_START:
                return State.CONTINUE;
            case STREAM_END:
                return State.DONE;
            case ALIAS:
                rc = ESLURM_NOT_SUPPORTED;
                problem = "YAML parser does not support aliases";
                return State.FAIL;
            case SCALAR:
                return onScalar(depth, event, dst);
            case SEQ_START, MAP_START: {
                if (kind == YamlParser.Kind.SEQ_START) {
                    dst.setList();
                } else {
                    dst.setDict();
                }
                State state = toData(depth + 1, dst);
                return state == State.CONTINUE ? State.POP : state;
            }
            default: // SEQ_END, MAP_END
                return State.POP;
        }
    }

    /** _on_parse_scalar. */
    private State onScalar(int depth, YamlParser.Event event, SlurmData dst) {
        if (dst.type() == SlurmData.Type.DICT) {
            return toData(depth + 1, dst.keySet(event.value()));
        }
        dst.setString(event.value());
        String tag = event.tag();
        SlurmData.Type type = tag == null || !tag.startsWith(TAG) ? null : switch (tag.substring(TAG.length())) {
            case "null" -> SlurmData.Type.NULL;
            case "seq" -> SlurmData.Type.LIST;
            case "map" -> SlurmData.Type.DICT;
            case "int" -> SlurmData.Type.INT;
            case "str" -> SlurmData.Type.STRING;
            case "float" -> SlurmData.Type.FLOAT;
            case "bool" -> SlurmData.Type.BOOL;
            default -> null;
        };
        if (type != null && convert(dst, type) != type) {
            rc = ESLURM_DATA_CONV_FAILED;
            problem = "converting a " + tag + " scalar failed";
            return State.FAIL;
        }
        return State.POP;
    }

    /** data_convert_type of a string. */
    private static SlurmData.Type convert(SlurmData d, SlurmData.Type to) {
        switch (to) {
            case NULL -> toNull(d);
            case INT -> toInt(d, true);
            case FLOAT -> toFloat(d);
            case BOOL -> {
                if (!toNull(d) && !toInt(d, false) && !toFloat(d) && !toInt(d, true)) {
                    toBool(d);
                }
                switch (d.type()) {
                    case STRING -> d.setBool(true);
                    case NULL -> d.setBool(false);
                    case FLOAT -> d.setBool(d.real() != 0);
                    case INT -> d.setBool(d.integer() != 0);
                    default -> {
                    }
                }
            }
            default -> {
            }
        }
        return d.type();
    }

    /** _convert_data_null: "", "~..." or "null" in any case. */
    private static boolean toNull(SlurmData d) {
        String s = d.string();
        if (d.type() != SlurmData.Type.STRING || !(s.isEmpty() || s.charAt(0) == '~' || s.equalsIgnoreCase("null"))) {
            return false;
        }
        d.setNull();
        return true;
    }

    /** _convert_data_int: hex after "0x", else (unless forced) digits only, then sscanf's %ld of the whole text. */
    private static boolean toInt(SlurmData d, boolean force) {
        if (d.type() != SlurmData.Type.STRING || d.string().isEmpty()) {
            return false;
        }
        String s = d.string();
        OptionalLong v;
        if (s.charAt(0) == '0' && s.length() > 1 && Character.toLowerCase(s.charAt(1)) == 'x') {
            v = CNumbers.scanHex(s);
        } else if (!force && !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return false;
        } else {
            v = CNumbers.scanLong(s);
        }
        v.ifPresent(d::setInt);
        return v.isPresent();
    }

    /** _convert_data_float_from_string. */
    private static boolean toFloat(SlurmData d) {
        if (d.type() != SlurmData.Type.STRING) {
            return false;
        }
        String s = d.string();
        int i = 0;
        boolean negative = false;
        if (!s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
            negative = s.charAt(0) == '-';
            i++;
        }
        String rest = s.substring(i);
        char first = rest.isEmpty() ? '\0' : Character.toLowerCase(rest.charAt(0));
        if (first == 'i') {
            if (rest.substring(1).equalsIgnoreCase("nf") || rest.substring(1).equalsIgnoreCase("nfinity")) {
                d.setFloat(negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
                return true;
            }
            return false;
        }
        if (first == 'n') {
            if (rest.substring(1).equalsIgnoreCase("an")) {
                d.setFloat(negative ? Double.longBitsToDouble(0xfff8000000000000L) : Double.NaN);
                return true;
            }
            return false;
        }
        if (first >= '0' && first <= '9') {
            OptionalDouble x = CNumbers.scanDouble(rest);
            if (x.isPresent()) {
                d.setFloat(negative ? -x.getAsDouble() : x.getAsDouble());
                return true;
            }
        }
        return false;
    }

    /** _convert_data_bool: y, yes, t, true, on / n, no, f, false, off, in any case. */
    private static void toBool(SlurmData d) {
        String s = d.string().toLowerCase(java.util.Locale.ROOT);
        if (s.equals("y") || s.equals("yes") || s.equals("t") || s.equals("true") || s.equals("on")) {
            d.setBool(true);
        } else if (s.equals("n") || s.equals("no") || s.equals("f") || s.equals("false") || s.equals("off")) {
            d.setBool(false);
        }
    }
}
