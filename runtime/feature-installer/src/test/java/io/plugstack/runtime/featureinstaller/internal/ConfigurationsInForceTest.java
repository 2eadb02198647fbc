package io.plugstack.runtime.featureinstaller.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;

import org.junit.jupiter.api.Test;

class ConfigurationsInForceTest {

    @Test
    void aComponentShowsAnUpdateWhenItHoldsEveryValueThePidHasNow() {
        Map<String, Object> now = Map.of("JobSubmitPlugins", "partition,require_timelimit");

        assertThat(ConfigurationsInForce.shows(Map.of("JobSubmitPlugins", "partition,require_timelimit", "component.id", 3L), null, now))
                .isTrue();
        assertThat(ConfigurationsInForce.shows(Map.of("JobSubmitPlugins", ""), null, now)).isFalse();
        assertThat(ConfigurationsInForce.shows(Map.of(), null, now)).isFalse();
    }

    @Test
    void aComponentShowsADeletionWhenItNoLongerHoldsTheValuesThePidHadBefore() {
        Map<String, Object> before = Map.of("JobSubmitPlugins", "partition");

        assertThat(ConfigurationsInForce.shows(Map.of("JobSubmitPlugins", "partition"), before, null)).isFalse();
        assertThat(ConfigurationsInForce.shows(Map.of(), before, null)).isTrue();
        assertThat(ConfigurationsInForce.shows(Map.of("JobSubmitPlugins", "lua"), before, null)).isTrue();
    }

    @Test
    void arrayValuesAreComparedByContent() {
        assertThat(ConfigurationsInForce.shows(Map.of("a", new String[] {"x", "y"}), null, Map.of("a", new String[] {"x", "y"}))).isTrue();
    }

    @Test
    void awaitReturnsOnceSCRHasHandedTheValuesToTheComponent() {
        AtomicInteger looks = new AtomicInteger();
        ServiceComponentRuntime scr = scr("plugstack.slurm", () -> looks.incrementAndGet() < 3 ? Map.of("JobSubmitPlugins", "")
                : Map.of("JobSubmitPlugins", "require_timelimit"));

        boolean inForce = new ConfigurationsInForce(scr).await("plugstack.slurm", null, Map.of("JobSubmitPlugins", "require_timelimit"));

        assertThat(inForce).isTrue();
        assertThat(looks).hasValueGreaterThanOrEqualTo(3);
    }

    @Test
    void awaitGivesUpAtTheLimitWhenTheComponentNeverTakesTheValues() {
        AtomicLong now = new AtomicLong();
        ServiceComponentRuntime scr = scr("plugstack.slurm", () -> {
            now.addAndGet(1_000);
            return Map.of("JobSubmitPlugins", "");
        });

        assertThat(new ConfigurationsInForce(scr, now::get).await("plugstack.slurm", null, Map.of("JobSubmitPlugins", "x"))).isFalse();
        assertThat(now.get()).isBetween(ConfigurationsInForce.LIMIT_MS, ConfigurationsInForce.LIMIT_MS + 2_000);
    }

    @Test
    void componentsOfOtherPidsAndFactoryPidsAreNotWaitedFor() {
        ServiceComponentRuntime scr = scr("other.pid", () -> Map.of());

        assertThat(new ConfigurationsInForce(scr).await("plugstack.slurm", null, Map.of("a", "b"))).isTrue();
        assertThat(new ConfigurationsInForce(scr).await("plugstack.partition~batch", null, Map.of("a", "b"))).isTrue();
    }

    /** SCR as the installer sees it: one active component configured by {@code pid}, its properties as {@code properties} gives them. */
    private static ServiceComponentRuntime scr(String pid, java.util.function.Supplier<Map<String, Object>> properties) {
        ComponentDescriptionDTO d = new ComponentDescriptionDTO();
        d.configurationPid = new String[] {pid};
        return (ServiceComponentRuntime) Proxy.newProxyInstance(ServiceComponentRuntime.class.getClassLoader(),
                new Class<?>[] {ServiceComponentRuntime.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getComponentDescriptionDTOs" -> List.of(d);
                    case "getComponentConfigurationDTOs" -> {
                        ComponentConfigurationDTO c = new ComponentConfigurationDTO();
                        c.state = ComponentConfigurationDTO.ACTIVE;
                        c.properties = properties.get();
                        yield List.of(c);
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
