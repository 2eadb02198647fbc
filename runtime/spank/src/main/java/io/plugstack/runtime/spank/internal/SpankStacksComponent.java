package io.plugstack.runtime.spank.internal;

import java.nio.file.Path;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.plugin.RuntimeHome;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.SpankStacks;
import io.plugstack.runtime.spank.JobVersionsSeal;
import io.plugstack.runtime.spank.conf.PlugstackConf;
import io.plugstack.runtime.spank.stack.Session;

/**
 * The SPANK stack service. PlugStackConfig is the framework property {@code plugstack.spank.conf},
 * by default {@code <home>/etc/plugstack.conf}.
 */
@Component(service = SpankStacks.class)
public final class SpankStacksComponent implements SpankStacks {

    static final String CONF = "plugstack.spank.conf";

    private final Path conf;
    private final CatalogResolver resolver;
    /** Read when a session first needs it: a role that runs no SPANK session (the ctld role) never reads the key. */
    private final java.util.function.Supplier<JobVersionsSeal> seal;

    @Activate
    public SpankStacksComponent(BundleContext context, @Reference PluginCatalog catalog) {
        String configured = context.getProperty(CONF);
        this.conf = configured != null ? Path.of(configured) : RuntimeHome.of(context::getProperty).etc().resolve("plugstack.conf");
        this.resolver = new CatalogResolver(catalog, new BundleFreshInstances(context));
        JobVersionsSeal[] loaded = new JobVersionsSeal[1];
        boolean[] said = new boolean[1];
        if (context.getProperty("plugstack.node.role") == null) {
            // made (and said) now, at the start, into the runtime's log: never on a command's output at its first session
            JobVersionsSeal now = seal(context::getProperty, SlurmLog.lines("plugstack", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0));
            loaded[0] = now.fromFile() ? now : null;
            said[0] = !now.fromFile();
        }
        this.seal = () -> {
            synchronized (loaded) {
                if (loaded[0] == null) {
                    // a key that cannot be read now is tried again at the next session (once copied in), said once
                    JobVersionsSeal s = seal(context::getProperty, said[0] ? (level, message) -> { } : SlurmLog.lines("plugstack", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0));
                    if (s.fromFile()) {
                        loaded[0] = s;
                    } else {
                        said[0] = true;
                        return s;
                    }
                }
                return loaded[0];
            }
        };
    }

    /**
     * The node's seal: the key file, made by a runtime that is not a node daemon's child role when missing. A
     * key that cannot be read is one line, and a key of this process alone: no other process believes its
     * jobs' versions, so each of their stacks gets its node's own choice.
     */
    static JobVersionsSeal seal(java.util.function.Function<String, String> properties, SlurmLog log) {
        Path key = JobVersionsSeal.keyFile(properties);
        String days = properties.apply(JobVersionsSeal.MAX_AGE_PROPERTY);
        try {
            java.time.Duration maxAge = java.time.Duration.ofDays(days == null ? 30 : Long.parseLong(days.trim()));
            return JobVersionsSeal.load(key, properties.apply("plugstack.node.role") == null, maxAge);
        } catch (java.io.IOException | RuntimeException e) {
            log.error("spank: the jobs' versions key " + key + ": " + e.getMessage() + "; versions chosen here are believed by this process"
                    + " only (copy the key of the other node daemons there)");
            return JobVersionsSeal.ephemeral();
        }
    }

    @Override
    public Path plugstackConf() {
        return conf;
    }

    @Override
    public PlugstackConf.Result read(SlurmLog log) {
        return PlugstackConf.read(conf, log);
    }

    @Override
    public SpankSession.Opened session(SpankContext context, PlugstackConf.Result read, SpankSession.Setup setup,
            SlurmVersion release, SlurmLog log) {
        return Session.open(context, read, setup, release, resolver, seal.get(), log);
    }
}
