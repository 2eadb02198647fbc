package io.plugstack.runtime.bench.controller;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

import io.plugstack.api.slurm.SlurmLog;

/**
 * What the bench's factory configurations of slurm.conf-like objects (partitions, reservations) share.
 * One configuration gives one definition {@code D}, published as a service {@code S} only once it is
 * good and changed in place afterwards: a value the object cannot take is one error line naming the
 * file, the key and the value, and the object keeps its last good definition (or is not defined until
 * its file is fixed). A component whose activation throws would vanish instead, and SCR would report
 * a stack trace naming neither file nor key.
 *
 * @param <S> the published service
 * @param <D> one good definition
 */
abstract class ConfiguredDefinition<S, D> {

    /** Registers a definition as a service; returns what unregisters it. */
    interface Publisher<S> {
        Runnable publish(S service);
    }

    private final Publisher<S> publisher;
    private final String pid;
    private final String kind;
    private final SlurmLog log;
    private S published;
    private Runnable unpublish = () -> { };

    /** @param kind what one configuration defines, in the error line ("partition", "reservation") */
    ConfiguredDefinition(Publisher<S> publisher, String pid, String kind, SlurmLog log) {
        this.publisher = publisher;
        this.pid = pid;
        this.kind = kind;
        this.log = log;
    }

    /** The definition {@code config} gives; a {@link BadValue} names what it cannot take. */
    abstract D parse(Map<String, ?> config);

    abstract S create(D defined);

    abstract D defined(S service);

    abstract void redefine(S service, D defined);

    /** The object's name in a definition (for the error line). */
    abstract String name(D defined);

    /** A changed file: a good definition replaces the last one, a bad one is reported and kept out. */
    synchronized void modified(Map<String, ?> config) {
        Optional<D> last = Optional.ofNullable(published).map(this::defined);
        D next;
        try {
            next = parse(config);
        } catch (BadValue e) {
            String outcome = last.map(d -> "keeping the last good definition of " + kind + " " + name(d))
                    .orElse(e.owner.isEmpty() ? "no " + kind + " is defined from it" : kind + " " + e.owner + " is not defined");
            log.error(SlurmConfig.source(config, pid) + ": " + e.getMessage() + "; " + outcome);
            return;
        }
        if (published == null) {
            published = create(next);
            unpublish = publisher.publish(published);
        } else {
            redefine(published, next);
        }
    }

    synchronized void deactivate() {
        unpublish.run();
    }

    /** The service currently published, if any (tests). */
    synchronized Optional<S> published() {
        return Optional.ofNullable(published);
    }

    static <S> Publisher<S> registering(BundleContext context, Class<S> type) {
        return service -> {
            ServiceRegistration<S> registration = context.registerService(type, service, null);
            return () -> {
                try {
                    registration.unregister();
                } catch (IllegalStateException alreadyGone) {
                    // the bundle is stopping and the framework took it first
                }
            };
        };
    }

    /** A key whose value the object cannot take; the message names both. */
    static final class BadValue extends IllegalArgumentException {
        /** The object's name as far as it is known ("" when its name key itself is at fault). */
        final String owner;

        BadValue(String owner, String message) {
            super(message);
            this.owner = owner;
        }
    }

    /** Reading one configuration's keys for the object named by {@code nameKey}. */
    record Keys(Map<String, ?> c, String nameKey) {

        String owner() {
            return text(nameKey, "");
        }

        /** {@code key}'s value (or {@code def}) through {@code parse}; what parse refuses names key, value and {@code expected}. */
        <T> T value(String key, String def, String expected, Function<String, T> parse) {
            String v = text(key, def);
            try {
                return parse.apply(v);
            } catch (RuntimeException e) {
                throw new BadValue(owner(), key + "=" + v + " is not " + expected);
            }
        }

        String text(String key, String def) {
            return SlurmConfig.text(c, key, def);
        }

        /** The value, or null when the key is absent or empty (what Slurm prints as (null)). */
        String textOrNull(String key) {
            String v = text(key, "");
            return v.isEmpty() ? null : v;
        }

        boolean yes(String key) {
            return text(key, "NO").equalsIgnoreCase("YES");
        }

        List<String> list(String key) {
            String v = text(key, "");
            return v.isEmpty() ? List.of() : Arrays.stream(v.split(",")).map(String::trim).toList();
        }

        boolean has(String key) {
            return c.containsKey(key);
        }
    }
}
