package io.plugstack.runtime.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.PrototypeServiceFactory;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginStatus;
import io.plugstack.runtime.spi.refusals.PluginRefusals;
import io.plugstack.runtime.spi.refusals.Refusal;

/**
 * The generic plugin layer inside a real Felix with SCR (plugin.c's load/unload, spec PLUG-4):
 * init() once when a plugin service appears, fini() before it goes, a failed init() leaves the
 * plugin unused and un-fini'd.
 */
class PluginCatalogTest {

    @InjectBundleContext
    static BundleContext context;
    static ServiceRegistration<PluginRefusals> refusals;

    @InjectService(timeout = 5000)
    PluginCatalog catalog;

    /** What the launcher registers; here no bundle is refused. */
    @BeforeAll
    static void registerRefusals() {
        refusals = context.registerService(PluginRefusals.class, new PluginRefusals() {
            @Override
            public Optional<Refusal> refusal(long bundleId) {
                return Optional.empty();
            }

            @Override
            public Map<Long, Refusal> all() {
                return Map.of();
            }

            @Override
            public String slurmRelease() {
                return "25.11.0";
            }
        }, null);
    }

    @AfterAll
    static void unregisterRefusals() {
        refusals.unregister();
    }

    /** A SPANK plugin that counts the generic calls it gets. */
    static final class CountingPlugin implements SpankPlugin {
        final AtomicInteger inits = new AtomicInteger();
        final AtomicInteger finis = new AtomicInteger();
        private final int initRc;
        private final boolean initThrows;

        CountingPlugin(int initRc, boolean initThrows) {
            this.initRc = initRc;
            this.initThrows = initThrows;
        }

        @Override
        public int init() {
            inits.incrementAndGet();
            if (initThrows) {
                throw new IllegalStateException("no site configuration");
            }
            return initRc;
        }

        @Override
        public void fini() {
            finis.incrementAndGet();
        }
    }

    /** As a prototype-scoped SPANK plugin registers (one instance per session; here always {@code plugin}). */
    private ServiceRegistration<SpankPlugin> register(SpankPlugin plugin) {
        return context.registerService(SpankPlugin.class, new PrototypeServiceFactory<SpankPlugin>() {
            @Override
            public SpankPlugin getService(Bundle bundle, ServiceRegistration<SpankPlugin> registration) {
                return plugin;
            }

            @Override
            public void ungetService(Bundle bundle, ServiceRegistration<SpankPlugin> registration, SpankPlugin service) {
            }
        }, null);
    }

    private boolean isReady(SpankPlugin plugin) {
        return catalog.ready(PluginFamily.SPANK).stream().anyMatch(r -> r.plugin() == plugin);
    }

    @Test
    void initIsCalledOnceWhenThePluginServiceAppears() {
        CountingPlugin p = new CountingPlugin(0, false);
        ServiceRegistration<SpankPlugin> reg = register(p);
        try {
            assertThat(p.inits).hasValue(1);
            assertThat(isReady(p)).isTrue();
            assertThat(catalog.plugin(context.getBundle().getBundleId()).orElseThrow().status()).isEqualTo(PluginStatus.READY);
        } finally {
            reg.unregister();
        }
    }

    @Test
    void finiIsCalledWhenThePluginServiceGoes() {
        CountingPlugin p = new CountingPlugin(0, false);
        register(p).unregister();
        assertThat(p.finis).hasValue(1);
        assertThat(isReady(p)).isFalse();
    }

    @Test
    void pluginWhoseInitReturnsNonZeroIsNeverHandedOut() {
        CountingPlugin p = new CountingPlugin(8008, false);
        ServiceRegistration<SpankPlugin> reg = register(p);
        try {
            assertThat(isReady(p)).isFalse();
            var record = catalog.plugin(context.getBundle().getBundleId()).orElseThrow();
            assertThat(record.status()).isEqualTo(PluginStatus.INIT_FAILED);
            assertThat(record.detail()).isEqualTo("init() returned 8008: Plugin init() callback failed");
        } finally {
            reg.unregister();
        }
    }

    @Test
    void pluginWhoseInitThrowsIsNeverHandedOut() {
        CountingPlugin p = new CountingPlugin(0, true);
        ServiceRegistration<SpankPlugin> reg = register(p);
        try {
            assertThat(isReady(p)).isFalse();
            assertThat(catalog.plugin(context.getBundle().getBundleId()).orElseThrow().detail())
                    .startsWith("init() threw java.lang.IllegalStateException: no site configuration");
        } finally {
            reg.unregister();
        }
    }

    /**
     * Issue 25: Slurm loads a SPANK plugin into every srun and slurmstepd, so its state is never shared
     * between two users' sessions; a singleton service would be, and is refused before any of its code runs.
     */
    @Test
    void aSpankPluginServiceThatIsNotPrototypeScopedIsRefusedAndNeverInitialised() {
        CountingPlugin p = new CountingPlugin(0, false);
        ServiceRegistration<SpankPlugin> reg = context.registerService(SpankPlugin.class, p, null);
        try {
            assertThat(isReady(p)).isFalse();
            assertThat(p.inits).hasValue(0);
            var record = catalog.plugin(context.getBundle().getBundleId()).orElseThrow();
            assertThat(record.status()).isEqualTo(PluginStatus.REFUSED);
            assertThat(record.detail()).isEqualTo("a SPANK plugin's service must be prototype-scoped (@Component(scope ="
                    + " ServiceScope.PROTOTYPE)): Slurm gives every srun, sbatch, salloc, slurmstepd and slurmd its"
                    + " own copy of the plugin, so one instance must never serve two sessions (one user's state would reach another's)");
        } finally {
            reg.unregister();
        }
    }

    @Test
    void finiIsNotCalledForAPluginWhoseInitFailed() {
        CountingPlugin p = new CountingPlugin(-1, false);
        register(p).unregister();
        assertThat(p.inits).hasValue(1);
        assertThat(p.finis).hasValue(0);
    }
}
