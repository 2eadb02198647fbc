package io.plugstack.runtime.spank.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.SwitchingCatalog;
import io.plugstack.runtime.spank.JobPluginVersions;
import io.plugstack.runtime.spank.stack.PluginResolver.Resolution;

/**
 * A plugstack.conf line resolved while versions switch (issue 15, item 3): the version the catalog
 * chose may be uninstalled before its instance is taken; the resolver then chooses again instead of
 * failing a job although a good version stays deployed.
 */
class CatalogResolverTest {

    static PluginCatalog.ReadyPlugin version(long id, String version) {
        return SwitchingCatalog.version(PluginFamily.SPANK, "evil", id, version, new SpankPlugin() { });
    }

    static Resolution resolve(PluginCatalog catalog) {
        return new CatalogResolver(catalog, record -> {
            throw new IllegalStateException("no fresh instances here");
        }).resolve("evil", SpankContext.REMOTE, JobPluginVersions.NONE);
    }

    @Test
    void aVersionUninstalledBetweenItsChoiceAndItsInstanceIsChosenAgainAndTheStayingVersionLoads() {
        PluginCatalog.ReadyPlugin upgrade = version(12, "2.0.0");
        PluginCatalog.ReadyPlugin staying = version(11, "1.0.0");
        SwitchingCatalog catalog = new SwitchingCatalog(List.of(upgrade, staying), Set.of(upgrade));
        Resolution r = resolve(catalog);
        assertThat(r.error()).isNull();
        assertThat(r.loaded().version()).isEqualTo("1.0.0");
        assertThat(catalog.selected).containsExactly("2.0.0", "1.0.0");
    }

    @Test
    void aVersionWhoseInstanceFailsWhileTheCatalogStandsStillFailsAtOnce() {
        PluginCatalog.ReadyPlugin broken = version(11, "1.0.0");
        SwitchingCatalog catalog = new SwitchingCatalog(List.of(broken), Set.of(broken)) {
            @Override
            public Optional<Instance> instance(ReadyPlugin plugin) {
                return Optional.empty(); // init failed: nothing moved, nothing else to choose
            }
        };
        assertThat(resolve(catalog).error()).isEqualTo("Plugin init() callback failed");
        assertThat(catalog.selected).containsExactly("1.0.0");
    }

    @Test
    void aCatalogThatKeepsMovingIsTriedThreeTimesThenTheLineFails() {
        PluginCatalog.ReadyPlugin flapping = version(12, "2.0.0");
        SwitchingCatalog catalog = new SwitchingCatalog(List.of(flapping), Set.of(flapping));
        assertThat(resolve(catalog).error()).isEqualTo("Plugin init() callback failed");
        assertThat(catalog.selected).hasSize(3);
    }
}
