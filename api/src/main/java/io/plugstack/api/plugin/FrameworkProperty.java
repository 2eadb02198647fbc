package io.plugstack.api.plugin;

import java.util.function.Consumer;
import java.util.function.Function;

/** Reading the runtime's framework properties (etc/plugstack.properties, -D) the way every part of it does. */
public final class FrameworkProperty {

    private FrameworkProperty() {
    }

    /**
     * Property {@code name} as a whole number &gt;= 0, or {@code fallback} when it is absent; a malformed
     * value is told to {@code malformed} in one line naming the property, and the fallback used.
     *
     * @param properties the framework properties (e.g. {@code bundleContext::getProperty})
     * @param name       the property's name
     * @param fallback   the value when it is absent or malformed
     * @param malformed  where the one line about a malformed value goes
     * @return the property's value, or the fallback
     */
    public static long wholeNumber(Function<String, String> properties, String name, long fallback, Consumer<String> malformed) {
        String v = properties.apply(name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            long n = Long.parseLong(v.strip());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        malformed.accept("framework property " + name + "=" + v + " is not a whole number >= 0; using " + fallback);
        return fallback;
    }
}
