package io.plugstack.runtime.spank.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.plugin.SlurmPlugin;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginStatus;
import io.plugstack.runtime.spank.JobPluginVersions;
import io.plugstack.runtime.spank.stack.PluginResolver.Resolution;

/**
 * A plugstack.conf line resolved while versions switch (issue 15, item 3): the version the catalog
 * chose may be uninstalled before its instance is taken; the resolver then chooses again instead of
 * failing a job although a good version stays deployed.
 */
class CatalogResolverTest {

    static PluginCatalog.ReadyPlugin version(long id, String version) {
        return new PluginCatalog.ReadyPlugin(new PluginRecord(id, "itest.evil", version, "ACTIVE", "file:evil-" + version + ".jar", "spank",
                "evil", "25.11.0", PluginStatus.READY, "", List.of()), new SpankPlugin() { });
    }

    /** Chooses its versions in turn; the instance of a version in {@code gone} is refused, the catalog having moved on. */
    static class SwitchingCatalog implements PluginCatalog {
        final List<ReadyPlugin> choices;
        final Set<ReadyPlugin> gone;
        final List<String> selected = new ArrayList<>();
        long generation;

        SwitchingCatalog(List<ReadyPlugin> choices, Set<ReadyPlugin> gone) {
            this.choices = choices;
            this.gone = gone;
        }

        @Override
        public Selection select(PluginFamily family, PluginPin pin, Map<String, String> jobVersions) {
            ReadyPlugin r = choices.get(Math.min(selected.size(), choices.size() - 1));
            selected.add(r.record().bundleVersion());
            return Selection.of(r);
        }

        @Override
        public Optional<Instance> instance(ReadyPlugin plugin) {
            if (gone.contains(plugin)) {
                generation++; // its bundle was uninstalled meanwhile
                return Optional.empty();
            }
            return Optional.of(new Instance() {
                @Override
                public SlurmPlugin plugin() {
                    return plugin.plugin();
                }

                @Override
                public void close() {
                }
            });
        }

        @Override
        public long generation() {
            return generation;
        }

        @Override
        public List<PluginRecord> plugins() {
            return choices.stream().map(ReadyPlugin::record).toList();
        }

        @Override
        public Optional<PluginRecord> plugin(long bundleId) {
            return plugins().stream().filter(r -> r.bundleId() == bundleId).findFirst();
        }

        @Override
        public List<PluginRecord> byType(String type) {
            return plugins();
        }

        @Override
        public List<ReadyPlugin> ready(PluginFamily family) {
            return choices;
        }

        @Override
        public String slurmRelease() {
            return "25.11.0";
        }
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
