package io.plugstack.lua;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A YAML node's properties and the document's directives for {@link YamlParser}, as libyaml 0.2.5
 * reads them (scanner.c {@code yaml_parser_scan_directive}, {@code _scan_tag}, {@code _scan_anchor},
 * {@code _scan_tag_uri}; parser.c {@code yaml_parser_process_directives}): %YAML 1.1 or 1.2 once,
 * %TAG handles once each, tags resolved against "!", "!!" ({@code tag:yaml.org,2002:}) and the %TAG
 * handles, %XX escapes decoded, anchors read and dropped (Slurm has no use for them).
 */
final class YamlProperties {

    /** A node's properties: its resolved tag (null when it has only an anchor). */
    record Props(String tag) {
    }

    private final YamlText t;
    private final Map<String, String> handles = new HashMap<>(Map.of("!", "!", "!!", "tag:yaml.org,2002:"));
    private final Set<String> declared = new HashSet<>();

    YamlProperties(YamlText t) {
        this.t = t;
    }

    private static YamlText.Invalid error(String problem) {
        return new YamlText.Invalid(problem);
    }

    private void skipSpaces() {
        while (t.peek() == ' ') {
            t.next();
        }
    }

    /** A %YAML or %TAG directive, at its '%' (the rest of the line is the caller's). */
    void directive() {
        t.next();
        int start = t.pos;
        while (!YamlText.blankz(t.peek())) {
            t.next();
        }
        String name = t.s.substring(start, t.pos);
        skipSpaces();
        int vs = t.pos;
        while (!YamlText.blankz(t.peek())) {
            t.next();
        }
        String first = t.s.substring(vs, t.pos);
        if (name.equals("YAML")) {
            if (!declared.add("%YAML")) {
                throw error("found duplicate %YAML directive");
            }
            if (!first.matches("[0-9]+\\.[0-9]+")) {
                throw error("did not find expected digit or '.' character");
            }
            if (!first.equals("1.1") && !first.equals("1.2")) {
                throw error("found incompatible YAML document");
            }
        } else if (name.equals("TAG")) {
            skipSpaces();
            int ps = t.pos;
            while (!YamlText.blankz(t.peek())) {
                t.next();
            }
            if (!first.matches("!([0-9A-Za-z_-]*!)?") || t.pos == ps) {
                throw error("did not find expected tag handle");
            }
            if (!declared.add(first)) {
                throw error("found duplicate %TAG directive");
            }
            handles.put(first, uriDecode(t.s.substring(ps, t.pos)));
        } else {
            throw error("found unknown directive name");
        }
    }

    /** A tag and/or an anchor (the anchor dropped); null when there is neither. */
    Props read(boolean flow) {
        String tag = null;
        boolean tagged = false;
        boolean anchored = false;
        while (true) {
            if (t.peek() == '!' && !tagged) {
                tag = tag(flow);
                tagged = true;
            } else if (t.peek() == '&' && !anchored) {
                t.next();
                name();
                anchored = true;
            } else {
                break;
            }
            if (!YamlText.blankz(t.peek()) && !(flow && t.peek() == ',')) {
                throw error("did not find expected whitespace or line break");
            }
            skipSpaces();
        }
        return tagged || anchored ? new Props(tag) : null;
    }

    /** An anchor or alias name (IS_ALPHA characters). */
    void name() {
        int start = t.pos;
        while (Character.isLetterOrDigit(t.peek()) && t.peek() < 0x80 || t.peek() == '_' || t.peek() == '-') {
            t.next();
        }
        if (t.pos == start || !(YamlText.blankz(t.peek()) || "?:,]}%@`".indexOf(t.peek()) >= 0)) {
            throw error("did not find expected alphabetic or numeric character");
        }
    }

    private String tag(boolean flow) {
        t.next();
        if (t.peek() == '<') {
            t.next();
            String uri = uri(flow);
            if (t.peek() != '>') {
                throw error("did not find the expected '>'");
            }
            t.next();
            return uri;
        }
        int start = t.pos;
        while (Character.isLetterOrDigit(t.peek()) && t.peek() < 0x80 || t.peek() == '_' || t.peek() == '-') {
            t.next();
        }
        String handle;
        String suffix;
        if (t.peek() == '!') {
            t.next();
            handle = "!" + t.s.substring(start, t.pos);
            suffix = uri(flow);
        } else {
            handle = "!";
            suffix = t.s.substring(start, t.pos) + uri(flow);
        }
        if (handle.equals("!") && suffix.isEmpty()) {
            return "!";
        }
        String prefix = handles.get(handle);
        if (prefix == null) {
            throw error("found undefined tag handle");
        }
        return prefix + suffix;
    }

    private String uri(boolean flow) {
        int start = t.pos;
        while (!YamlText.blankz(t.peek()) && (Character.isLetterOrDigit(t.peek()) && t.peek() < 0x80 || ";/?:@&=+$._.!~*'()%-".indexOf(t.peek()) >= 0
                || (!flow && ",[]".indexOf(t.peek()) >= 0))) {
            t.next();
        }
        return uriDecode(t.s.substring(start, t.pos));
    }

    private static String uriDecode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '%' && i + 2 < s.length() && Character.digit(s.charAt(i + 1), 16) >= 0 && Character.digit(s.charAt(i + 2), 16) >= 0) {
                b.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
                i += 2;
            } else if (s.charAt(i) == '%') {
                throw error("did not find URI escaped octet");
            } else {
                b.writeBytes(String.valueOf(s.charAt(i)).getBytes(StandardCharsets.UTF_8));
            }
        }
        return new String(b.toByteArray(), StandardCharsets.UTF_8);
    }
}
