package io.plugstack.lua;

import java.util.ArrayList;
import java.util.List;

/**
 * The events libyaml 0.2.5's parser gives serializer_yaml.c for a document, up to the end of its root
 * node (Slurm reads no further), for the YAML a script passes to slurm.from_yaml: block mappings
 * (implicit and "?" keys), block sequences (also "indentless" as a mapping value), flow collections,
 * plain, single- and double-quoted and block ("|", ">") scalars, tags ({@code !!x}, {@code !x},
 * {@code !<x>}, %TAG handles), anchors (dropped) and aliases (an event, which Slurm refuses),
 * %YAML/%TAG directives, "---" and comments. Where libyaml reports an error the list ends with an
 * {@link Kind#ERROR} event. Not a port of scanner.c and parser.c: a recursive reading of the same
 * grammar, checked against libyaml's events for a corpus of documents; corner cases of libyaml's
 * token rules (tabs, odd flow entries, where exactly an error falls) may still be taken or refused
 * differently. Nesting is capped (a document that deep is past Slurm's YAML_MAX_DEPTH anyway).
 */
final class YamlParser {

    enum Kind { STREAM_START, DOC_START, STREAM_END, SCALAR, SEQ_START, SEQ_END, MAP_START, MAP_END, ALIAS, ERROR }

    /** One event: tag (resolved, or null) for nodes; value for scalars (a byte string) and errors. */
    record Event(Kind kind, String tag, String value) {
    }

    /** Nesting deeper than this is refused; Slurm's parse fails long before (2 levels of _yaml_to_data per collection, 64 at most). */
    static final int MAX_NESTING = 64;

    /** How a node may start: after an indicator on the same line, may it be a block collection? */
    private enum Mode { FRESH, COMPACT, INLINE_VALUE, DOC_LINE }

    private final YamlText t;
    private final List<Event> events = new ArrayList<>();
    private final YamlProperties properties;
    private int nesting;

    private YamlParser(YamlText t) {
        this.t = t;
        this.properties = new YamlProperties(t);
    }

    /** The events for {@code utf8}, ending with ERROR where libyaml's reader, scanner or parser would fail. */
    static List<Event> parse(byte[] utf8) {
        List<Event> events = new ArrayList<>(List.of(new Event(Kind.STREAM_START, null, null)));
        try {
            YamlParser p = new YamlParser(new YamlText(utf8));
            try {
                p.stream();
            } finally {
                events.addAll(p.events);
            }
        } catch (YamlText.Invalid e) {
            events.add(new Event(Kind.ERROR, null, e.getMessage()));
        }
        return events;
    }

    private static YamlText.Invalid error(String problem) {
        return new YamlText.Invalid(problem);
    }

    private void stream() {
        skipLines();
        boolean directives = false;
        while (t.column() == 0 && t.peek() == '%') {
            properties.directive();
            endLine();
            skipLines();
            directives = true;
        }
        if (t.eof()) {
            if (directives) {
                throw error("did not find expected <document start>");
            }
            events.add(new Event(Kind.STREAM_END, null, null));
            return;
        }
        boolean explicit = t.documentIndicator() && t.peek() == '-';
        if (!explicit && (directives || t.documentIndicator())) {
            throw error(directives ? "did not find expected <document start>" : "did not find expected node content");
        }
        if (explicit) {
            t.pos += 3;
        }
        events.add(new Event(Kind.DOC_START, null, null));
        node(-1, explicit ? Mode.DOC_LINE : Mode.FRESH);
    }

    // --- whitespace and lines

    private void skipSpaces() {
        while (t.peek() == ' ') {
            t.next();
        }
    }

    private void skipComment() {
        if (t.peek() == '#') {
            while (!t.eof() && t.peek() != '\n') {
                t.next();
            }
        }
    }

    /** After a node: blanks and a comment, then the line must end. */
    private void endLine() {
        while (YamlText.blank(t.peek())) {
            t.next();
        }
        skipComment();
        if (!t.eof() && t.peek() != '\n') {
            throw error("did not find expected key");
        }
    }

    /** Line breaks, empty and comment lines and the next line's indentation (spaces only: a tab cannot indent). */
    private void skipLines() {
        while (true) {
            skipSpaces();
            skipComment();
            if (t.peek() != '\n') {
                return;
            }
            t.next();
        }
    }

    /** After an indicator: true when content follows on this line (a comment ends it); a tab separates only after an implicit key's ':' and "---". */
    private boolean sameLine(Mode mode) {
        boolean tabs = mode == Mode.INLINE_VALUE || mode == Mode.DOC_LINE;
        while (t.peek() == ' ' || (t.peek() == '\t' && tabs)) {
            t.next();
        }
        skipComment();
        return !t.eof() && t.peek() != '\n';
    }

    /** Moves to the next content line when it belongs to a node of a block indented past {@code indent}. */
    private boolean nextContentLine(int indent, Mode mode) {
        long m = t.mark();
        skipLines();
        if (!t.eof() && !boundary()
                && (t.column() > indent || (mode == Mode.INLINE_VALUE && t.column() == indent && t.peek() == '-' && t.blankzAt(1)))) {
            return true;
        }
        t.reset(m);
        return false;
    }

    /** Where a document's content ends: "---" or "..." or a directive at a line's start. */
    private boolean boundary() {
        return t.documentIndicator() || (t.column() == 0 && t.peek() == '%');
    }

    private void emptyScalar(String tag) {
        events.add(new Event(Kind.SCALAR, tag, ""));
    }

    // --- block nodes

    private void node(int indent, Mode mode) {
        if (++nesting > MAX_NESTING) {
            throw error("nesting too deep");
        }
        boolean same = sameLine(mode);
        if (!same && !nextContentLine(indent, mode)) {
            emptyScalar(null);
            nesting--;
            return;
        }
        YamlProperties.Props outer = null;
        long m = t.mark();
        YamlProperties.Props p = properties.read(false);
        if (p != null && !sameLine(mode)) {
            outer = p;
            if (!nextContentLine(indent, mode)) {
                emptyScalar(p.tag());
                nesting--;
                return;
            }
            same = false;
        } else {
            t.reset(m);
        }
        content(indent, mode, same, outer);
        nesting--;
    }

    private void content(int indent, Mode mode, boolean same, YamlProperties.Props outer) {
        boolean collectionsHere = !same || mode == Mode.COMPACT || mode == Mode.FRESH;
        int col = t.column();
        String tag = outer == null ? null : outer.tag();
        if (t.peek() == '-' && t.blankzAt(1)) {
            check(collectionsHere, "block sequence entries are not allowed in this context");
            blockSequence(col, tag, mode == Mode.INLINE_VALUE && col == indent);
        } else if (t.peek() == '?' && t.blankzAt(1)) {
            check(collectionsHere, "mapping keys are not allowed in this context");
            blockMapping(col, tag);
        } else if (implicitKeyAhead()) {
            if (!collectionsHere) { // libyaml has given the key as a scalar before it finds the ':'
                key();
                throw error("mapping values are not allowed in this context");
            }
            blockMapping(col, tag);
        } else {
            YamlProperties.Props own = properties.read(false);
            if (own != null && outer != null) {
                throw error("did not find expected node content");
            }
            skipSpaces();
            single(indent, own != null ? own.tag() : tag, false);
        }
    }

    private static void check(boolean allowed, String problem) {
        if (!allowed) {
            throw error(problem);
        }
    }

    /** A node that is not a block collection: alias, flow collection, block scalar, quoted or plain scalar. */
    private void single(int indent, String tag, boolean flow) {
        char c = t.peek();
        if (c == '*') {
            t.next();
            properties.name();
            events.add(new Event(Kind.ALIAS, null, null));
        } else if (c == '[' || c == '{') {
            flowCollection(tag);
        } else if (!flow && (c == '|' || c == '>')) {
            events.add(new Event(Kind.SCALAR, tag, YamlBlockScalar.read(t, indent)));
        } else if (c == '\'' || c == '"') {
            events.add(new Event(Kind.SCALAR, tag, t.quoted()));
        } else if (plainStart(flow)) {
            events.add(new Event(Kind.SCALAR, tag, t.plain(flow ? -1 : indent, flow)));
        } else if (flow && (c == ',' || c == ']' || c == '}' || c == ':') || (!flow && (t.eof() || c == '\n'))) {
            emptyScalar(tag);
        } else {
            throw error("found character that cannot start any token");
        }
    }

    private boolean plainStart(boolean flow) {
        char c = t.peek();
        if (YamlText.blankz(c)) {
            return false;
        }
        if ("-?:,[]{}#&*!|>'\"%@`".indexOf(c) < 0) {
            return true;
        }
        return (c == '-' && !YamlText.blank(t.peek(1))) || (!flow && (c == '?' || c == ':') && !t.blankzAt(1));
    }

    /** Is the content here a simple key: one line, at most 1024 characters, then ':' and a blank? */
    private boolean implicitKeyAhead() {
        long m = t.mark();
        int size = events.size();
        int depth = nesting;
        int start = t.pos;
        try {
            key();
            while (YamlText.blank(t.peek())) {
                t.next();
            }
            return t.peek() == ':' && t.blankzAt(1) && t.pos - start <= 1024 && t.s.substring(start, t.pos).indexOf('\n') < 0;
        } catch (YamlText.Invalid e) {
            return false;
        } finally {
            nesting = depth;
            t.reset(m);
            events.subList(size, events.size()).clear();
        }
    }

    /** An implicit key: properties, then an alias, a flow collection or a quoted or one-line plain scalar. */
    private void key() {
        YamlProperties.Props p = properties.read(false);
        skipSpaces();
        char c = t.peek();
        if (c != '[' && c != '{' && c != '*' && c != '\'' && c != '"' && !plainStart(false)) {
            throw error("could not find expected ':'");
        }
        single(Integer.MAX_VALUE, p == null ? null : p.tag(), false);
    }

    private void blockMapping(int col, String tag) {
        events.add(new Event(Kind.MAP_START, tag, null));
        while (true) {
            if (t.peek() == '?' && t.blankzAt(1)) {
                t.next();
                node(col, Mode.COMPACT);
                endLine();
                long m = t.mark();
                skipLines();
                if (!t.eof() && t.column() == col && t.peek() == ':' && t.blankzAt(1)) {
                    t.next();
                    node(col, Mode.COMPACT);
                } else {
                    t.reset(m);
                    emptyScalar(null);
                }
            } else {
                key();
                while (YamlText.blank(t.peek())) {
                    t.next();
                }
                if (t.peek() != ':' || !t.blankzAt(1)) {
                    throw error("could not find expected ':'");
                }
                t.next();
                node(col, Mode.INLINE_VALUE);
            }
            endLine();
            long m = t.mark();
            skipLines();
            if (t.eof() || boundary() || t.column() < col) {
                t.reset(m);
                break;
            }
            if (t.column() > col || (t.peek() == '-' && t.blankzAt(1))) {
                throw error("did not find expected key");
            }
        }
        events.add(new Event(Kind.MAP_END, null, null));
    }

    private void blockSequence(int col, String tag, boolean indentless) {
        events.add(new Event(Kind.SEQ_START, tag, null));
        while (true) {
            t.next();
            node(col, Mode.COMPACT);
            endLine();
            long m = t.mark();
            skipLines();
            if (t.eof() || boundary() || t.column() < col || (indentless && t.column() == col && !(t.peek() == '-' && t.blankzAt(1)))) {
                t.reset(m);
                break;
            }
            if (t.column() > col || !(t.peek() == '-' && t.blankzAt(1))) {
                throw error("did not find expected '-' indicator");
            }
        }
        events.add(new Event(Kind.SEQ_END, null, null));
    }

    // --- flow collections

    private void flowSpace() {
        while (true) {
            char c = t.peek();
            if (c == ' ' || c == '\t' || c == '\n') {
                t.next();
            } else if (c == '#') {
                skipComment();
            } else {
                return;
            }
        }
    }

    private void flowCollection(String tag) {
        if (++nesting > MAX_NESTING) {
            throw error("nesting too deep");
        }
        boolean seq = t.peek() == '[';
        char close = seq ? ']' : '}';
        events.add(new Event(seq ? Kind.SEQ_START : Kind.MAP_START, tag, null));
        t.next();
        while (true) {
            flowSpace();
            if (t.eof()) {
                throw error("did not find expected ',' or '" + close + "'");
            }
            if (t.peek() == close) {
                break;
            }
            if (t.peek() == ',' || t.peek() == ':') {
                throw error("did not find expected node content");
            }
            int at = events.size();
            boolean explicit = t.peek() == '?' && t.blankzAt(1);
            if (explicit) {
                t.next();
                flowSpace();
            }
            flowNode();
            flowSpace();
            boolean pair = t.peek() == ':';
            if (pair || explicit || !seq) {
                if (seq) {
                    events.add(at, new Event(Kind.MAP_START, null, null));
                }
                if (pair) {
                    t.next();
                    flowSpace();
                    flowNode();
                    flowSpace();
                } else {
                    emptyScalar(null);
                }
                if (seq) {
                    events.add(new Event(Kind.MAP_END, null, null));
                }
            }
            if (t.peek() == ',') {
                t.next();
            } else if (t.peek() != close) {
                throw error("did not find expected ',' or '" + close + "'");
            }
        }
        t.next();
        events.add(new Event(seq ? Kind.SEQ_END : Kind.MAP_END, null, null));
        nesting--;
    }

    private void flowNode() {
        if (t.documentIndicator()) {
            throw error("found unexpected document indicator");
        }
        YamlProperties.Props p = properties.read(true);
        flowSpace();
        single(-1, p == null ? null : p.tag(), true);
    }

}
