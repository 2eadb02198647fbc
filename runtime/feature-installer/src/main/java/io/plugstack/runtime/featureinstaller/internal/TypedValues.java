package io.plugstack.runtime.featureinstaller.internal;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * ConfigAdmin values as text for the state file, keeping their type: {@code Integer:3},
 * {@code String[]:a,b\,c}, {@code Long*:1,2} (a collection). The types are the ones ConfigAdmin
 * allows: String and the boxed primitives, as scalars, arrays or collections.
 */
final class TypedValues {

    private static final Map<String, Function<String, Object>> PARSERS = Map.of(
            "String", s -> s, "Integer", Integer::valueOf, "Long", Long::valueOf, "Float", Float::valueOf,
            "Double", Double::valueOf, "Boolean", Boolean::valueOf, "Short", Short::valueOf, "Byte", Byte::valueOf,
            "Character", s -> s.charAt(0));

    private TypedValues() {
    }

    static String encode(Object value) {
        if (value.getClass().isArray()) {
            List<Object> items = new ArrayList<>();
            for (int i = 0; i < Array.getLength(value); i++) {
                items.add(Array.get(value, i));
            }
            return typeOf(value.getClass().getComponentType()) + "[]:" + join(items);
        }
        if (value instanceof Collection<?> c) {
            String type = c.isEmpty() ? "String" : typeOf(c.iterator().next().getClass());
            return type + "*:" + join(c);
        }
        return typeOf(value.getClass()) + ":" + value;
    }

    static Object decode(String text) {
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("not a typed value: " + text);
        }
        String type = text.substring(0, colon);
        String body = text.substring(colon + 1);
        if (type.endsWith("[]") || type.endsWith("*")) {
            String scalar = type.replaceFirst("(\\[]|\\*)$", "");
            List<Object> items = new ArrayList<>();
            for (String item : split(body)) {
                items.add(parser(scalar).apply(item));
            }
            if (type.endsWith("*")) {
                return items;
            }
            Object array = Array.newInstance(classOf(scalar), items.size());
            for (int i = 0; i < items.size(); i++) {
                Array.set(array, i, items.get(i));
            }
            return array;
        }
        return parser(type).apply(body);
    }

    private static Function<String, Object> parser(String type) {
        Function<String, Object> p = PARSERS.get(type);
        if (p == null) {
            throw new IllegalArgumentException("unsupported configuration value type " + type);
        }
        return p;
    }

    private static String typeOf(Class<?> c) {
        Class<?> boxed = c.isPrimitive() ? Array.get(Array.newInstance(c, 1), 0).getClass() : c;
        String name = boxed.getSimpleName();
        parser(name);
        return name;
    }

    private static Class<?> classOf(String type) {
        try {
            return Class.forName("java.lang." + type);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("unsupported configuration value type " + type, e);
        }
    }

    /** {@code <count>:<item>,<item>...}, commas and backslashes in items escaped; the count tells [] from [""]. */
    private static String join(Collection<?> items) {
        StringBuilder sb = new StringBuilder().append(items.size()).append(':');
        boolean first = true;
        for (Object item : items) {
            sb.append(first ? "" : ",").append(String.valueOf(item).replace("\\", "\\\\").replace(",", "\\,"));
            first = false;
        }
        return sb.toString();
    }

    private static List<String> split(String text) {
        int colon = text.indexOf(':');
        int count = Integer.parseInt(text.substring(0, colon));
        String body = text.substring(colon + 1);
        List<String> items = new ArrayList<>();
        if (count == 0) {
            return items;
        }
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < body.length(); i++) {
            char ch = body.charAt(i);
            if (ch == '\\' && i + 1 < body.length()) {
                cur.append(body.charAt(++i));
            } else if (ch == ',') {
                items.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        items.add(cur.toString());
        return items;
    }
}
