package io.plugstack.lua;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;

/**
 * slurm.to_yaml's text: serializer_yaml.c {@code _dump_yaml}/{@code _data_to_yaml} with flags
 * {@code SER_FLAGS_NONE} (so every node tagged, {@code !!str}, {@code !!int}, ...) through libyaml
 * 0.2.5's emitter (emitter.c) at its defaults: indent 2, width 80, "\n" breaks, no unicode (anything
 * not ASCII is escaped in a double-quoted scalar), a {@code %YAML 1.1} directive, explicit "---" and
 * "...". Floats are {@code %lf}, ints {@code %PRId64}. The emitter's state machine over Slurm's event
 * sequence, walked as the tree it comes from: block collections, flow only for empty ones, scalar
 * styles plain / single-quoted / double-quoted as yaml_emitter_select_scalar_style picks them, with
 * the same line folding. A string that is not valid UTF-8 fails (yaml_scalar_event_initialize), as
 * Slurm's dump does with ESLURM_DATA_CONV_FAILED.
 */
final class YamlEmitter {

    /** A scalar libyaml refuses (not UTF-8). */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
    }

    private static final int BEST_INDENT = 2;
    private static final int BEST_WIDTH = 80;

    private enum Style { PLAIN, SINGLE, DOUBLE }

    private final StringBuilder out = new StringBuilder();
    private final Deque<Integer> indents = new ArrayDeque<>();
    private int indent = -1;
    private int flowLevel;
    private int column;
    private boolean whitespace = true;
    private boolean indention = true;
    private boolean mappingContext;
    private boolean simpleKeyContext;

    private YamlEmitter() {
    }

    /** The document for {@code data}, as Slurm's serialize_p_data_to_string writes it. */
    static String emit(SlurmData data) throws Refused {
        YamlEmitter e = new YamlEmitter();
        e.writeIndicator("%YAML", true, false, false);
        e.writeIndicator("1.1", true, false, false);
        e.writeIndent();
        e.writeIndent();
        e.writeIndicator("---", true, false, false);
        e.node(data, false, false);
        e.writeIndent();
        e.writeIndicator("...", true, false, false);
        e.writeIndent();
        return e.out.toString();
    }

    private void node(SlurmData d, boolean mapping, boolean simpleKey) throws Refused {
        mappingContext = mapping;
        simpleKeyContext = simpleKey;
        switch (d.type()) {
            case NULL -> scalar("null", YamlScalarAnalysis.analyze("null"));
            case BOOL -> scalar("bool", YamlScalarAnalysis.analyze(d.bool() ? "true" : "false"));
            case FLOAT -> scalar("float", YamlScalarAnalysis.analyze(CNumbers.lf(d.real())));
            case INT -> scalar("int", YamlScalarAnalysis.analyze(Long.toString(d.integer())));
            case STRING -> scalar("str", YamlScalarAnalysis.analyze(d.string()));
            case LIST -> sequence(d);
            case DICT -> mapping(d.dict());
            default -> throw new IllegalStateException(d.type().toString());
        }
    }

    private void sequence(SlurmData d) throws Refused {
        tag("seq");
        if (flowLevel > 0 || d.list().isEmpty()) {
            writeIndicator("[", true, true, false);
            increaseIndent(true, false);
            indent = indents.pop();
            writeIndicator("]", false, false, false);
            return;
        }
        increaseIndent(false, mappingContext && !indention);
        for (SlurmData item : d.list()) {
            writeIndent();
            writeIndicator("-", true, false, true);
            node(item, false, false);
        }
        indent = indents.pop();
    }

    private void mapping(Map<String, SlurmData> dict) throws Refused {
        tag("map");
        if (flowLevel > 0 || dict.isEmpty()) {
            writeIndicator("{", true, true, false);
            increaseIndent(true, false);
            indent = indents.pop();
            writeIndicator("}", false, false, false);
            return;
        }
        increaseIndent(false, false);
        for (Map.Entry<String, SlurmData> e : dict.entrySet()) {
            writeIndent();
            YamlScalarAnalysis.Analysis key = YamlScalarAnalysis.analyze(e.getKey());
            if (!key.multiline() && 2 + 3 + key.value().length <= 128) { // yaml_emitter_check_simple_key: "!!" "str" value
                mappingContext = true;
                simpleKeyContext = true;
                scalar("str", key);
                writeIndicator(":", false, false, false);
            } else {
                writeIndicator("?", true, false, true);
                mappingContext = true;
                simpleKeyContext = false;
                scalar("str", key);
                writeIndent();
                writeIndicator(":", true, false, true);
            }
            node(e.getValue(), true, false);
        }
        indent = indents.pop();
    }

    /** yaml_emitter_emit_scalar: style, tag, the scalar one indent further. */
    private void scalar(String tag, YamlScalarAnalysis.Analysis a) {
        Style style = Style.PLAIN;
        if (simpleKeyContext && a.multiline()) {
            style = Style.DOUBLE;
        }
        if (style == Style.PLAIN) {
            if ((flowLevel > 0 && !a.flowPlain()) || (flowLevel == 0 && !a.blockPlain())) {
                style = Style.SINGLE;
            }
            if (a.value().length == 0 && (flowLevel > 0 || simpleKeyContext)) {
                style = Style.SINGLE;
            }
        }
        if (style == Style.SINGLE && !a.singleQuoted()) {
            style = Style.DOUBLE;
        }
        tag(tag);
        increaseIndent(true, false);
        switch (style) {
            case PLAIN -> plain(a.value(), !simpleKeyContext);
            case SINGLE -> singleQuoted(a.value(), !simpleKeyContext);
            default -> doubleQuoted(a.value(), !simpleKeyContext);
        }
        indent = indents.pop();
    }

    private void tag(String suffix) {
        if (!whitespace) {
            put(' ');
        }
        out.append("!!").append(suffix);
        column += 2 + suffix.length();
        whitespace = false;
        indention = false;
    }

    private void increaseIndent(boolean flow, boolean indentless) {
        indents.push(indent);
        if (indent < 0) {
            indent = flow ? BEST_INDENT : 0;
        } else if (!indentless) {
            indent += BEST_INDENT;
        }
    }

    private void put(char ch) {
        out.append(ch);
        column++;
    }

    private void putBreak() {
        out.append('\n');
        column = 0;
    }

    private void writeIndent() {
        int i = Math.max(indent, 0);
        if (!indention || column > i || (column == i && !whitespace)) {
            putBreak();
        }
        while (column < i) {
            put(' ');
        }
        whitespace = true;
        indention = true;
    }

    private void writeIndicator(String indicator, boolean needWhitespace, boolean isWhitespace, boolean isIndention) {
        if (needWhitespace && !whitespace) {
            put(' ');
        }
        out.append(indicator);
        column += indicator.length();
        whitespace = isWhitespace;
        indention = indention && isIndention;
    }

    private void write(byte[] s, int i) {
        for (int k = 0; k < YamlScalarAnalysis.width(s, i); k++) {
            out.append((char) (s[i + k] & 0xff));
        }
        column++;
    }

    /** WRITE_BREAK: only '\n' reaches the plain and single-quoted writers (other breaks are not ASCII, or not printable). */
    private void writeBreak() {
        putBreak();
    }

    private void plain(byte[] s, boolean allowBreaks) {
        boolean spaces = false, breaks = false;
        if (!whitespace && s.length > 0) {
            put(' ');
        }
        for (int i = 0; i < s.length; ) {
            if (s[i] == ' ') {
                if (allowBreaks && !spaces && column > BEST_WIDTH && YamlScalarAnalysis.at(s, i + 1) != ' ') {
                    writeIndent();
                } else {
                    write(s, i);
                }
                i++;
                spaces = true;
            } else if (YamlScalarAnalysis.isBreak(s, i)) {
                if (!breaks && s[i] == '\n') {
                    putBreak();
                }
                writeBreak();
                i++;
                indention = true;
                breaks = true;
            } else {
                if (breaks) {
                    writeIndent();
                }
                write(s, i);
                i += YamlScalarAnalysis.width(s, i);
                indention = false;
                spaces = breaks = false;
            }
        }
        whitespace = false;
        indention = false;
    }

    private void singleQuoted(byte[] s, boolean allowBreaks) {
        boolean spaces = false, breaks = false;
        writeIndicator("'", true, false, false);
        for (int i = 0; i < s.length; ) {
            if (s[i] == ' ') {
                if (allowBreaks && !spaces && column > BEST_WIDTH && i != 0 && i != s.length - 1 && YamlScalarAnalysis.at(s, i + 1) != ' ') {
                    writeIndent();
                } else {
                    write(s, i);
                }
                i++;
                spaces = true;
            } else if (YamlScalarAnalysis.isBreak(s, i)) {
                if (!breaks && s[i] == '\n') {
                    putBreak();
                }
                writeBreak();
                i++;
                indention = true;
                breaks = true;
            } else {
                if (breaks) {
                    writeIndent();
                }
                if (s[i] == '\'') {
                    put('\'');
                }
                write(s, i);
                i += YamlScalarAnalysis.width(s, i);
                indention = false;
                spaces = breaks = false;
            }
        }
        if (breaks) {
            writeIndent();
        }
        writeIndicator("'", false, false, false);
        whitespace = false;
        indention = false;
    }

    private void doubleQuoted(byte[] s, boolean allowBreaks) {
        boolean spaces = false;
        writeIndicator("\"", true, false, false);
        for (int i = 0; i < s.length; ) {
            int c = s[i] & 0xff;
            boolean bom = c == 0xEF && YamlScalarAnalysis.at(s, i + 1) == 0xBB && YamlScalarAnalysis.at(s, i + 2) == 0xBF;
            if (!YamlScalarAnalysis.isPrintable(s, i) || c > 0x7F || bom || YamlScalarAnalysis.isBreak(s, i) || c == '"' || c == '\\') {
                int w = YamlScalarAnalysis.width(s, i);
                int value = w == 1 ? c & 0x7F : w == 2 ? c & 0x1F : w == 3 ? c & 0x0F : c & 0x07;
                for (int k = 1; k < w; k++) {
                    value = (value << 6) + (YamlScalarAnalysis.at(s, i + k) & 0x3F);
                }
                i += w;
                put('\\');
                String named = switch (value) {
                    case 0x00 -> "0";
                    case 0x07 -> "a";
                    case 0x08 -> "b";
                    case 0x09 -> "t";
                    case 0x0A -> "n";
                    case 0x0B -> "v";
                    case 0x0C -> "f";
                    case 0x0D -> "r";
                    case 0x1B -> "e";
                    case 0x22 -> "\"";
                    case 0x5C -> "\\";
                    case 0x85 -> "N";
                    case 0xA0 -> "_";
                    case 0x2028 -> "L";
                    case 0x2029 -> "P";
                    default -> value <= 0xFF ? String.format("x%02X", value)
                            : value <= 0xFFFF ? String.format("u%04X", value) : String.format("U%08X", value);
                };
                for (int k = 0; k < named.length(); k++) {
                    put(named.charAt(k));
                }
                spaces = false;
            } else if (c == ' ') {
                if (allowBreaks && !spaces && column > BEST_WIDTH && i != 0 && i != s.length - 1) {
                    writeIndent();
                    if (YamlScalarAnalysis.at(s, i + 1) == ' ') {
                        put('\\');
                    }
                } else {
                    write(s, i);
                }
                i++;
                spaces = true;
            } else {
                write(s, i);
                i += YamlScalarAnalysis.width(s, i);
                spaces = false;
            }
        }
        writeIndicator("\"", false, false, false);
        whitespace = false;
        indention = false;
    }
}
