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

    @Activate
    public SpankStacksComponent(BundleContext context, @Reference PluginCatalog catalog) {
        String configured = context.getProperty(CONF);
        this.conf = configured != null ? Path.of(configured) : RuntimeHome.of(context::getProperty).etc().resolve("plugstack.conf");
        this.resolver = new CatalogResolver(catalog, new BundleFreshInstances(context));
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
        return Session.open(context, read, setup, release, resolver, log);
    }
}
