package io.plugstack.runtime.featureinstaller.internal;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;

import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;

/**
 * Waits until the components a configuration PID configures hold the values ConfigAdmin now has:
 * ConfigAdmin hands an update to SCR on a thread of its own, so without this an admin who types
 * {@code feature:install site-policy} and then {@code sbatch} may be served by the chain before the
 * feature's {@code JobSubmitPlugins=} reached it. Bounded: a component that never takes the values
 * (one that failed to activate with them) costs at most {@link #LIMIT_MS}, never a hang.
 */
final class ConfigurationsInForce {

    static final long LIMIT_MS = 5_000;
    private final ServiceComponentRuntime scr;
    private final LongSupplier clock;

    ConfigurationsInForce(ServiceComponentRuntime scr) {
        this(scr, () -> System.nanoTime() / 1_000_000);
    }

    ConfigurationsInForce(ServiceComponentRuntime scr, LongSupplier clock) {
        this.scr = scr;
        this.clock = clock;
    }

    /**
     * Waits until every component configured by {@code pid} shows {@code now} (its values after the
     * change), or, when the PID was deleted ({@code now} null), no longer shows {@code before}'s values.
     * Factory PIDs ({@code factoryPid~name}) configure no named component here and are not waited for.
     * Returns whether the values were in force within the limit.
     */
    boolean await(String pid, Map<String, Object> before, Map<String, Object> now) {
        if (pid.contains("~")) {
            return true;
        }
        long end = clock.getAsLong() + LIMIT_MS;
        while (!inForce(pid, before, now)) {
            if (clock.getAsLong() > end) {
                return false;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private boolean inForce(String pid, Map<String, Object> before, Map<String, Object> now) {
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs()) {
            // every description names a PID (its own name by default); one that ignores configuration never shows it
            if (d.configurationPid == null || !Arrays.asList(d.configurationPid).contains(pid) || "ignore".equals(d.configurationPolicy)) {
                continue;
            }
            for (ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(d)) {
                if (c.state != ComponentConfigurationDTO.UNSATISFIED_REFERENCE && !shows(c.properties, before, now)) {
                    return false;
                }
            }
        }
        return true;
    }

    static boolean shows(Map<String, Object> properties, Map<String, Object> before, Map<String, Object> now) {
        if (now != null) {
            return now.entrySet().stream().allMatch(e -> same(properties.get(e.getKey()), e.getValue()));
        }
        return before == null || before.isEmpty()
                || before.entrySet().stream().anyMatch(e -> !same(properties.get(e.getKey()), e.getValue()));
    }

    private static boolean same(Object a, Object b) {
        if (a != null && b != null && a.getClass().isArray() && b.getClass().isArray()) {
            return Arrays.deepEquals(new Object[] {a}, new Object[] {b});
        }
        return Objects.equals(a, b);
    }
}
